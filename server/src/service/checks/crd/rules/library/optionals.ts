// cel-go's optional values where cel-js lacks them: `==` and `!=` between optionals (`self.?a ==
// optional.none()`, `format.dns1123Label().validate(x) == optional.none()`), `optional.ofNonZeroValue`, and
// the `optMap` and `optFlatMap` macros, as cel-go's optional library gives them to the API server.
import { type Environment, Optional } from '@marcbachmann/cel-js';
import { isDataList, isDataObject, leafEqual } from '../celLists';
import { define } from './define';
import { FLAT, type LibraryCosts } from './cost';

type Ev = Parameters<typeof leafEqual>[3];

/** The time cel-go's zero timestamp stands for (Go's `time.Time{}`). */
const ZERO_TIME = Date.parse('0001-01-01T00:00:00Z');

/** Two optionals are equal when both are empty, or both hold equal values (CEL's `==` on the values). */
function optionalEqual(a: Optional, b: Optional, ast: unknown, ev: Ev): boolean {
  if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
  return leafEqual(a.value(), b.value(), ast, ev);
}

/**
 * The zero value of its type, which `optional.ofNonZeroValue` makes `optional.none()` (cel-go: a value whose
 * type has `IsZeroValue`). A list or an object read from the manifest is never one: the API server gives a
 * rule those as its own unstructured list and map (apiserver pkg/cel/common/valuesunstructured.go), which
 * have no `IsZeroValue`, so `optional.ofNonZeroValue(self.items)` holds a value even when `items: []`.
 */
function isZero(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '' || v === 0 || v === 0n) return true;
  if (Array.isArray(v)) return v.length === 0 && !isDataList(v);
  if (v instanceof Uint8Array) return v.length === 0;
  if (v instanceof Map) return v.size === 0;
  if (v instanceof Date) return v.getTime() === ZERO_TIME;
  if (typeof v !== 'object') return false;
  const name = v.constructor?.name;
  if (name === 'UnsignedInt') return Number((v as { value: unknown }).value) === 0;
  if (name === 'Duration') {
    const d = v as { seconds: unknown; nanos: unknown };
    return Number(d.seconds) === 0 && Number(d.nanos) === 0;
  }
  return name === 'Object' && Object.keys(v).length === 0 && !isDataObject(v);
}

/** The parts of cel-js's macro interface used here (see its `cel.bind`; library/comprehensions.ts). */
interface Ast {
  op: string;
  args: unknown;
}
interface Ctx {
  forkWithVariable(name: string, type: unknown): Ctx;
  reuse(parent: Ctx): Ctx;
  setIterValue(v: unknown, ev: MacroEv): Ctx;
}
interface MacroEv {
  run(ast: Ast, ctx: Ctx): unknown;
}
interface Checker {
  check(ast: Ast, ctx: Ctx): unknown;
  getType(name: string): unknown;
}
interface Macro {
  receiver: Ast;
  args: Ast[];
  scope?: Ctx;
}

/**
 * `o.optMap(v, expr)`: empty stays empty, else `expr` with `v` the value, as an optional; `optFlatMap`'s
 * `expr` gives the optional itself.
 */
function optMapMacro(name: 'optMap' | 'optFlatMap') {
  return ({ args, receiver }: { args: Ast[]; receiver: Ast }) => ({
    args,
    receiver,
    typeCheck(checker: Checker, m: Macro, ctx: Ctx) {
      checker.check(m.receiver, ctx);
      const v = m.args[0];
      if (v.op !== 'id') throw new Error(`${name}(var, expr): invalid variable`);
      m.scope = ctx.forkWithVariable(v.args as string, checker.getType('dyn'));
      checker.check(m.args[1], m.scope);
      return checker.getType('optional<dyn>');
    },
    evaluate(ev: MacroEv, m: Macro, ctx: Ctx) {
      const o = ev.run(m.receiver, ctx);
      if (!(o instanceof Optional)) throw new Error(`${name} receiver must be optional`);
      if (!o.hasValue()) return o;
      const r = ev.run(m.args[1], (m.scope as Ctx).reuse(ctx).setIterValue(o.value(), ev));
      if (name === 'optMap') return Optional.of(r);
      if (!(r instanceof Optional)) throw new Error('optFlatMap expression must be optional');
      return r;
    },
  });
}

export function registerOptionals(env: Environment): void {
  for (const name of ['optMap', 'optFlatMap'] as const)
    try {
      env.registerFunction(`optional<dyn>.${name}(ast, ast): optional<dyn>`, optMapMacro(name) as never);
    } catch (e) {
      if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
    }
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

/** What each function costs at run time (cost.ts): nothing here is priced by its values. */
export const OPTIONAL_COSTS: LibraryCosts = {
  member: { optMap: FLAT, optFlatMap: FLAT },
  namespaced: { 'optional.ofNonZeroValue': FLAT },
};
