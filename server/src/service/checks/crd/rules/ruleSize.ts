// The size of what a CRD rule builds. The API server's runtime cost (ruleMeter.ts) counts what `replace`,
// `join`, `format` and the like are given, not what they build: `'%s'.format([self.l.map(x, self.s)])` on a
// list of 20,000 items and a string of 20,000 characters costs little and builds 400 million characters. So
// every operation that makes a string, a list or bytes says first how large its value will be (from the
// sizes of its inputs) and is not run past a bound: the rule then gives no verdict here (said once, as
// information: ruleErrors.ts, ruleNotes.ts), never an error. What is built is counted per document too, so
// the work of all the rules of a document stays bounded.
//
// The bounds: the API server takes a request of at most 3 MiB (apiserver's MaxRequestBodyBytes), so no
// string or list of an object it stores is larger. A value twice that (two copies of the largest string an
// object holds, joined) is built; a larger one is not, and the values a document's rules build add up to at
// most four times that. Counted in characters (UTF-16 units, as JavaScript holds them), items or bytes: the
// memory this takes stays within some hundred megabytes, and building it within a fraction of a second.
import type * as CelJs from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';
import { forEachNode, type CelNode } from './celAst';
import { addValues, type Binary, type Ev } from './celLists';
import { compilePattern, findAll, matchLimit } from './library/regex';

/** The largest request the API server accepts (k8s.io/apiserver server/config.go, MaxRequestBodyBytes). */
const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/** The largest value one operation of a rule builds here. */
export const MAX_BUILT_VALUE = 2 * MAX_REQUEST_BYTES;

/** What the rules of one document build at most, all together. */
export const MAX_BUILT_PER_DOCUMENT = 4 * MAX_REQUEST_BYTES;

/**
 * What a regular expression's match counts: re2js takes some 1.5 µs a match (measured on a 2 MB text, where
 * `findAll('')` finds 2 million), as long as building some thousands of characters; a hundred keeps a
 * document's matches under a quarter of a second (`findAll` and `find` are cheap in the API server's cost).
 */
export const MATCH_WEIGHT = 100;

/** Thrown before a rule builds a value past the bounds: the rule gives no verdict (ruleErrors.ts). */
export class ValueTooLarge extends Error {}

/**
 * What one compiled rule may still build: set from its document's budget before each evaluation and read
 * back after it (celRules.ts `metered`), as the cost meter is.
 */
export interface Allowance {
  left: number;
}

export const newAllowance = (): Allowance => ({ left: MAX_BUILT_PER_DOCUMENT });

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Builds a value of `size` (`what`: its kind, `characters`, `items`), or refuses to past the bounds. */
function build(a: Allowance, size: number, what: string): void {
  if (size > MAX_BUILT_VALUE)
    throw new ValueTooLarge(
      `it would build a value of ${size === Infinity ? `more than ${count(MAX_BUILT_VALUE)}` : count(size)} ${what}, past the product's bound of ${count(MAX_BUILT_VALUE)} a value, twice the largest request the API server accepts`,
    );
  if (size > a.left)
    throw new ValueTooLarge(
      `the rules of this document would build more than ${count(MAX_BUILT_PER_DOCUMENT)} characters and items in all, past the product's bound, four times the largest request the API server accepts`,
    );
  a.left -= size;
}

/** The size of a value built: a string's characters, a list's items, bytes; 0 for anything else. */
export function sizeOf(v: unknown): number {
  if (typeof v === 'string' || Array.isArray(v) || v instanceof Uint8Array) return v.length;
  if (v instanceof Map) return v.size;
  return 0;
}

/** The number of times `sub` (not empty) occurs in `s` without overlap, counted up to `limit`. */
function occurrences(s: string, sub: string, limit: number): number {
  let n = 0;
  for (let i = s.indexOf(sub); i >= 0 && n < limit; i = s.indexOf(sub, i + sub.length)) n++;
  return n;
}

