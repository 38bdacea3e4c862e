// cel-go's sets extension (ext/sets.go), which Kubernetes enables: `sets.contains`, `sets.equivalent` and
// `sets.intersects` on lists, elements compared with CEL's `==`.
import type { Environment } from '@marcbachmann/cel-js';
import { define, namespace } from './define';
import type { LibraryCosts } from './cost';
import { operationsOf } from './values';

export function registerSets(env: Environment): void {
  const ops = operationsOf(env);
  const has = (list: unknown[], x: unknown) => list.some((y) => ops.equals(y, x));
  const contains = (a: unknown[], b: unknown[]) => b.every((x) => has(a, x));
  // Declared on lists of any type: cel-go joins `[1, 2u]` into `list(dyn)` and compares with CEL's `==`
  // (1 == 1u == 1.0), where cel-js would type the first list `list<int>` and the second `list<uint>`.
  const ns = namespace(env, 'sets');
  define(env, `${ns}.contains(list, list): bool`, (_: unknown, a: unknown[], b: unknown[]) => contains(a, b));
  define(
    env,
    `${ns}.equivalent(list, list): bool`,
    (_: unknown, a: unknown[], b: unknown[]) => contains(a, b) && contains(b, a),
  );
  define(env, `${ns}.intersects(list, list): bool`, (_: unknown, a: unknown[], b: unknown[]) =>
    a.some((x) => has(b, x)),
  );
}

/** cel-go's sets extension tracks its calls: 1 and the product of the lists' sizes (twice for equivalent). */
function setsCost(a: readonly unknown[], factor: number): number | undefined {
  return Array.isArray(a[1]) && Array.isArray(a[2]) ? 1 + Math.floor(a[1].length * a[2].length * factor) : undefined;
}

/** What each function costs at run time (cost.ts). */
export const SET_COSTS: LibraryCosts = {
  namespaced: {
    'sets.contains': (a) => setsCost(a, 1),
    'sets.intersects': (a) => setsCost(a, 1),
    'sets.equivalent': (a) => setsCost(a, 2),
  },
};
