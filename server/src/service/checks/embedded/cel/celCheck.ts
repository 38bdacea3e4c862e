// CEL destination expressions (`operatorSpec.configMapExpressions[].value`, `secretExpressions[].value`),
// parsed and type-checked with cel-js in an environment derived from the model (env.ts): syntax errors,
// fields `self` and `secret` do not have (with did-you-mean), functions the operator's environment does not
// have, type errors, and a result that is neither `string` nor `map(string, string)`.
import type { KindDef, Type } from '../../../../model/types';
import { envelopeOf } from '../../../../model/envelope';
import { listOf, nearest } from '../../../core/suggest';
import { TextCache, type EmbeddedFix, type EmbeddedProblem } from '../problem';
import { Memo, memoKey } from '../../../core/memo';
import { shapeOf } from '../shape';
import { celEnvironment, secretObject, unescapeField } from './env';

/** A node of cel-js's AST. */
export interface CelNode {
  op: string;
  args: unknown;
  start: number;
  end: number;
}
const isNode = (x: unknown): x is CelNode =>
  typeof x === 'object' && x !== null && typeof (x as CelNode).op === 'string';

/** Functions of cel-go's standard library, the extended strings library v3 and optional types. */
const GLOBAL_FUNCTIONS: ReadonlySet<string> = new Set([
  'size',
  'int',
  'uint',
  'double',
  'string',
  'bytes',
  'bool',
  'dyn',
  'type',
  'duration',
  'timestamp',
  'matches',
  'has',
]);
const METHODS: ReadonlySet<string> = new Set([
  'size',
  'contains',
  'startsWith',
  'endsWith',
  'matches',
  'charAt',
  'indexOf',
  'lastIndexOf',
  'lowerAscii',
  'upperAscii',
  'replace',
  'split',
  'substring',
  'trim',
  'join',
  'format',
  'reverse',
  'getDate',
  'getDayOfMonth',
  'getDayOfWeek',
  'getDayOfYear',
  'getFullYear',
  'getHours',
  'getMilliseconds',
  'getMinutes',
  'getMonth',
  'getSeconds',
  'hasValue',
  'value',
  'or',
  'orValue',
  'optMap',
  'optFlatMap',
  'all',
  'exists',
  'exists_one',
  'map',
  'filter',
]);
const NAMESPACED: ReadonlySet<string> = new Set([
  'optional.of',
  'optional.none',
  'optional.ofNonZeroValue',
  'strings.quote',
]);
/** In the operator's environment but not declared in cel-js: an expression using them is not type-checked. */
const NOT_IN_CELJS: ReadonlySet<string> = new Set(['strings.quote', 'optional.ofNonZeroValue', 'optMap', 'optFlatMap']);

export type Where = 'configMapExpressions' | 'secretExpressions';

/** The destination list of an expression at a key path (…`.<list>.[].value`): `secret` exists in one alone. */
export const whereOf = (path: readonly string[]): Where =>
  path[path.length - 3] === 'secretExpressions' ? 'secretExpressions' : 'configMapExpressions';

export interface CelResult {
  problems: EmbeddedProblem[];
  /** The result type when known: `string`, `map` (of strings), or undefined (unknown or invalid). */
  result?: 'string' | 'map';
}

/** What a chain from `self` or `secret` designates in the model. */
type Resolved = { type: Type; label: string } | undefined;

class Walker {
  problems: EmbeddedProblem[] = [];
  /** A field the model knows only approximately was selected: cel-js's "no such key" is not ours to report. */
  approximate = false;
  unchecked = false;
  constructor(
    private readonly text: string,
    private readonly roots: Record<string, { type: Type; label: string }>,
  ) {}

  walk(n: unknown): void {
    if (Array.isArray(n)) return n.forEach((x) => this.walk(x));
    if (!isNode(n)) return;
    if (n.op === '.' || n.op === '.?') {
      this.resolve(n);
      return;
    }
    if (n.op === 'call') {
      const [name, args] = n.args as [string, unknown[]];
      if (!GLOBAL_FUNCTIONS.has(name)) this.unknownFunction(name, n.start, n.start + name.length);
      this.walk(args);
      return;
    }
    if (n.op === 'rcall') {
      const [name, target, args] = n.args as [string, CelNode, unknown[]];
      const ns =
        target?.op === 'id' && !((target.args as string) in this.roots)
          ? `${target.args as string}.${name}`
          : undefined;
      const at = this.nameAt(name, target?.end ?? n.start);
      if (
        ns &&
        (NAMESPACED.has(ns) ||
          ns.startsWith('cel.') ||
          ns.startsWith('math.') ||
          ns.startsWith('strings.') ||
          ns.startsWith('optional.'))
      ) {
        if (!NAMESPACED.has(ns)) this.unknownFunction(ns, target.start, at + name.length);
        if (NOT_IN_CELJS.has(ns)) this.unchecked = true;
      } else {
        if (!METHODS.has(name)) this.unknownFunction(name, at, at + name.length);
        if (NOT_IN_CELJS.has(name)) this.unchecked = true;
        this.walk(target);
      }
      this.walk(args);
      return;
    }
    this.walk(n.args);
  }