/** Go's `strings.Replace(s, old, by, n)`'s length (n < 0: every occurrence; an empty `old` matches between runes). */
function replacedLength(s: string, old: string, by: string, n: number): number {
  if (n === 0 || old === by) return s.length;
  const limit = n < 0 ? Infinity : n;
  // An empty `old` matches before every code point and at the end: at most the UTF-16 length plus one.
  const k = old === '' ? Math.min(s.length + 1, limit) : occurrences(s, old, limit);
  return s.length + k * (by.length - old.length);
}

/** Go's `strconv.Quote`'s length of `s` at most, reading at most `limit` characters of it. */
function quotedAtMost(s: string, limit: number): number {
  if (s.length * 6 + 2 <= limit) return s.length * 6 + 2;
  let n = 2;
  for (let i = 0; i < s.length && n <= limit; i++) {
    const c = s.charCodeAt(i);
    // A control character is `\xNN` (4), one of U+0080–U+009F `\u00NN` (6); `"`, `\` and `\n`-like ones 2.
    n += c < 0x20 || c === 0x7f ? 4 : c >= 0x80 && c < 0xa0 ? 6 : c === 0x22 || c === 0x5c ? 2 : 1;
  }
  return n;
}

/**
 * The length of cel-go's `%s` (or `%x`) of `v` at most (library/stringFormat.ts writes it), counted up to
 * `limit` and no further: a list of 20,000 items that are one list of 20,000 strings is not walked whole.
 * Every member counts at least one character, so the walk takes at most `limit` steps.
 */
function renderedAtMost(v: unknown, limit: number, hex: boolean): number {
  // An argument itself: `%s` writes a string or bytes as they are, `%x` two hex digits a UTF-8 byte.
  if (typeof v === 'string') return hex ? 6 * v.length : v.length;
  if (v instanceof Uint8Array) return hex ? 2 * v.length : v.length;
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0 && n <= limit) {
    const x = stack.pop();
    if (typeof x === 'string') n += quotedAtMost(x, limit - n);
    else if (x instanceof Uint8Array) n += 6 * x.length + 3;
    // A member's number: an int's digits, a double's `%.6f` (an argument's clause is in the format's share).
    else if (typeof x === 'number') n += Number.isFinite(x) ? Math.max(1, Math.log10(Math.abs(x)) + 1) + 9 : 12;
    else if (typeof x === 'bigint') n += 20;
    else if (Array.isArray(x)) {
      n += 2;
      for (const y of x) {
        n += 2;
        stack.push(y);
        if (n > limit) break;
      }
    } else if (
      x instanceof Map ||
      (typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype)
    ) {
      n += 2;
      for (const [k, y] of x instanceof Map ? x.entries() : Object.entries(x)) {
        n += 3;
        stack.push(k, y);
        if (n > limit) break;
      }
    } else n += 64; // a bool, null, a type's name, a timestamp or a duration
  }
  return n > limit ? Infinity : n;
}

/** The length of `template.format(args)` at most: its text, each clause's padding or precision, its arguments. */
function formattedAtMost(template: string, args: unknown[]): number {
  const clauses = occurrences(template, '%', Infinity);
  let precision = 0;
  for (const m of template.matchAll(/%\.(\d{1,9})/g)) precision = Math.max(precision, Number(m[1]));
  // `%f` of a double writes its digits, their separators and the precision; `%e` pads to at most 1,000.
  let n = template.length + clauses * (1_000 + precision);
  const hex = /%(?:\.\d+)?[xX]/.test(template);
  for (const a of args) n += renderedAtMost(a, MAX_BUILT_VALUE - n, hex);
  return n;
}

type Args = unknown[];

/** The size a call builds (from the receiver and arguments it is given, `args`), and what it is counted in. */
type Predict = (args: Args) => [number, string] | undefined;

const str = (v: unknown): v is string => typeof v === 'string';
const chars = (n: number): [number, string] => [n, 'characters'];

/** A value of the receiver's size at most (a string or a list). */
const receiverSize: Predict = ([s]) => (str(s) ? chars(s.length) : Array.isArray(s) ? [s.length, 'items'] : undefined);

