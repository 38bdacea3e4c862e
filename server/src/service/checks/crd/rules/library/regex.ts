// Kubernetes' regex library (k8s.io/apiserver/pkg/cel/library/regex.go): `find` and `findAll`, with Go's
// RE2 syntax and semantics through re2js (linear time, whatever the pattern: it comes from a CRD).
import type { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { define, fail } from './define';
import { regexCost, type LibraryCosts } from './cost';

/** Patterns compiled per environment: a rule runs on many values with the same pattern. */
const MAX_CACHED = 200;

/**
 * Go's `FindAllString(s, n)`: non-overlapping matches, an empty match next to the previous one skipped.
 * `each` is told each match before it is kept (the rule's bound on what it builds, ruleSize.ts).
 */
export function findAll(re: RE2JS, text: string, limit: number, each?: (match: string) => void): string[] {
  const out: string[] = [];
  if (limit === 0) return out;
  const m = re.matcher(text);
  let previousEnd = -1;
  while ((limit < 0 || out.length < limit) && m.find()) {
    const [start, end] = [m.start(), m.end()];
    if (start === end && start === previousEnd) continue;
    const match = m.group() ?? '';
    each?.(match);
    out.push(match);
    previousEnd = end;
  }
  return out;
}

/** `pattern` compiled, or the library's error for one Go cannot compile. */
export function compilePattern(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (e) {
    return fail(`Illegal regex: ${(e as Error).message}`);
  }
}

/** The 3-argument `findAll`'s limit: a negative one is none (-1), a larger one than a billion a billion. */
export const matchLimit = (n: bigint): number => (n < 0n ? -1 : Number(n > 1000000000n ? 1000000000n : n));

export function registerRegex(env: Environment): void {
  const cache = new Map<string, RE2JS>();
  const compile = (pattern: string): RE2JS => {
    let re = cache.get(pattern);
    if (!re) {
      re = compilePattern(pattern);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(pattern, re);
    }
    return re;
  };
  define(env, 'string.find(string): string', (s: string, p: string) => findAll(compile(p), s, 1)[0] ?? '');
  define(env, 'string.findAll(string): list<string>', (s: string, p: string) => findAll(compile(p), s, -1));
  define(env, 'string.findAll(string, int): list<string>', (s: string, p: string, n: bigint) =>
    findAll(compile(p), s, matchLimit(n)),
  );
}

/** What each function costs at run time (cost.ts): the string's traversal times the pattern's (cost.go). */
export const REGEX_COSTS: LibraryCosts = {
  member: { find: (a) => regexCost(a[0], a[1]), findAll: (a) => regexCost(a[0], a[1]) },
};
