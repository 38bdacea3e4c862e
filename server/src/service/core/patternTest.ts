// Whether a string type's `pattern` accepts a value: a CRD's pattern (Go syntax) as the API server matches
// it, with RE2 in linear time (goRegexp.ts); a built-in kind's as written (ECMAScript, our own constants).
// Compiled once per type (types are immutable model values).
import type { StringType } from '../../model/types';
import { compileGoRegexp } from './goRegexp';

/** `null`: a pattern that does not compile (the CRD's own check reports it). */
const compiled = new WeakMap<StringType, ((s: string) => boolean) | null>();

/** The test of `t.pattern`; undefined when the type has none or its pattern does not compile. */
export function patternTest(t: StringType): ((s: string) => boolean) | undefined {
  if (t.pattern === undefined) return undefined;
  let test = compiled.get(t);
  if (test === undefined) {
    if (t.patternSyntax === 'go') {
      const re = compileGoRegexp(t.pattern);
      test = 'error' in re ? null : (s) => re.test(s);
    } else {
      const re = new RegExp(t.pattern);
      test = (s) => re.test(s);
    }
    compiled.set(t, test);
  }
  return test ?? undefined;
}

/** Whether `v` satisfies the type's pattern (true when it has none, or one that does not compile). */
export const matchesPattern = (t: StringType, v: string): boolean => patternTest(t)?.(v) ?? true;
