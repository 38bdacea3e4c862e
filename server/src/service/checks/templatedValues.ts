// A string value with a Helm template action in it (masked: core/maskedChars.ts) says nothing certain about
// what renders, except where its literal parts alone break the rule whatever the action writes: a
// character the pattern's character classes never allow, an IPv4 octet over 255 between dots, a literal
// start (or end) that no allowed value has. Those are reported on the literal part; anything less certain is
// not (the template's diagnostics leave out what lands on an action: workspace/helm/templateDiagnostics.ts).
import { FORMAT_DOCS } from '../../model/formats';
import type { StringFormat, StringType } from '../../model/types';
import { isMaskedChar } from '../core/maskedChars';
import { listOf } from '../core/suggest';
import type { Span } from '../core/yamlNodes';
import type { WalkContext } from './walkContext';

/** A run of a value's literal characters (no action in it): `[from, to)` in the value. */
export interface LiteralRun {
  from: number;
  to: number;
  text: string;
}

/**
 * The literal characters `[from, to)` of a value (between actions, or its ends) as a run, without the white
 * space next to an action (`{{-` and `-}}` trim it from the output); undefined when only white space.
 */
function trimmedRun(v: string, from: number, to: number): LiteralRun | undefined {
  let [a, b] = [from, to];
  if (a > 0) while (a < b && /\s/.test(v[a])) a++;
  if (b < v.length) while (b > a && /\s/.test(v[b - 1])) b--;
  return b > a ? { from: a, to: b, text: v.slice(a, b) } : undefined;
}

/**
 * Where `[from, to)` of the value is in the text: only when the scalar is written as it reads (plain, or
 * quoted with no escape or folded line), so the offsets are the value's.
 */
export function runSpan(text: string, span: Span, v: string, from: number, to: number): Span | undefined {
  const written = text.slice(span[0], span[1]);
  if (written === v) return [span[0] + from, span[0] + to];
  const q = written[0];
  if ((q === '"' || q === "'") && written.length === v.length + 2 && written.endsWith(q) && written.slice(1, -1) === v)
    return [span[0] + 1 + from, span[0] + 1 + to];
  return undefined;
}

type Ranges = [number, number][];

const DIGITS: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];

/** A `\x` escape: the characters it stands for, or undefined when it stands for more than a few known ones. */
function escaped(c: string): Ranges | undefined {
  if (c === 'd') return DIGITS;
  if (c === 'w') return WORD;
  // A punctuation character escaped is itself; a letter or digit escape (`\s`, `\S`, `\p`, `\1`…) is not known.
  if (/[A-Za-z0-9]/.test(c) || c === '') return undefined;
  return [[c.charCodeAt(0), c.charCodeAt(0)]];
}

/** The character class at `[`: its ranges and where it ends, or undefined (negated, POSIX, unknown escape). */
function charClass(p: string, at: number): { ranges: Ranges; end: number } | undefined {
  let i = at + 1;
  if (p[i] === '^' || p[i] === ']') return undefined;
  const ranges: Ranges = [];
  const single = (): [number, number] | Ranges | undefined => {
    if (p[i] === '\\') {
      const r = escaped(p[i + 1] ?? '');
      i += 2;
      return r;
    }
    if (p[i] === '[' && p[i + 1] === ':') return undefined;
    const code = p.charCodeAt(i++);
    return code >= 0xd800 && code <= 0xdfff ? undefined : [code, code];
  };
  while (i < p.length && p[i] !== ']') {
    const a = single();
    if (!a) return undefined;
    const isOne = typeof a[0] === 'number';
    if (isOne && p[i] === '-' && p[i + 1] !== ']' && i + 1 < p.length) {
      i++;
      const b = single();
      if (!b || typeof b[0] !== 'number' || (b as [number, number])[0] < (a as [number, number])[0]) return undefined;
      ranges.push([(a as [number, number])[0], (b as [number, number])[0]]);
    } else if (isOne) ranges.push(a as [number, number]);
    else for (const r of a as Ranges) ranges.push(r);
  }
  return i < p.length ? { ranges, end: i + 1 } : undefined;
}

/**
 * Every character a string matching `pattern` may hold, when the pattern is anchored (`^…$`) and made of
 * literal characters, character classes (not negated), groups, alternatives inside groups and quantifiers
 * only; undefined for anything else (`.`, `\s`, lookarounds, flags…): then nothing is certain.
 */