/** The functions that build (cel-js's own, ours, under cel-go's names and our renames: celStrings.ts). */
const PREDICTS: ReadonlyMap<string, Predict> = new Map<string, Predict>([
  ...['lowerAscii', 'upperAscii', 'trim', 'reverse', 'sort', 'distinct', 'slice', 'substring'].flatMap(
    (name): [string, Predict][] => [
      [name, receiverSize],
      [`__go_${name}__`, receiverSize],
    ],
  ),
  ['format', ([s, l]) => (str(s) && Array.isArray(l) ? chars(formattedAtMost(s, l)) : undefined)],
  [
    'replace',
    ([s, a, b, n]) =>
      str(s) && str(a) && str(b) ? chars(replacedLength(s, a, b, typeof n === 'bigint' ? Number(n) : -1)) : undefined,
  ],
  [
    'join',
    ([l, sep]) => {
      if (!Array.isArray(l)) return undefined;
      let n = str(sep) ? sep.length * Math.max(0, l.length - 1) : 0;
      for (const x of l) if (str(x) && (n += x.length) > MAX_BUILT_VALUE) return chars(Infinity);
      return chars(n);
    },
  ],
  [
    'split',
    ([s, sep, n]) => {
      if (!str(s) || !str(sep)) return undefined;
      const limit = typeof n === 'bigint' && n >= 0n ? Number(n) : Infinity;
      const items = Math.min(limit, sep === '' ? s.length : occurrences(s, sep, limit) + 1);
      return [items + s.length, 'items and characters'];
    },
  ],
  ['quote', ([, s]) => (str(s) ? chars(quotedAtMost(s, Infinity)) : undefined)],
  ['base64', ([b]) => (b instanceof Uint8Array ? chars(Math.ceil(b.length / 3) * 4) : undefined)],
  ['hex', ([b]) => (b instanceof Uint8Array ? chars(2 * b.length) : undefined)],
  ['string', ([b]) => (b instanceof Uint8Array ? chars(b.length) : undefined)],
  ['bytes', ([s]) => (str(s) ? [3 * s.length, 'bytes'] : undefined)],
  ['flatten', ([l, depth]) => (Array.isArray(l) ? [flattenedAtMost(l, depth), 'items'] : undefined)],
  ['range', ([, n]) => (typeof n === 'bigint' ? [n > 0n ? Number(n) : 0, 'items'] : undefined)],
]);

/** The items of `list.flatten(depth)` at most, counted up to the bound. */
function flattenedAtMost(list: unknown[], depth: unknown): number {
  let n = 0;
  const stack: [unknown[], bigint][] = [[list, typeof depth === 'bigint' ? depth : 1n]];
  while (stack.length > 0 && n <= MAX_BUILT_VALUE) {
    const [l, d] = stack.pop()!;
    for (const x of l) {
      if (Array.isArray(x) && d > 0n) stack.push([x, d - 1n]);
      else n++;
      if (n > MAX_BUILT_VALUE) return Infinity;
    }
  }
  return n;
}

type Call = CelNode & {
  receiverWithArgs?: unknown[];
  handle(values: unknown[], a: unknown, b: unknown): unknown;
};

/** The argument nodes of a call (the receiver first). */
function argumentsOf(ast: Call): unknown[] {
  const args = ast.args as [string, unknown, unknown];
  if (ast.op === 'call') return args[1] as unknown[];
  return ast.receiverWithArgs ?? [args[1], ...(args[2] as unknown[])];
}

/** A node's own evaluation (cel-js's `meta.evaluate`). */
type Evaluate = (this: unknown, ev: Ev, ast: never, ctx: unknown) => unknown;

/**
 * A call's evaluation as cel-js makes it (its arguments last to first), its value's size bounded before it
 * is built, and counted.
 */
