// Kubernetes' lists library (k8s.io/apiserver/pkg/cel/library/lists.go): `isSorted`, `sum`, `min`, `max`,
// `indexOf`, `lastIndexOf` on lists, with its overloads by element type (so `['a'].sum()` does not compile)
// and its errors (`min called on empty list`).
import type { Environment } from '@marcbachmann/cel-js';
import { COMPARABLE_TYPES, define, fail } from './define';
import { traversalCost, type Cost, type LibraryCosts } from './cost';
import { typedZero } from './emptyLists';
import { operationsOf } from './values';

const DURATION = 'google.protobuf.Duration';
/** int first: cel-js picks the first overload for an empty list of unknown type, and `[].sum()` is `0`. */
const SUMMABLE: readonly (readonly [string, string])[] = [
  ['int', '0'],
  ['uint', 'uint(0)'],
  ['double', '0.0'],
  [DURATION, "duration('0s')"],
];

export function registerLists(env: Environment): void {
  const ops = operationsOf(env);
  for (const [type, zero] of SUMMABLE)
    define(env, `list<${type}>.sum(): ${type}`, (list: unknown[]) =>
      list.reduce((acc, x) => ops.add(acc, x), ops.constant(typedZero(list) ?? zero)),
    );
  const extreme = (name: string, keep: number) => (list: unknown[]) => {
    if (list.length === 0) fail(`${name} called on empty list`);
    let result = list[0];
    for (let i = 1; i < list.length; i++) if (ops.compare(result, list[i]) === keep) result = list[i];
    return result;
  };
  for (const type of COMPARABLE_TYPES) {
    define(env, `list<${type}>.isSorted(): bool`, (list: unknown[]) => {
      for (let i = 1; i < list.length; i++) if (ops.compare(list[i - 1], list[i]) === 1) return false;
      return true;
    });
    define(env, `list<${type}>.min(): ${type}`, extreme('min', 1));
    define(env, `list<${type}>.max(): ${type}`, extreme('max', -1));
  }
  define(env, 'list<A>.indexOf(A): int', (list: unknown[], item: unknown) => {
    for (let i = 0; i < list.length; i++) if (ops.equals(list[i], item)) return BigInt(i);
    return -1n;
  });
  define(env, 'list<A>.lastIndexOf(A): int', (list: unknown[], item: unknown) => {
    for (let i = list.length - 1; i >= 0; i--) if (ops.equals(list[i], item)) return BigInt(i);
    return -1n;
  });
}

/** cost.go: these O(n) operations cost one traversal of the list (its strings' bytes a tenth each). */
const LIST_TRAVERSAL: Cost = (a) => traversalCost(a[0]);

/** What each function costs at run time (cost.ts). */
export const LIST_COSTS: LibraryCosts = {
  member: {
    isSorted: LIST_TRAVERSAL,
    sum: LIST_TRAVERSAL,
    min: LIST_TRAVERSAL,
    max: LIST_TRAVERSAL,
    indexOf: LIST_TRAVERSAL,
    lastIndexOf: LIST_TRAVERSAL,
  },
};
