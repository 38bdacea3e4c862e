// cel-go's lists extension (ext/lists.go), which Kubernetes enables at version 3: `lists.range`, `slice`,
// `flatten`, `distinct`, `reverse`, `sort` and the `sortBy` macro (sortBy.ts), with cel-go's errors.
import type { Environment } from '@marcbachmann/cel-js';
import { COMPARABLE_TYPES, define, fail, namespace } from './define';
import { FLAT, type LibraryCosts } from './cost';
import { registerSortBy } from './sortBy';
import { operationsOf } from './values';

/** Lists longer than this are not built (the API server's cost budget stops such a rule long before). */
const MAX_RANGE = 1_000_000;

function flatten(list: unknown[], depth: bigint): unknown[] {
  if (depth < 0n) fail('level must be non-negative');
  const out: unknown[] = [];
  for (const x of list) {
    if (!Array.isArray(x) || depth === 0n) out.push(x);
    else for (const y of flatten(x, depth - 1n)) out.push(y);
  }
  return out;
}

export function registerExtLists(env: Environment): void {
  const ops = operationsOf(env);
  const ns = namespace(env, 'lists');
  define(env, `${ns}.range(int): list<int>`, (_: unknown, n: bigint) => {
    if (n > BigInt(MAX_RANGE)) fail(`lists.range(${n}) is too long to evaluate here`);
    return Array.from({ length: n > 0n ? Number(n) : 0 }, (_x, i) => BigInt(i));
  });
  define(env, 'list<A>.slice(int, int): list<A>', (list: unknown[], start: bigint, end: bigint) => {
    if (start < 0n || end < 0n) fail(`cannot slice(${start}, ${end}), negative indexes not supported`);
    if (start > end) fail(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
    if (BigInt(list.length) < end) fail(`cannot slice(${start}, ${end}), list is length ${list.length}`);
    return list.slice(Number(start), Number(end));
  });
  define(env, 'list.flatten(): list', (list: unknown[]) => flatten(list, 1n));
  define(env, 'list.flatten(int): list', (list: unknown[], depth: bigint) => flatten(list, depth));
  define(env, 'list<A>.reverse(): list<A>', (list: unknown[]) => [...list].reverse());
  define(env, 'list<A>.distinct(): list<A>', (list: unknown[]) => {
    const out: unknown[] = [];
    for (const x of list) if (!out.some((y) => ops.equals(x, y))) out.push(x);
    return out;
  });
  registerSortBy(env, () => ops);
  const sort = (list: unknown[]) => {
    const kind = (x: unknown) =>
      x === null ? 'null' : Array.isArray(x) ? 'list' : typeof x === 'object' ? x.constructor : typeof x;
    if (list.some((x) => kind(x) !== kind(list[0]))) fail('list elements must have the same type');
    // A stable sort: equal elements keep their order (Go's sort.Slice may not, but they are equal).
    return [...list].sort((a, b) => ops.compare(a, b));
  };
  // A list of mixed items is `list(dyn)` to cel-go, whose sort gives `list(dyn)`: its items are checked at run
  // time. Declared first, or cel-js would type it by the first overload that takes it (`list<int>`).
  define(env, 'list<dyn>.sort(): list<dyn>', sort);
  for (const type of COMPARABLE_TYPES) define(env, `list<${type}>.sort(): list<${type}>`, sort);
}

/** What each function costs at run time (cost.ts): cost.go prices none of cel-go's lists extension. */
export const EXT_LIST_COSTS: LibraryCosts = {
  member: { slice: FLAT, flatten: FLAT, reverse: FLAT, distinct: FLAT, sort: FLAT, sortBy: FLAT },
  namespaced: { 'lists.range': FLAT },
};
