// Kubernetes' quantity library (k8s.io/apiserver/pkg/cel/library/quantity.go): `quantity`, `isQuantity`,
// `sign`, comparisons, `add`/`sub` (of a quantity or an int), `mul`, `div`/`divInt` (quantityDivision.ts), `isInteger`,
// `asInteger`, `asApproximateFloat`.
import type { Environment } from '@marcbachmann/cel-js';
import { define, fail, int64, valueType } from './define';
import { FLAT, parseCost, type LibraryCosts } from './cost';
import {
  addQuantities,
  asApproximateFloat,
  asInt64,
  compareQuantities,
  multiplyQuantity,
  negate,
  parseQuantity,
  type Quantity,
  sign,
} from './goQuantity';
import { divideQuantity, integerDivideQuantity } from './quantityDivision';

export class KubernetesQuantity {
  constructor(readonly q: Quantity) {}
}

const T = 'kubernetes.Quantity';

function toQuantity(s: string): KubernetesQuantity {
  try {
    return new KubernetesQuantity(parseQuantity(s));
  } catch (e) {
    return fail((e as Error).message);
  }
}

const fromInt = (n: bigint): Quantity => ({ unscaled: n, scale: 0, dec: false });

export function registerQuantity(env: Environment): void {
  valueType(env, T, KubernetesQuantity, (a, b) => compareQuantities(a.q, b.q) === 0);
  define(env, `quantity(string): ${T}`, toQuantity);
  define(env, 'isQuantity(string): bool', (s: string) => {
    try {
      parseQuantity(s);
      return true;
    } catch {
      return false;
    }
  });
  // Kubernetes declares `sign` as a global function, not a method.
  define(env, `sign(${T}): int`, (a: KubernetesQuantity) => BigInt(sign(a.q)));
  const cmp = (a: KubernetesQuantity, b: KubernetesQuantity) => compareQuantities(a.q, b.q);
  define(env, `${T}.isGreaterThan(${T}): bool`, (a: KubernetesQuantity, b: KubernetesQuantity) => cmp(a, b) === 1);
  define(env, `${T}.isLessThan(${T}): bool`, (a: KubernetesQuantity, b: KubernetesQuantity) => cmp(a, b) === -1);
  define(env, `${T}.compareTo(${T}): int`, (a: KubernetesQuantity, b: KubernetesQuantity) => BigInt(cmp(a, b)));
  define(env, `${T}.asApproximateFloat(): double`, (a: KubernetesQuantity) => asApproximateFloat(a.q));
  define(env, `${T}.isInteger(): bool`, (a: KubernetesQuantity) => asInt64(a.q) !== undefined);
  define(
    env,
    `${T}.asInteger(): int`,
    (a: KubernetesQuantity) => asInt64(a.q) ?? fail('cannot convert value to integer'),
  );
  const add = (a: Quantity, b: Quantity) => new KubernetesQuantity(addQuantities(a, b));
  define(env, `${T}.add(${T}): ${T}`, (a: KubernetesQuantity, b: KubernetesQuantity) => add(a.q, b.q));
  define(env, `${T}.add(int): ${T}`, (a: KubernetesQuantity, n: bigint) => add(a.q, fromInt(int64(n))));
  define(env, `${T}.sub(${T}): ${T}`, (a: KubernetesQuantity, b: KubernetesQuantity) => add(a.q, negate(b.q)));
  define(
    env,
    `${T}.mul(int): ${T}`,
    (a: KubernetesQuantity, n: bigint) => new KubernetesQuantity(multiplyQuantity(a.q, int64(n))),
  );
  define(env, `${T}.sub(int): ${T}`, (a: KubernetesQuantity, n: bigint) => add(a.q, negate(fromInt(int64(n)))));
  define(
    env,
    `${T}.div(int): ${T}`,
    (a: KubernetesQuantity, n: bigint) => new KubernetesQuantity(divideQuantity(a.q, n)),
  );
  define(
    env,
    `${T}.div(int, int): ${T}`,
    (a: KubernetesQuantity, n: bigint, places: bigint) => new KubernetesQuantity(divideQuantity(a.q, n, places)),
  );
  define(
    env,
    `${T}.divInt(int): ${T}`,
    (a: KubernetesQuantity, n: bigint) => new KubernetesQuantity(integerDivideQuantity(a.q, n)),
  );
}

/** What each function costs at run time (cost.ts): parsing is a traversal, the rest nominal (cost.go). */
export const QUANTITY_COSTS: LibraryCosts = {
  global: { quantity: parseCost(), isQuantity: parseCost(), sign: FLAT },
  member: {
    isGreaterThan: FLAT,
    isLessThan: FLAT,
    compareTo: FLAT,
    asApproximateFloat: FLAT,
    isInteger: FLAT,
    asInteger: FLAT,
    add: FLAT,
    sub: FLAT,
    mul: FLAT,
    div: FLAT,
    divInt: FLAT,
  },
};
