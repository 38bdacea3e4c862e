// Go regular expressions (RE2 syntax) as the API server and Kustomize match them: with re2js, RE2 ported to
// JavaScript, which accepts exactly Go's syntax (flags such as `(?i)` anywhere, `\pL`, `[[:alpha:]]`, `\z`),
// refuses what Go refuses with Go's own words ("error parsing regexp: …"), and matches in time linear in the
// input, whatever the pattern: a pattern from a repository (a CRD's `pattern`, a CEL `matches()`, a patch
// target) is never run by JavaScript's backtracking engine, where `(a|a)*$` takes exponential time.
// Not cached here (the service keeps no module state): a caller keeps what it compiles on a value of its own.
import type * as Re2Js from 're2js';
import { lazy } from './memo';

/** re2js, loaded on first use (a workspace without patterns never pays for it). */
const loadRe2 = lazy(() => require('re2js') as typeof Re2Js);

/** A compiled pattern: `test` is Go's `MatchString` (unanchored: `^`/`$` anchor only where written). */
export interface GoRegexp {
  test(s: string): boolean;
}

/** Compiles a Go regular expression, or gives Go's reason for refusing it. */
export function compileGoRegexp(source: string): GoRegexp | { error: string } {
  const { RE2JS } = loadRe2();
  try {
    const re = RE2JS.compile(source);
    return { test: (s: string) => re.test(s) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** Whether a compile result is an error. */
export const isRegexpError = (r: GoRegexp | { error: string }): r is { error: string } => 'error' in r;