function boundedCall(a: Allowance, predict: Predict): Evaluate {
  return function (this: unknown, ev: Ev, ast: Call, ctx: unknown): unknown {
    const nodes = argumentsOf(ast);
    const values = new Array<unknown>(nodes.length);
    for (let i = nodes.length - 1; i >= 0; i--) values[i] = ev.run(nodes[i], ctx);
    const predicted = predict(values);
    if (predicted) build(a, ...predicted);
    const v = ast.op === 'rcall' ? ast.handle(values, ev, ast) : ast.handle(values, ast, ev);
    // Counted as predicted (at most what it built), less for a `format` whose clauses wrote less.
    if (predicted) a.left += predicted[0] - Math.min(predicted[0], sizeOf(v));
    return v;
  };
}

/**
 * `find` and `findAll` of a string (regex.ts), each match counted before it is kept: how many there are is
 * known once found (`findAll('')` of a 2 MB text finds 2 million). The pattern compiled last is kept.
 */
function boundedFind(a: Allowance): Evaluate {
  let last: { pattern: string; re: RE2JS } | undefined;
  const each = (m: string) => build(a, MATCH_WEIGHT + m.length, 'characters');
  return function (this: unknown, ev: Ev, ast: Call, ctx: unknown): unknown {
    const nodes = argumentsOf(ast);
    const values = new Array<unknown>(nodes.length);
    for (let i = nodes.length - 1; i >= 0; i--) values[i] = ev.run(nodes[i], ctx);
    const [s, pattern, n] = values;
    if (!str(s) || !str(pattern) || !(n === undefined || typeof n === 'bigint'))
      return ast.op === 'rcall' ? ast.handle(values, ev, ast) : ast.handle(values, ast, ev);
    if (last?.pattern !== pattern) last = { pattern, re: compilePattern(pattern) };
    if ((ast.args as [string])[0] === 'find') return findAll(last.re, s, 1, each)[0] ?? '';
    return findAll(last.re, s, n === undefined ? -1 : matchLimit(n), each);
  };
}

/** Bounds the string, list or bytes `+` makes (of both sizes) before it is made, then adds (celLists.ts). */
function boundedAdd(a: Allowance): Evaluate {
  return function (this: unknown, ev: Ev, ast: Binary, ctx: unknown): unknown {
    const l = ev.run(ast.left, ctx);
    const r = ev.run(ast.right, ctx);
    if (typeof l === typeof r && sizeOf(l) + sizeOf(r) > 0)
      build(a, sizeOf(l) + sizeOf(r), typeof l === 'string' ? 'characters' : 'items');
    return addValues(l, r, ast, ev);
  };
}

/** Counts the list or map a comprehension (`map`, `filter`, …) built, after the loop its steps paid for. */
function counted(a: Allowance, evaluate: Evaluate): Evaluate {
  return function (this: unknown, ev: Ev, ast: never, ctx: unknown): unknown {
    const v = evaluate.call(this, ev, ast, ctx);
    a.left -= sizeOf(v);
    return v;
  };
}

/**
 * Bounds what a parsed rule's calls and `+` build, and counts its comprehensions' results, against `a`
 * (before its first run, after its calls are renamed to ours, celStrings.ts, and its `+` given the typed
 * lists' semantics, celLists.ts, which `boundedAdd` keeps).
 */
export function useSizeBounds(root: CelJs.ASTNode, a: Allowance): void {
  forEachNode(root, (x) => {
    if ((x.op === 'call' || x.op === 'rcall') && !x.meta.macro && Array.isArray(x.args)) {
      const name = x.args[0] as string;
      if (x.op === 'rcall' && (name === 'find' || name === 'findAll')) x.meta.evaluate = boundedFind(a);
      else if (PREDICTS.has(name)) x.meta.evaluate = boundedCall(a, PREDICTS.get(name)!);
    } else if (x.op === '+') x.meta.evaluate = boundedAdd(a);
    else if (x.op === 'comprehension' && typeof x.meta.evaluate === 'function')
      x.meta.evaluate = counted(a, x.meta.evaluate as Evaluate);
  });
}
