// Regular expressions from a user or a repository, compiled with Go's syntax and semantics (RE2, through
// re2js): matched in time linear in the input, whatever the pattern (no backtracking), and an invalid
// pattern gives Go's own error text (`error parsing regexp: missing closing ): …`), as the tools that read
// these patterns (Kustomize, the API server) report it.
import { RE2JS } from 're2js';

/** A compiled pattern: `test` is true when the pattern matches somewhere in `s` (Go's MatchString). */
export interface GoRegexp {
  test(s: string): boolean;
}

/** Compiles `source` as Go's regexp.Compile would; `error` is Go's message for a pattern that does not parse. */
export function compileGoRegexp(source: string): GoRegexp | { error: string } {
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  return { test: (s: string) => re.matcher(s).find() };
}

/** Whether a compile result is an error. */
export const isRegexpError = (r: GoRegexp | { error: string }): r is { error: string } => 'error' in r;
