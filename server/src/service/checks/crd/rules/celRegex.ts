// CEL's `matches()` as the API server runs it: RE2 (Go's syntax, `(?i)` anywhere, unanchored), in time
// linear in the string, never JavaScript's backtracking RegExp, which cel-js's own `matches` uses (a rule's
// `self.s.matches('^(a+)+$')` on 40 `a`s and a `!` would block the server). cel-js lets no overload be
// replaced, so a parsed rule's receiver calls of `matches` are renamed to ours (`useRe2Matches`).
import type * as CelJs from '@marcbachmann/cel-js';
import { compileGoRegexp, type GoRegexp } from '../../../core/goRegexp';
import { forEachNode } from './celAst';

/** Our receiver overload's name: not one a rule can mean (cel-go has no such function). */
export const RE2_MATCHES = '__re2_matches__';
/** Patterns compiled per environment, at most this many kept (most rules hold a literal pattern). */
const CACHED = 256;

/** Declares `string.matches(string)` (under our name) and `matches(string, string)` with RE2. */
export function declareRe2Matches(env: CelJs.Environment): void {
  const cache = new Map<string, GoRegexp>();
  const test = (s: string, pattern: string): boolean => {
    let re = cache.get(pattern);
    if (!re) {
      const c = compileGoRegexp(pattern);
      // An evaluation error, as cel-go gives for a pattern that does not compile.
      if ('error' in c) throw new Error(`invalid regular expression: ${c.error}`);
      if (cache.size >= CACHED) cache.clear();
      cache.set(pattern, (re = c));
    }
    return re.test(s);
  };
  env.registerFunction(`string.${RE2_MATCHES}(string): bool`, test);
  env.registerFunction('matches(string, string): bool', test);
}

/** Renames the receiver calls `s.matches(p)` of a parsed rule to the RE2 overload (before its first run). */
export function useRe2Matches(root: CelJs.ASTNode): void {
  forEachNode(root, (x) => {
    if (x.op === 'rcall' && Array.isArray(x.args) && x.args[0] === 'matches') x.args[0] = RE2_MATCHES;
  });
}
