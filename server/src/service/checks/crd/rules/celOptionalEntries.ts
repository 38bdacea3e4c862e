// Optional entries in list and map literals (`['a', ?x]`, `{?'k': v}`), which cel-go parses (Kubernetes
// enables optional types) and cel-js does not: the rule's text is rewritten, before it is parsed, into calls
// that give the same value: a list's optional element as a list of zero or one element added in its place
// (`['a'] + __go_optlist__(x)`), a map built from its entries with the optional ones marked
// (`__go_optmap__([['k', v, true]])`). Only a literal whose elements the tokens delimit for sure is rewritten
// (a map entry's key holds no conditional); otherwise the rule stays "not evaluated".
import type * as CelJs from '@marcbachmann/cel-js';
import { endsOperand, type Token, tokens } from './compile/ruleSyntax';

const OPEN: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** An optional value as cel-js holds it. */
interface Opt {
  hasValue(): boolean;
  value(): unknown;
}
const isOpt = (x: unknown): x is Opt =>
  typeof x === 'object' && x !== null && typeof (x as Opt).hasValue === 'function';

/** Declares the functions the rewritten rules call (under names no rule can mean). */
export function declareOptionalEntries(env: CelJs.Environment): void {
  env.registerFunction('__go_optlist__(optional<A>): list<A>', (o: Opt) => (o.hasValue() ? [o.value()] : []));
  env.registerFunction('__go_optmap__(list<dyn>): map<dyn, dyn>', (entries: unknown[][]) => {
    const out = new Map<unknown, unknown>();
    for (const [key, value, optional] of entries) {
      if (optional === true && !isOpt(value)) throw new Error('an optional entry whose value is not optional');
      if (optional === true && !(value as Opt).hasValue()) continue;
      // cel-go refuses a repeated key; its words are not ours to imitate here.
      if (out.has(key)) throw new Error(`a map literal repeats the key ${String(key)}`);
      out.set(key, optional === true ? (value as Opt).value() : value);
    }
    // As cel-js's own map literals: an object when every key is a string.
    return [...out.keys()].every((k) => typeof k === 'string') ? Object.fromEntries(out as Map<string, unknown>) : out;
  });
}

/** cel-go's parser nests at most this deep (its default recursion limit): deeper is not rewritten. */
const MAX_DEPTH = 250;

/**
 * For each opening token, the index of the token closing it (one pass); `undefined` when they do not pair
 * or nest deeper than MAX_DEPTH, so the rewrite (which scans each literal's tokens) stays linear.
 */
function closers(ts: Token[]): Int32Array | undefined {
  const match = new Int32Array(ts.length).fill(-1);
  const stack: number[] = [];
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    if (t.kind !== 'punct') continue;
    if (OPEN[t.text]) {
      stack.push(k);
      if (stack.length > MAX_DEPTH) return undefined;
    } else if (t.text === ')' || t.text === ']' || t.text === '}') {
      const open = stack.pop();
      if (open === undefined || OPEN[ts[open].text] !== t.text) return undefined;
      match[open] = k;
    }
  }
  return stack.length === 0 ? match : undefined;
}

/** `rule` with its optional entries rewritten, or `undefined` where that is not sure. */
export function rewriteOptionalEntries(rule: string): string | undefined {
  const ts = tokens(rule);
  const match = ts && closers(ts);
  if (!ts || !match) return undefined;
  let failed = false;
  /** The text of tokens [from, to) rewritten (the original text between them kept). */
  const emit = (from: number, to: number): string => {
    let out = '';
    let k = from;
    while (k < to && !failed) {
      const t = ts[k];
      const literal = t.kind === 'punct' && (t.text === '[' || t.text === '{') && !endsOperand(ts[k - 1]);
      if (!literal && !(t.kind === 'punct' && t.text === '(')) {
        out += rule.slice(t.start, k + 1 < ts.length ? ts[k + 1].start : rule.length);
        k++;
        continue;
      }
      const end = match[k];
      if (end < 0 || end >= to) {
        failed = true;
        break;
      }
      const after =
        end + 1 < ts.length ? rule.slice(ts[end].start + 1, ts[end + 1].start) : rule.slice(ts[end].start + 1);
      out += (literal ? rewriteLiteral(k, end) : `(${emitSpaced(k + 1, end)})`) + after;
      k = end + 1;
    }
    return out;
  };
  /** Like emit, with the text before the first token kept. */
  const emitSpaced = (from: number, to: number) =>
    (from < to ? rule.slice(ts[from - 1].start + 1, ts[from].start) : '') + emit(from, to);
  /** Splits tokens (from, to) at their top-level commas: [first, end) ranges. */
  const elements = (from: number, to: number): [number, number][] => {
    const out: [number, number][] = [];
    let start = from + 1;
    let depth = 0;
    for (let k = from + 1; k < to; k++) {
      const t = ts[k];
      if (t.kind !== 'punct') continue;
      if (OPEN[t.text]) depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
      else if (t.text === ',' && depth === 0) {
        out.push([start, k]);
        start = k + 1;
      }
    }
    if (start < to) out.push([start, to]);
    return out;
  };
  const optional = ([a, b]: [number, number]) => a < b && ts[a].kind === 'punct' && ts[a].text === '?';
  const rewriteLiteral = (open: number, close: number): string => {
    const parts = elements(open, close);
    const isList = ts[open].text === '[';
    if (!parts.some(optional)) return `${ts[open].text}${emitSpaced(open + 1, close)}${ts[close].text}`;
    if (isList) {
      const pieces: string[] = [];
      let plain: string[] = [];
      for (const p of parts) {
        if (!optional(p)) {
          plain.push(emit(p[0], p[1]));
          continue;
        }
        if (plain.length > 0) pieces.push(`[${plain.join(', ')}]`);
        plain = [];
        pieces.push(`__go_optlist__(${emit(p[0] + 1, p[1])})`);
      }
      if (plain.length > 0) pieces.push(`[${plain.join(', ')}]`);
      return `(${pieces.join(' + ')})`;
    }
    const entries = parts.map((p) => {
      const opt = optional(p);
      const from = opt ? p[0] + 1 : p[0];
      let colon = -1;
      let depth = 0;
      for (let k = from; k < p[1]; k++) {
        const t = ts[k];
        if (t.kind !== 'punct') continue;
        if (OPEN[t.text]) depth++;
        else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
        // The key ends at the first `:` unless a `?` before it opens a conditional (then it is not sure).
        else if (depth === 0 && colon < 0 && t.text === '?') failed = true;
        else if (depth === 0 && colon < 0 && t.text === ':') colon = k;
      }
      if (colon < 0) failed = true;
      if (failed) return '';
      return `[${emit(from, colon)}, ${emit(colon + 1, p[1])}, ${opt}]`;
    });
    return `__go_optmap__([${entries.join(', ')}])`;
  };
  const out = emit(0, ts.length);
  return failed ? undefined : out;
}
