// CEL's own equality, ordering and addition on the values cel-js hands a library function, taken from cel-js
// itself (a small expression run on them), so `indexOf`, `min` or `sum` agree with `==`, `<` and `+` in rules.
import type { Environment } from '@marcbachmann/cel-js';
import { lazy } from '../../../../core/memo';
import { fail } from './define';

export interface Operations {
  equals(a: unknown, b: unknown): boolean;
  /** -1, 0 or 1; an error when CEL cannot order the two (different types, lists, maps). */
  compare(a: unknown, b: unknown): number;
  add(a: unknown, b: unknown): unknown;
  /** A constant written in CEL (`duration('0s')`). */
  constant(expression: string): unknown;
}

/** Compares strings by code point, as Go compares their UTF-8 bytes (JavaScript's `<` compares UTF-16 units). */
function compareStrings(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] !== y[i]) return x[i].codePointAt(0)! < y[i].codePointAt(0)! ? -1 : 1;
  }
  return Math.sign(x.length - y.length);
}

/** The operations of `env`, parsed on first use (when the environment is complete). */
export function operationsOf(env: Environment): Operations {
  const program = (text: string) => lazy(() => env.parse(text));
  const eq = program('a == b');
  const lt = program('a < b');
  const gt = program('a > b');
  const plus = program('a + b');
  return {
    equals: (a, b) => eq()({ a, b }) === true,
    compare(a, b) {
      if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
      if (Array.isArray(a) || Array.isArray(b)) fail('no such overload');
      if (lt()({ a, b }) === true) return -1;
      return gt()({ a, b }) === true ? 1 : 0;
    },
    add: (a, b) => plus()({ a, b }),
    constant: (expression) => env.parse(expression)({}),
  };
}