export function patternAlphabet(pattern: string): Ranges | undefined {
  const p = pattern;
  if (!p.startsWith('^') || !p.endsWith('$') || p.length < 2) return undefined;
  const body = p.slice(1, -1);
  // A `$` escaped is a literal, not the anchor.
  if (/(^|[^\\])(\\\\)*\\$/.test(body)) return undefined;
  const ranges: Ranges = [];
  let depth = 0;
  for (let i = 0; i < body.length;) {
    const c = body[i];
    if (c === '\\') {
      const r = escaped(body[i + 1] ?? '');
      if (!r) return undefined;
      for (const x of r) ranges.push(x);
      i += 2;
    } else if (c === '[') {
      const cls = charClass(body, i);
      if (!cls) return undefined;
      for (const x of cls.ranges) ranges.push(x);
      i = cls.end;
    } else if (c === '(') {
      if (body[i + 1] === '?') {
        if (body[i + 2] !== ':') return undefined;
        i += 3;
      } else i++;
      depth++;
    } else if (c === ')') {
      if (--depth < 0) return undefined;
      i++;
    } else if (c === '|') {
      // At the top, `^a|b$` is `(^a)|(b$)`: neither side anchored at both ends.
      if (depth === 0) return undefined;
      i++;
    } else if (c === '*' || c === '+' || c === '?') i++;
    else if (c === '{') {
      const q = /^\{\d+(,\d*)?\}/.exec(body.slice(i, i + 24));
      if (!q) return undefined;
      i += q[0].length;
    } else if (c === '.' || c === '^' || c === '$' || c === ']' || c === '}') return undefined;
    else {
      const code = body.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdfff) return undefined;
      ranges.push([code, code]);
      i++;
    }
  }
  return depth === 0 ? ranges : undefined;
}

