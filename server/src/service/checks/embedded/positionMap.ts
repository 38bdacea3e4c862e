// Where each character of a scalar's decoded value was written in the document: the one map every embedded
// language (PromQL, CEL, and any later one) uses to place its diagnostics, completions and hovers. The value
// is decoded again here the way YAML 1.2 decodes each style (plain and quoted line folding, `''` and
// backslash escapes, literal and folded block scalars with their chomping), recording for every character
// the offset it came from; a character YAML made up (a folded space, an escape's result) points at what it
// replaced (the line break, the backslash). CRLF counts as one break; offsets are UTF-16 units like the text.
import type { Scalar } from 'yaml';
import type { DocumentSource } from '../../core/source';
import { splitsCharacter } from '../../core/lineIndex';
import type { Span } from '../../core/yamlNodes';
import { firstAtLeast } from '../../core/search';

export interface ValueMap {
  /** The decoded value (equal to the parser's). */
  value: string;
  /** `at[i]`: the text offset of value character `i`; `at[value.length]`: the offset just after the value. */
  at: number[];
  /** `to[i]`: the offset just after what wrote character `i` (an escape or `''` is longer than one). */
  to: number[];
  /** False when the value could not be decoded (every character then maps to the scalar's start). */
  exact: boolean;
}

type ScalarLike = Pick<Scalar, 'type' | 'range' | 'value'>;

const isWhite = (c: string | undefined) => c === ' ' || c === '\t';
/** The length of the line break at `i`: LF or CRLF (a lone CR is no line break to YAML, but a character). */
const breakLength = (text: string, i: number): number =>
  text[i] === '\n' ? 1 : text[i] === '\r' && text[i + 1] === '\n' ? 2 : 0;

/** Appends decoded characters with their source offsets. */
class Out {
  chars: string[] = [];
  at: number[] = [];
  to: number[] = [];
  push(s: string, offset: number, length = 1) {
    for (let k = 0; k < s.length; k++) {
      this.chars.push(s[k]);
      this.at.push(offset);
      this.to.push(offset + length);
    }
  }
  truncate(n: number) {
    this.chars.length = n;
    this.at.length = n;
    this.to.length = n;
  }
  get length() {
    return this.chars.length;
  }
}

/**
 * At a line break inside a flow scalar (plain or quoted): folds it and the empty lines after it, and skips
 * the next line's indentation. Returns the offset of the next content character.
 */
function foldFlow(text: string, i: number, out: Out, escaped: boolean): number {
  const first = i;
  i += breakLength(text, i);
  const empties: number[] = [];
  for (;;) {
    let j = i;
    while (isWhite(text[j])) j++;
    const b = breakLength(text, j);
    if (b === 0) {
      i = j;
      break;
    }
    empties.push(j);
    i = j + b;
  }
  if (empties.length === 0) {
    if (!escaped) out.push(' ', first, breakLength(text, first));
  } else for (const e of empties) out.push('\n', e, breakLength(text, e));
  return i;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

function flowScalar(text: string, start: number, end: number, style: 'plain' | 'single' | 'double'): Out {
  const out = new Out();
  let i = style === 'plain' ? start : start + 1;
  // Literal whitespace is dropped when a line break follows it: remember where the current run began.
  let white = -1;
  while (i < end) {
    const c = text[i];
    if (style === 'single' && c === "'") {
      if (text[i + 1] !== "'") break;
      out.push("'", i, 2);
      i += 2;
      white = -1;
      continue;
    }
    if (style === 'double' && c === '"') break;
    if (breakLength(text, i) > 0) {
      if (white >= 0) out.truncate(white);
      white = -1;
      i = foldFlow(text, i, out, false);
      continue;
    }
    if (style === 'double' && c === '\\') {
      const e = text[i + 1];
      if (breakLength(text, i + 1) > 0) {
        // An escaped line break: the lines join without a space (trailing whitespace before it is kept).
        white = -1;
        i = foldFlow(text, i + 1, out, true);
        continue;
      }
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex) {
        const code = parseInt(text.slice(i + 2, i + 2 + hex), 16);
        out.push(Number.isNaN(code) ? '' : String.fromCodePoint(code), i, 2 + hex);
        i += 2 + hex;
      } else {
        out.push(SIMPLE_ESCAPES[e] ?? e, i, 2);
        i += 2;
      }
      white = -1;
      continue;
    }
    if (isWhite(c)) {
      if (white < 0) white = out.length;
    } else white = -1;
    out.push(c, i);
    i++;
  }
  // A plain scalar's range ends at its last character; a quoted one's trailing whitespace is content.
  out.at.push(style === 'plain' ? i : Math.min(i, end));
  return out;
}

