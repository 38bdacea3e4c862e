// Kubernetes' regex library (k8s.io/apiserver/pkg/cel/library/regex.go): `find` and `findAll`, with Go's
// RE2 syntax and semantics through re2js (linear time, whatever the pattern: it comes from a CRD).
import type { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { define, fail } from './define';

/** Patterns compiled per environment: a rule runs on many values with the same pattern. */
const MAX_CACHED = 200;

/** Go's `FindAllString(s, n)`: non-overlapping matches, an empty match next to the previous one skipped. */
function findAll(re: RE2JS, text: string, limit: number): string[] {
  const out: string[] = [];
  if (limit === 0) return out;
  const m = re.matcher(text);
  let previousEnd = -1;
  while ((limit < 0 || out.length < limit) && m.find()) {
    const [start, end] = [m.start(), m.end()];
    if (start === end && start === previousEnd) continue;
    out.push(m.group() ?? '');
    previousEnd = end;
  }
  return out;
}

export function registerRegex(env: Environment): void {
  const cache = new Map<string, RE2JS>();
  const compile = (pattern: string): RE2JS => {
    let re = cache.get(pattern);
    if (!re) {
      try {
        re = RE2JS.compile(pattern);
      } catch (e) {
        return fail(`Illegal regex: ${(e as Error).message}`);
      }
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(pattern, re);
    }
    return re;
  };
  define(env, 'string.find(string): string', (s: string, p: string) => findAll(compile(p), s, 1)[0] ?? '');
  define(env, 'string.findAll(string): list<string>', (s: string, p: string) => findAll(compile(p), s, -1));
  define(env, 'string.findAll(string, int): list<string>', (s: string, p: string, n: bigint) =>
    findAll(compile(p), s, n < 0n ? -1 : Number(n > 1000000000n ? 1000000000n : n)),
  );
}
