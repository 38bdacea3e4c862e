// cel-go's two-variable comprehensions (Kubernetes 1.32+), which cel-js lacks: `all`, `exists`, `existsOne`
// with an index (a list) or a key (a map) and a value, and `transformList`, `transformMap`,
// `transformMapEntry`, with or without a filter. Declared as cel-js macros: the two names are bound in a
// child scope of the rule's, as cel-js binds `cel.bind`'s. Their variables are `dyn` to the type check (never
// a false refusal; the values are checked when the rule runs).
import type { Environment } from '@marcbachmann/cel-js';
import { fail } from './define';
import { FLAT, type LibraryCosts } from './cost';

/** The parts of cel-js's macro interface used here (see its `cel.bind`). */
interface Ast {
  op: string;
  args: unknown;
}
interface Ctx {
  forkWithVariable(name: string, type: unknown): Ctx;
  reuse(parent: Ctx): Ctx;
  setIterValue(v: unknown, ev: Ev): Ctx;
}
interface Ev {
  run(ast: Ast, ctx: Ctx): unknown;
}
interface Checker {
  check(ast: Ast, ctx: Ctx): unknown;
  getType(name: string): unknown;
}
interface Macro {
  receiver: Ast;
  args: Ast[];
  first?: Ctx;
  second?: Ctx;
}

type Kind = 'all' | 'exists' | 'existsOne' | 'transformList' | 'transformMap' | 'transformMapEntry';

const RESULT: Record<Kind, string> = {
  all: 'bool',
  exists: 'bool',
  existsOne: 'bool',
  transformList: 'list<dyn>',
  transformMap: 'map<dyn, dyn>',
  transformMapEntry: 'map<dyn, dyn>',
};

/** The (index or key, value) pairs of a list or a map, as cel-go iterates them (a list's index is an int). */
function entries(v: unknown): [unknown, unknown][] {
  if (Array.isArray(v)) return v.map((x, i) => [BigInt(i), x]);
  if (v instanceof Map) return [...v.entries()];
  if (typeof v === 'object' && v !== null) return Object.entries(v);
  return fail(`cannot iterate over ${v === null ? 'null' : typeof v}`);
}

function asBool(v: unknown, what: string): boolean {
  if (typeof v !== 'boolean') fail(`${what} must return bool`);
  return v as boolean;
}

function evaluate(kind: Kind, ev: Ev, m: Macro, ctx: Ctx): unknown {
  const [, , a, b] = m.args;
  const filter = b ? a : undefined;
  const body = b ?? a;
  const pairs = entries(ev.run(m.receiver, ctx));
  const scope = (k: unknown, v: unknown) =>
    (m.second as Ctx).reuse((m.first as Ctx).reuse(ctx).setIterValue(k, ev)).setIterValue(v, ev);
  if (kind === 'all' || kind === 'exists') {
    // As `&&` / `||` over the items: a deciding value wins over an error elsewhere.
    const decides = kind === 'exists';
    let error: unknown;
    for (const [k, v] of pairs) {
      try {
        if (asBool(ev.run(body, scope(k, v)), kind) === decides) return decides;
      } catch (e) {
        error ??= e;
      }
    }
    if (error) throw error;
    return !decides;
  }
  if (kind === 'existsOne') {
    let n = 0;
    for (const [k, v] of pairs) if (asBool(ev.run(body, scope(k, v)), kind)) n++;
    return n === 1;
  }
  const kept = filter ? pairs.filter(([k, v]) => asBool(ev.run(filter, scope(k, v)), `${kind} filter`)) : pairs;
  if (kind === 'transformList') return kept.map(([k, v]) => ev.run(body, scope(k, v)));
  const out = new Map<unknown, unknown>();
  for (const [k, v] of kept) {
    const r = ev.run(body, scope(k, v));
    if (kind === 'transformMap') {
      out.set(k, r);
      continue;
    }
    for (const [rk, rv] of entries(r)) {
      if (out.has(rk)) fail(`insert failed: key ${String(rk)} already exists`);
      out.set(rk, rv);
    }
  }
  return out;
}

export function registerComprehensions(env: Environment): void {
  for (const kind of Object.keys(RESULT) as Kind[])
    for (const receiver of ['list', 'map'])
      for (const arity of kind.startsWith('transform') ? [3, 4] : [3]) {
        const signature = `${receiver}.${kind}(${Array(arity).fill('ast').join(', ')}): ${RESULT[kind]}`;
        try {
          env.registerFunction(signature, (({ args, receiver: r }: { args: Ast[]; receiver: Ast }) => ({
            args,
            receiver: r,
            typeCheck(checker: Checker, m: Macro, ctx: Ctx) {
              checker.check(m.receiver, ctx);
              const name = (n: Ast) => (n.op === 'id' ? (n.args as string) : fail(`${kind}: invalid variable`));
              m.first = ctx.forkWithVariable(name(m.args[0]), checker.getType('dyn'));
              m.second = m.first.forkWithVariable(name(m.args[1]), checker.getType('dyn'));
              for (const x of m.args.slice(2)) checker.check(x, m.second);
              return checker.getType(RESULT[kind]);
            },
            evaluate: (ev: Ev, m: Macro, ctx: Ctx) => evaluate(kind, ev, m, ctx),
          })) as never);
        } catch (e) {
          if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
        }
      }
}

/** What each macro costs at run time (cost.ts): its loop's steps are charged one by one, as any loop's. */
export const COMPREHENSION_COSTS: LibraryCosts = {
  member: Object.fromEntries(Object.keys(RESULT).map((kind) => [kind, FLAT])),
};