interface Line {
  /** Offset of the line's first character and of its break (or the end). */
  start: number;
  brk: number;
  /** Count of leading spaces. */
  indent: number;
  empty: boolean;
}

function blockLines(text: string, from: number, limit: number): Line[] {
  const lines: Line[] = [];
  let i = from;
  while (i < limit) {
    let j = i;
    while (j < limit && breakLength(text, j) === 0) j++;
    let indent = 0;
    while (text[i + indent] === ' ') indent++;
    let k = i + indent;
    while (k < j && isWhite(text[k])) k++;
    lines.push({ start: i, brk: j, indent, empty: k === j });
    i = j + (j < limit ? breakLength(text, j) : 0);
    if (j >= limit) break;
  }
  return lines;
}

function blockScalar(text: string, start: number, limit: number, indentGuess: number | undefined): Out | undefined {
  const folded = text[start] === '>';
  let i = start + 1;
  let chomp: 'clip' | 'strip' | 'keep' = 'clip';
  let explicit: number | undefined;
  while (i < text.length && /[-+1-9]/.test(text[i])) {
    if (text[i] === '-') chomp = 'strip';
    else if (text[i] === '+') chomp = 'keep';
    else explicit = Number(text[i]);
    i++;
  }
  while (i < text.length && breakLength(text, i) === 0) i++; // spaces and a comment
  if (i >= text.length) {
    // The header alone, at the end of the text: an empty value, placed on its indicator (see below).
    const empty = new Out();
    empty.at.push(start);
    return empty;
  }
  i += breakLength(text, i);
  // Only the scalar's own lines (the parser's range of it): reading to the end of the text made a
  // kustomization of 50,000 inline patches quadratic (each patch's map read every line after it).
  const all = blockLines(text, i, Math.max(i, limit));
  // Content indentation: the first non-empty line's, unless an indicator fixes it (relative to the parent,
  // which this function cannot see: the caller then tries the candidates).
  const firstContent = all.find((l) => !l.empty);
  const indent = indentGuess ?? (explicit !== undefined ? undefined : (firstContent?.indent ?? 0));
  if (indent === undefined) return undefined;
  const lines: Line[] = [];
  for (const l of all) {
    if (!l.empty && l.indent < indent) break;
    if (l.indent === 0 && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(l.start, l.start + 4))) break;
    lines.push(l);
  }
  let last = lines.length - 1;
  while (last >= 0 && lines[last].empty && lines[last].brk - lines[last].start <= indent) last--;
  const out = new Out();
  let prev: Line | undefined;
  let emptiesSince: Line[] = [];
  // A break written as CRLF is two units: a span ending after it never ends between them.
  const brk = (l: Line) => Math.max(1, breakLength(text, l.brk));
  const spacedLine = (l: Line) => folded && isWhite(text[l.start + indent]);
  for (let n = 0; n <= last; n++) {
    const l = lines[n];
    // A line of spaces longer than the indentation is content (kept spaces), not an empty line.
    if (l.empty && l.brk - l.start <= indent) {
      emptiesSince.push(l);
      continue;
    }
    if (prev) {
      // Folding joins two lines of text with a space, or with the empty lines' breaks between them;
      // lines starting with more indentation keep their breaks.
      if (folded && !spacedLine(l) && !spacedLine(prev)) {
        if (emptiesSince.length === 0) out.push(' ', prev.brk, brk(prev));
      } else out.push('\n', prev.brk, brk(prev));
    }
    for (const e of emptiesSince) out.push('\n', e.brk, brk(e));
    emptiesSince = [];
    for (let k = l.start + indent; k < l.brk; k++) out.push(text[k], k);
    prev = l;
  }
  // Chomping: the last content line's break, and the trailing empty lines with `+`.
  const tail = lines.slice(last + 1);
  if (prev) {
    if (chomp !== 'strip') out.push('\n', prev.brk, brk(prev));
    if (chomp === 'keep') for (const e of [...emptiesSince, ...tail]) out.push('\n', e.brk, brk(e));
  } else if (chomp === 'keep') for (const e of [...emptiesSince, ...tail]) out.push('\n', e.brk, brk(e));
  // With no content, the value is placed on its indicator: a problem with the empty value is shown on the
  // header's line (where a disable comment above applies), not on whatever line follows.
  const endAt = prev ? prev.brk : start;
  out.at.push(endAt);
  return out;
}

