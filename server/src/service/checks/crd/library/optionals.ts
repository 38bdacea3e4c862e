// cel-go's optional values where cel-js lacks them: `==` and `!=` between optionals (`self.?a ==
// optional.none()`, `format.dns1123Label().validate(x) == optional.none()`) and `optional.ofNonZeroValue`,
// as cel-go's optional library gives them to the API server.
import { type Environment, Optional } from '@marcbachmann/cel-js';
import { leafEqual } from '../celLists';
import { define } from './define';

type Ev = Parameters<typeof leafEqual>[3];

/** The time cel-go's zero timestamp stands for (Go's `time.Time{}`). */
const ZERO_TIME = Date.parse('0001-01-01T00:00:00Z');

/** Two optionals are equal when both are empty, or both hold equal values (CEL's `==` on the values). */
function optionalEqual(a: Optional, b: Optional, ast: unknown, ev: Ev): boolean {
  if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
  return leafEqual(a.value(), b.value(), ast, ev);
}

/** The zero value of its type, which `optional.ofNonZeroValue` makes `optional.none()`. */
function isZero(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '' || v === 0 || v === 0n) return true;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length === 0;
  if (v instanceof Map) return v.size === 0;
  if (v instanceof Date) return v.getTime() === ZERO_TIME;
  if (typeof v !== 'object') return false;
  const name = v.constructor?.name;
  if (name === 'UnsignedInt') return Number((v as { value: unknown }).value) === 0;
  if (name === 'Duration') {
    const d = v as { seconds: unknown; nanos: unknown };
    return Number(d.seconds) === 0 && Number(d.nanos) === 0;
  }
  return name === 'Object' && Object.keys(v).length === 0;
}

export function registerOptionals(env: Environment): void {
  try {
    // cel-js derives `!=` from `==`.
    const equal = (a: Optional, b: Optional, ast: unknown, ev: Ev) => optionalEqual(a, b, ast, ev);
    env.registerOperator('optional<dyn> == optional<dyn>', equal as (a: unknown, b: unknown) => boolean);
  } catch (e) {
    if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
  }
  define(env, 'OptionalNamespace.ofNonZeroValue(A): optional<A>', (_: unknown, v: unknown) =>
    isZero(v) ? Optional.none() : Optional.of(v),
  );
}