  private nameAt(name: string, from: number): number {
    const i = this.text.indexOf(name, from);
    return i >= 0 ? i : from;
  }

  private unknownFunction(name: string, from: number, to: number) {
    const all = [...GLOBAL_FUNCTIONS, ...METHODS, ...NAMESPACED].filter((f) => f !== 'has');
    const near = nearest(name, all);
    // A method name is replaced by a method name; a namespaced call (`strings.quote`) as a whole.
    const fits = near && (name.includes('.') || !near.includes('.'));
    this.problems.push({
      code: 'cel-unknown-function',
      from,
      to,
      message: `the operator's CEL environment has no function \`${name}\` (it has the standard functions, the extended strings library and optional types).${near ? ` Did you mean \`${near}\`?` : ''}`,
      ...(fits ? { fix: renameTo(from, to, near) } : {}),
    });
  }

  /** The model type of a field selection from `self` or `secret`, reporting fields that do not exist. */
  private resolve(n: CelNode): Resolved {
    const [operand, field] = n.args as [CelNode, string];
    const base = this.chain(operand);
    if (!base) return undefined;
    const name = unescapeField(field);
    const t = base.type;
    if (t.kind === 'map') return { type: t.values, label: `${base.label}.${field}` };
    if (t.kind !== 'object') return undefined;
    const f = t.fields[name];
    if (f) return { type: f.type, label: `${base.label}.${field}` };
    const known = Object.keys(t.fields);
    const near = nearest(name, known);
    const from = n.end - field.length;
    if (t.unknownFields === 'warning') {
      // The spec shows this type only in part: the field may well exist. A near miss of a known one is
      // worth a warning.
      this.approximate = true;
      if (near)
        this.problems.push({
          code: 'cel-unknown-field',
          from,
          to: n.end,
          severity: 'warning',
          message: `\`${base.label}\` has no known field \`${field}\` (the spec shows it in part). Did you mean \`${near}\`?`,
          fix: renameTo(from, n.end, near),
        });
      return undefined;
    }
    const what =
      base.label === 'secret' ? 'The secrets of this kind (`operatorSpec.secrets`) have' : `\`${base.label}\` has`;
    this.problems.push({
      code: 'cel-unknown-field',
      from,
      to: n.end,
      message:
        known.length === 0
          ? `${what} no field \`${field}\`: ${base.label === 'secret' ? 'this kind has no `operatorSpec.secrets`' : 'it has no fields'}.`
          : `${what} no field \`${field}\`.${near ? ` Did you mean \`${near}\`?` : ''} Fields: ${listOf(known, 15)}.`,
      ...(near && /^[A-Za-z_][A-Za-z0-9_]*$/.test(near) ? { fix: renameTo(from, n.end, near) } : {}),
    });
    return undefined;
  }

  private chain(n: CelNode): Resolved {
    if (n.op === 'id') {
      const root = this.roots[n.args as string];
      return root;
    }
    if (n.op === '.' || n.op === '.?') return this.resolve(n);
    if (n.op === '[]' || n.op === '[?]') {
      const [operand, index] = n.args as [CelNode, CelNode];
      this.walk(index);
      const base = this.chain(operand);
      if (!base) return undefined;
      if (base.type.kind === 'array') return { type: base.type.items, label: `${base.label}[]` };
      if (base.type.kind === 'map') return { type: base.type.values, label: `${base.label}[]` };
      return undefined;
    }
    this.walk(n);
    return undefined;
  }
}

/** The fix of a did-you-mean: the name written replaced by the nearest one. */
const renameTo = (from: number, to: number, near: string): EmbeddedFix => ({
  from,
  to,
  candidates: [{ title: `Change to \`${near}\``, text: near }],
});

/** cel-js's words for types, without its prefixes and without our generated type names (`…_STATUS`). */
const typeWords = (t: string) =>
  t
    .replace(/^T\d+_/, '')
    .replace(/google\.protobuf\./g, '')
    .replace(/\b[A-Za-z0-9]+(?:_(?:Spec|STATUS|ARM))+\b/g, 'object');