function decode(text: string, node: ScalarLike): Out | undefined {
  const [start, end, nodeEnd] = node.range ?? [0, 0, 0];
  switch (node.type) {
    case 'PLAIN':
      return flowScalar(text, start, end, 'plain');
    case 'QUOTE_SINGLE':
      return flowScalar(text, start, end, 'single');
    case 'QUOTE_DOUBLE':
      return flowScalar(text, start, end, 'double');
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      const limit = Math.min(text.length, Math.max(end, nodeEnd ?? end));
      const out = blockScalar(text, start, limit, undefined);
      if (out && out.chars.join('') === node.value) return out;
      // An explicit indentation indicator, or an unusual layout: the indentation that decodes to the value.
      for (let n = 0; n <= 40; n++) {
        const o = blockScalar(text, start, limit, n);
        if (o && o.chars.join('') === node.value) return o;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

const cache = new WeakMap<object, ValueMap>();

/**
 * The map of a string scalar of `text` (the text its node's ranges refer to). When the value cannot be
 * decoded to the parser's value (it never should), every character maps to the start of the scalar: a
 * diagnostic then marks the whole value's start rather than a wrong character.
 */
export function valueMap(text: string, node: ScalarLike): ValueMap {
  const hit = cache.get(node);
  if (hit) return hit;
  const value = typeof node.value === 'string' ? node.value : String(node.value ?? '');
  const out = decode(text, node);
  let map: ValueMap;
  if (out && out.chars.join('') === value) map = { value, at: out.at, to: out.to, exact: true };
  else {
    const s = node.range?.[0] ?? 0;
    map = { value, at: new Array(value.length + 1).fill(s), to: new Array(value.length).fill(s + 1), exact: false };
    map.at[value.length] = node.range?.[1] ?? s;
  }
  cache.set(node, map);
  return map;
}

/**
 * A span widened to whole characters of `text`: never starting or ending between CR and LF or between the
 * halves of a surrogate pair (a checker counting code points, or a value index on a pair's second half).
 */
export function wholeSpan(text: string, [s, e]: Span): Span {
  if (splitsCharacter(text, s)) s--;
  if (splitsCharacter(text, e)) e++;
  return [s, Math.max(s, e)];
}

/**
 * The text span of value characters `[from, to)` of `text` (the text the map was made from): from the first
 * one's offset to just after the last one, in whole characters.
 */
export function spanIn(text: string, map: ValueMap, from: number, to: number): Span {
  const n = map.value.length;
  const a = Math.max(0, Math.min(from, n));
  const b = Math.max(a, Math.min(to, n));
  const start = map.at[a];
  if (b === a) {
    // An empty range (a problem at the end, "expected more"): the last character, so it stays visible.
    if (a < n) return wholeSpan(text, [start, start + 1]);
    if (n > 0) return wholeSpan(text, [map.at[n - 1], map.at[n - 1] + 1]);
    // An empty value: its indicator or closing quote, unless that is a line break.
    return start < text.length && !/[\r\n]/.test(text[start]) ? wholeSpan(text, [start, start + 1]) : [start, start];
  }
  return wholeSpan(text, [start, Math.max(map.to[b - 1], start + 1)]);
}

/** The value index of a text offset: the first value character written at or after it (a cursor position). */
export function valueOffset(map: ValueMap, offset: number): number {
  return firstAtLeast(map.at, offset, map.value.length);
}

/**
 * A scalar's value as a document source (source.ts), `text` the document it is written in: an embedded language's checks, completion and hover
 * work on the decoded value and place what they find through it, as any document's diagnostics are placed.
 */
export function valueSource(map: ValueMap, text: string): DocumentSource {
  const n = map.value.length;
  return {
    text: map.value,
    toUser: (i) => (i >= 0 && i <= n ? map.at[i] : undefined),
    fromUser: (offset) => valueOffset(map, offset),
    spanToUser: (from, to) => spanIn(text, map, from, to),
  };
}
