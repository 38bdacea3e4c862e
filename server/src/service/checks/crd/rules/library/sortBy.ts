// cel-go's `sortBy` macro (ext/lists.go, lists version 2): `list.sortBy(e, key)` orders the list by the key
// each item gives (cel-go expands it to `@sortByAssociatedKeys(list, list.map(e, key))`), with that
// function's errors: keys of different types, keys that cannot be ordered. Declared as a cel-js macro: the
// key expression is type-checked with `e` bound to the list's item type and run once per item.
import type { Environment } from '@marcbachmann/cel-js';
import { COMPARABLE_TYPES, fail } from './define';
import type { Operations } from './values';

/** The key types cel-go can order (`comparableTypes`). */
const COMPARABLE: ReadonlySet<string> = new Set(COMPARABLE_TYPES);

type Type = { kind: string; name: string; valueType?: Type };
type Node = { op: string; args: unknown };
type Ctx = { forkWithVariable(name: string, type: Type): KeyCtx };
type KeyCtx = { reuse(parent: unknown): KeyCtx; setIterValue(v: unknown, ev: unknown): KeyCtx };
type Checker = {
  check(node: Node, ctx: unknown): Type;
  getType(name: string): Type;
  createError(code: string, message: string, node: Node): Error;
};
type Evaluator = { run(node: Node, ctx: unknown): unknown; debugType(v: unknown): { name: string } };

interface SortBy {
  receiver: Node;
  key: Node;
  variable: string;
  keyCtx?: KeyCtx;
  typeCheck(checker: Checker, m: SortBy, ctx: Ctx): Type;
  evaluate(ev: Evaluator, m: SortBy, ctx: unknown): unknown;
}

/** The type of a value as cel-go's `Type()` tells keys apart (an int and a double are different types). */
function keyType(v: unknown, ev: Evaluator): string {
  return ev.debugType(v).name;
}

/** cel-go's sortListByAssociatedKeys: a stable order of the items by their keys. */
function sortByKeys(list: unknown[], keys: unknown[], ev: Evaluator, ops: Operations): unknown[] {
  if (list.length === 0) return list;
  const first = keyType(keys[0], ev);
  if (!COMPARABLE.has(first)) fail('list elements must be comparable');
  if (keys.some((k) => keyType(k, ev) !== first)) fail('list elements must have the same type');
  const order = keys.map((_, i) => i);
  // Go's sort.Slice is not stable; equal keys keep their order here (the tests hold no two equal keys).
  order.sort((i, j) => ops.compare(keys[i], keys[j]));
  return order.map((i) => list[i]);
}

export function registerSortBy(env: Environment, ops: () => Operations): void {
  const typeCheck = (checker: Checker, m: SortBy, ctx: Ctx): Type => {
    const listType = checker.check(m.receiver, ctx);
    if (listType.kind !== 'list' && listType.kind !== 'dyn')
      throw checker.createError('invalid_macro_argument', "found no matching overload for 'sortBy'", m.receiver);
    const item = listType.kind === 'list' && listType.valueType ? listType.valueType : checker.getType('dyn');
    m.keyCtx = ctx.forkWithVariable(m.variable, item);
    const key = checker.check(m.key, m.keyCtx);
    if (key.kind !== 'dyn' && key.kind !== 'param' && !COMPARABLE.has(key.name))
      throw checker.createError(
        'no_matching_overload',
        `found no matching overload for '@sortByAssociatedKeys' applied to '(${listType.name}, list(${key.name}))'`,
        m.key,
      );
    return listType;
  };
  const evaluate = (ev: Evaluator, m: SortBy, ctx: unknown): unknown => {
    const list = ev.run(m.receiver, ctx);
    if (!Array.isArray(list)) return fail('no such overload');
    const keys = list.map((x) => ev.run(m.key, m.keyCtx!.reuse(ctx).setIterValue(x, ev)));
    return sortByKeys(list, keys, ev, ops());
  };
  const macro = ({ args, receiver }: { args: Node[]; receiver: Node }): SortBy => {
    if (args[0].op !== 'id') throw new Error('sortBy(var, key) invalid iteration variable');
    return { receiver, key: args[1], variable: args[0].args as string, typeCheck, evaluate };
  };
  env.registerFunction('list.sortBy(ast, ast): list', macro as never);
}