/** Ranges sorted and merged: disjoint, for a binary search. */
function merged(ranges: Ranges | undefined): Ranges | undefined {
  if (!ranges) return undefined;
  const out: Ranges = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/**
 * The first literal run of `v` holding characters no string matching `pattern` holds, with those
 * characters (each once, as written); undefined when there is none or the pattern is not simple enough.
 */
export function neverAllowedChars(
  pattern: string,
  v: string,
  doubleQuoted: boolean,
): { run: LiteralRun; chars: string[] } | undefined {
  // Read for each templated value only (few): a pattern is read in time linear in its length.
  const alphabet = merged(patternAlphabet(pattern));
  if (!alphabet) return undefined;
  const allowed = (code: number) => {
    // Disjoint and sorted (merged): the last range starting at or before the code, found by halving.
    let lo = 0;
    let hi = alphabet.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (alphabet[mid][0] <= code) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && alphabet[lo - 1][1] >= code;
  };
  // One pass over the characters; a run is looked at whole only where it holds one the pattern never allows.
  for (let i = 0; i < v.length; i++) {
    const code = v.charCodeAt(i);
    if (isMaskedChar(code) || allowed(code)) continue;
    let from = i;
    while (from > 0 && !isMaskedChar(v.charCodeAt(from - 1))) from--;
    let to = i + 1;
    while (to < v.length && !isMaskedChar(v.charCodeAt(to))) to++;
    const trimmed = trimmedRun(v, from, to);
    if (trimmed) {
      // In a double-quoted scalar an action may write a `\x`/`\u`/`\U` escape that takes the hex digits after it.
      const skip = doubleQuoted && trimmed.from > 0 ? (/^[0-9A-Fa-f]{0,8}/.exec(trimmed.text)?.[0].length ?? 0) : 0;
      const chars = [...new Set([...trimmed.text.slice(skip)].filter((c) => !allowed(c.charCodeAt(0))))];
      if (chars.length > 0) return { run: trimmed, chars };
    }
    i = to;
  }
  return undefined;
}

/** The formats whose addresses are dotted IPv4 (in an IPv6 address, only its last part has dots, as IPv4). */
const DOTTED: ReadonlySet<StringFormat> = new Set(['ipv4-or-cidr', 'cidr', 'go-cidr', 'go-ipv4']);

/**
 * A literal number over 255 between dots (or the value's start, or a `/` prefix length after it) in an
 * IPv4-shaped format: whatever the actions write, that part is an octet that cannot be.
 */
export function octetOver255(format: StringFormat, v: string): { from: number; to: number } | undefined {
  if (!DOTTED.has(format)) return undefined;
  for (const m of v.matchAll(/\d+/g)) {
    const from = m.index;
    const to = from + m[0].length;
    const before = from === 0 ? '' : v[from - 1];
    const after = to === v.length ? '' : v[to];
    // Bounded on both sides by what ends an octet, and a dot on at least one side (an address, not a prefix).
    if ((before !== '.' && before !== '') || (after !== '.' && after !== '' && after !== '/')) continue;
    if (before !== '.' && after !== '.') continue;
    if (m[0].replace(/^0+(?=\d)/, '').length > 3 || Number(m[0]) > 255) return { from, to };
  }
  return undefined;
}

/**
 * A literal start (or end) of `v` that no allowed value has: the action cannot make it one of them. The
 * literal part, or undefined.
 */
export function enumNeverStart(values: readonly string[], v: string, doubleQuoted: boolean): LiteralRun | undefined {
  // Only the literal start and end matter: read up to the first action and back from the end to the last.
  let head = 0;
  while (head < v.length && !isMaskedChar(v.charCodeAt(head))) head++;
  let tail = v.length;
  while (tail > 0 && !isMaskedChar(v.charCodeAt(tail - 1))) tail--;
  const first = head > 0 ? trimmedRun(v, 0, head) : undefined;
  const last = tail < v.length ? trimmedRun(v, tail, v.length) : undefined;
  if (first && first.from === 0 && !values.some((x) => x.startsWith(first.text))) return first;
  // The end after an action, in a double-quoted scalar: an escape the action writes may take its first characters.
  if (!doubleQuoted && last && last.to === v.length && !values.some((x) => x.endsWith(last.text))) return last;
  return undefined;
}

/** `"M"` and `"_"`, quoted for a message. */
export const charList = (chars: readonly string[]): string => {
  const q = chars.slice(0, 6).map((c) => `\`${c}\``);
  return q.length === 1 ? q[0] : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
};

/**
 * A literal part as a message quotes it: at most 40 characters (the value itself is not quoted: a templated
 * value may be megabytes of actions, and the problem is in the part under the squiggle).
 */
export const clipped = (s: string): string => {
  if (s.length <= 40) return s;
  const head = s.slice(0, 39);
  return `${/[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head}…`;
};

/** What no action can mend: said once, on the literal part. */
export const NO_ACTION = 'No value of the template action can make it valid.';

/**
 * A string value with an action in it (structuralWalk's `checkString` hands it over): its enum, pattern and
 * IPv4 format judged on the literal parts alone, reported only where certain, on the literal part (the
 * rest of the value is the action's, and said nothing of).
 */
export function checkTemplatedString(ctx: WalkContext, v: string, span: Span, t: StringType, label: string): void {
  const text = ctx.text;
  // An integer is as good as a string there: digits the action writes may make the value one.
  if (!text || t.intOrString) return;
  const doubleQuoted = text[span[0]] === '"';
  const at = (from: number, to: number) => runSpan(text, span, v, from, to);
  if (t.enum) {
    const values = t.enum.map((e) => e.value);
    const run = enumNeverStart(values, v, doubleQuoted);
    const where = run && at(run.from, run.to);
    if (run && where)
      ctx.out.report(
        'enum-value',
        where,
        `\`${label}\` does not allow a value ${run.from === 0 ? 'starting' : 'ending'} with "${clipped(run.text)}": no allowed value does; allowed: ${listOf(values, 20)}. ${NO_ACTION}`,
      );
    return;
  }
  if (t.pattern !== undefined) {
    const found = neverAllowedChars(t.pattern, v, doubleQuoted);
    const where = found && at(found.run.from, found.run.to);
    if (found && where)
      ctx.out.report(
        'pattern',
        where,
        `\`${label}\` is not allowed: its literal text "${clipped(found.run.text)}" holds ${charList(found.chars)}, and it must be ${t.patternDoc ?? `matched by \`${t.pattern}\``}. ${NO_ACTION}`,
        t.patternSeverity,
      );
  }
  if (t.format) {
    const octet = octetOver255(t.format, v);
    const where = octet && at(octet.from, octet.to);
    if (octet && where)
      ctx.out.report(
        'format',
        where,
        `\`${label}\` must be ${FORMAT_DOCS[t.format]}: ${clipped(v.slice(octet.from, octet.to))} between dots is not an octet (0 to 255). ${NO_ACTION}`,
      );
  }
}