function compute(def: KindDef, where: Where, text: string): CelResult {
  if (text.trim() === '')
    return {
      problems: [
        {
          code: 'cel-syntax',
          from: 0,
          to: 0,
          message: 'the expression is empty: expected a CEL expression such as `self.status.id`.',
        },
      ],
    };
  const env = celEnvironment(def, where === 'secretExpressions');
  let ast: unknown;
  try {
    ast = env.parse(text).ast;
  } catch (e) {
    const node = (e as { node?: { start: number; end: number } }).node;
    const first = String((e as Error).message).split('\n')[0];
    // At the end ("expected more"): the last character written, not the line break a block keeps.
    const last = text.trimEnd().length;
    const from = Math.min(node?.start ?? 0, Math.max(0, last - 1));
    return {
      problems: [
        {
          code: 'cel-syntax',
          from,
          to: Math.max(Math.min(node?.end ?? from, last), from + 1),
          message: `CEL syntax error: ${first.replace(/^Unexpected token: EOF$/, 'the expression ends too early')}.`,
        },
      ],
    };
  }
  const roots: Record<string, { type: Type; label: string }> = { self: { type: envelopeOf(def), label: 'self' } };
  if (where === 'secretExpressions') roots.secret = { type: secretObject(def), label: 'secret' };
  const w = new Walker(text, roots);
  w.walk(ast);
  if (w.problems.some((p) => p.severity !== 'warning') || w.unchecked) return { problems: w.problems };
  const r = env.check(text);
  if (!r.valid) {
    const err = r.error as Error & { node?: { start: number; end: number } };
    const first = String(err.message).split('\n')[0];
    const from = err.node?.start ?? 0;
    const to = Math.max(err.node?.end ?? from, from + 1);
    const noKey = /^No such key: (\S+)/.exec(first);
    if (noKey && w.approximate) return { problems: w.problems };
    if (noKey)
      return {
        problems: [
          {
            code: 'cel-unknown-field',
            from: Math.max(from, to - noKey[1].length),
            to,
            message: `the field \`${noKey[1]}\` does not exist in the type of \`${text.slice(from, Math.max(from, to - noKey[1].length - 1))}\`.`,
          },
        ],
      };
    const undeclared = /^Unknown variable: (\S+)/.exec(first);
    if (undeclared) {
      const name = undeclared[1];
      const hint =
        name === 'secret'
          ? ' `secret` exists in `secretExpressions` only; here (`configMapExpressions`) only `self` does.'
          : ` The expression can use ${where === 'secretExpressions' ? '`self` (the resource) and `secret` (its secrets)' : '`self` (the resource)'}.`;
      return {
        problems: [
          {
            code: 'cel-undeclared',
            from,
            to: from + name.length,
            message: `\`${name}\` is not a variable of the operator's CEL environment.${hint}`,
          },
        ],
      };
    }
    return { problems: [{ code: 'cel-type', from, to, message: `CEL type error: ${typeWords(first)}.` }] };
  }
  const type = String(r.type);
  if (type === 'string') return { problems: w.problems, result: 'string' };
  if (type === 'map<string, string>') return { problems: w.problems, result: 'map' };
  const whole = { from: 0, to: text.length };
  if (/dyn/.test(type) || type === 'map' || type === 'list')
    return {
      problems: [
        {
          code: 'cel-result-type',
          ...whole,
          severity: 'warning',
          message: `the result type is known only when evaluated (\`${typeWords(type)}\`); the operator requires a \`string\` or a \`map(string, string)\`: convert with \`string(…)\`.`,
        },
      ],
    };
  return {
    problems: [
      {
        code: 'cel-result-type',
        ...whole,
        message: `the result is of type \`${typeWords(type)}\`; the operator accepts only a \`string\` or a \`map(string, string)\`${/^(int|uint|double|bool)$/.test(type) ? `: write \`string(${text.trim()})\`` : ''}.`,
      },
    ],
  };
}

/** Results by kind, list and text (one cache per analysis: see memo.ts). */
const RESULTS = memoKey(() => new TextCache<CelResult>(5000));

/** Never a crash: an expression too deep to walk or check gets no diagnostic rather than breaking the document's. */
function safely(def: KindDef, where: Where, text: string): CelResult {
  try {
    return compute(def, where, text);
  } catch {
    return { problems: [] };
  }
}

/**
 * The problems of one destination expression of a kind, cached by kind, list and text; an expression whose
 * shape (see shape.ts) is known clean is clean, with the same result type (types never depend on what a
 * string literal says).
 */
export function checkCel(def: KindDef, where: Where, text: string, memo: Memo = new Memo()): CelResult {
  const cache = memo.get(RESULTS);
  const key = `${def.area}/${def.version}/${def.kind}/${where}\n`;
  const shape = shapeOf(text, '"\'');
  if (shape !== undefined && shape !== text) {
    const byShape = cache.get(key + shape, () => safely(def, where, shape));
    if (byShape.problems.length === 0) return byShape;
  }
  return cache.get(key + text, () => safely(def, where, text));
}
