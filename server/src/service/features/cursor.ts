// Where the cursor is, for completion and hover: the YAML path at the cursor, derived from the text lines
// (indentation, `- ` markers, keys and flow brackets), not from the AST, so it works on an empty indented
// line, mid-word, and in a document that does not parse yet.

interface Tok {
  col: number;
  kind: 'seq' | 'key';
  name?: string;
  /** Column just after the token (after `- ` or after `key:`). */
  end: number;
}

interface LineInfo {
  tokens: Tok[];
  /** Content of a block scalar or of a multi-line flow collection: no block structure. */
  skip?: 'block' | 'flow';
  /** For flow content lines: the line where the flow collection starts. */
  flowStart?: number;
}

const KEY_RE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},&*!|>%@`?][^#]*?|\?)[ \t]*:(?=[ \t]|$)/;

function unquote(k: string): string {
  if (k.startsWith('"')) {
    try {
      return JSON.parse(k) as string;
    } catch {
      return k.slice(1, -1);
    }
  }
  if (k.startsWith("'")) return k.slice(1, -1).replace(/''/g, "'");
  return k.trim();
}

/** The `- ` markers and the key of a block line. */
export function tokenize(line: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (line[i] === ' ') i++;
  if (i >= line.length || line[i] === '#') return toks;
  if (/^(---|\.\.\.)(\s|$)/.test(line) || line[0] === '%') return toks;
  while (line[i] === '-' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t')) {
    const col = i;
    i++;
    while (line[i] === ' ' || line[i] === '\t') i++;
    toks.push({ col, kind: 'seq', end: i });
  }
  const m = KEY_RE.exec(line.slice(i));
  if (m && m[1] !== '?') toks.push({ col: i, kind: 'key', name: unquote(m[1]), end: i + m[0].length });
  return toks;
}

/** Net count of flow brackets opened in a piece of text (quoted strings and comments left out). */
function bracketDelta(s: string): number {
  let d = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const prev = i === 0 ? ' ' : s[i - 1];
    if ((c === '"' || c === "'") && /[\s{[,:]/.test(prev)) {
      i = closingQuote(s, i);
      if (i < 0) return d;
    } else if (c === '#' && /\s/.test(prev)) return d;
    else if (c === '{' || c === '[') d++;
    else if (c === '}' || c === ']') d--;
  }
  return d;
}

/** Index of the quote closing the one at `i`, or -1. */
function closingQuote(s: string, i: number): number {
  const q = s[i];
  for (let j = i + 1; j < s.length; j++) {
    if (q === '"' && s[j] === '\\') j++;
    else if (s[j] === q) {
      if (q === "'" && s[j + 1] === "'") j++;
      else return j;
    }
  }
  return -1;
}

const BLOCK_INDICATOR = /^[ \t]*[|>][-+0-9]*[ \t]*(#.*)?$/;
const isBlank = (s: string) => /^\s*(#.*)?$/.test(s);
const indentOf = (s: string) => /^ */.exec(s)![0].length;

// ---------------------------------------------------------------------------------------------------
// The cursor

export type CursorContext =
  | {
      /** A key is being typed (or the line is empty) in the mapping at `path`; for `- word` in a list of scalars, the item value. */
      kind: 'key';
      path: string[];
      /** Keys already present in that mapping. */
      present: Set<string>;
      /** Column the key starts at. */
      col: number;
      /** Chunk-local range of the word the completion replaces. */
      start: number;
      end: number;
      /** A `:` already follows the word. */
      hasColon: boolean;
      flow: boolean;
      /** The word typed so far (before the cursor). */
      partial: string;
    }
  | {
      /** A value is being typed for the field at `path`. */
      kind: 'value';
      path: string[];
      start: number;
      end: number;
      partial: string;
      /** The cursor is right after the `:`: insert a space first. */
      needsSpace: boolean;
      flow: boolean;
    }
  | {
      /** The document is empty but for the word at the cursor. */
      kind: 'empty';
      start: number;
      end: number;
    };

export interface Layout {
  /** Indentation step of the document. */
  unit: number;
  /** Sequences written at the column of their key (`key:\n- a`) rather than indented. */
  compactSeq: boolean;
}

/** Chunk-local analysis: lines, their structure, and the cursor. */
export class ChunkText {
  readonly lines: string[] = [];
  readonly starts: number[] = [];
  readonly info: LineInfo[] = [];

  constructor(readonly text: string) {
    const re = /\r\n|\r|\n/g;
    let last = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      this.starts.push(last);
      this.lines.push(text.slice(last, m.index));
      last = m.index + m[0].length;
    }
    this.starts.push(last);
    this.lines.push(text.slice(last));
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Structure of every line; the cursor line is taken up to the cursor only. */
  analyse(cursorLine: number, before: string): void {
    let block = -1;
    let flowDepth = 0;
    let flowStart = -1;
    let flowIndent = 0;
    for (let i = 0; i < this.lines.length; i++) {
      const text = i === cursorLine ? before : this.lines[i];
      if (block >= 0) {
        const content = text.trim() === '' ? !(i === cursorLine && text.length <= block) : indentOf(text) > block;
        if (content) {
          this.info[i] = { tokens: [], skip: 'block' };
          continue;
        }
        block = -1;
      }
      // Flow content lines are indented more than the line the collection starts on: a line that is not
      // ends an unclosed collection (a half-typed `[` or an unclosed quote must not swallow the document).
      if (flowDepth > 0 && (text.trim() !== '' || i === cursorLine) && indentOf(text) <= flowIndent) flowDepth = 0;
      if (flowDepth > 0) {
        this.info[i] = { tokens: [], skip: 'flow', flowStart };
        flowDepth += bracketDelta(text);
        if (flowDepth < 0) flowDepth = 0;
        continue;
      }
      const tokens = tokenize(text);
      this.info[i] = { tokens };
      const last = tokens[tokens.length - 1];
      const rest = text.slice(last ? last.end : 0);
      if (last && BLOCK_INDICATOR.test(rest)) block = last.col;
      else if (/^\s*[{[]/.test(rest)) {
        const d = bracketDelta(rest);
        if (d > 0) {
          flowDepth = d;
          flowStart = i;
          flowIndent = tokens.length ? tokens[0].col : indentOf(text);
        }
      }
    }
  }

  /**
   * The path of the mapping (state `key`) or sequence (state `item`) whose entries start at column `col`
   * on line `line`, found from the lines above by indentation.
   */
  parentPath(line: number, col: number, state: 'key' | 'item'): string[] {
    const path: string[] = [];
    let c = col;
    let st = state;
    for (let i = line - 1; i >= 0; i--) {
      if (c === 0 && st === 'key') break;
      const info = this.info[i];
      if (!info || info.skip) continue;
      const toks = info.tokens;
      for (let j = toks.length - 1; j >= 0; j--) {
        const t = toks[j];
        if (t.col > c) continue;
        if (t.col === c) {
          // A key at the column of a sequence is the key the (compact) sequence belongs to.
          if (st === 'item' && t.kind === 'key') {
            path.unshift(t.name!);
            st = 'key';
          }
          continue;
        }
        if (t.kind === 'key') {
          path.unshift(t.name!);
          st = 'key';
        } else {
          path.unshift('[]');
          st = 'item';
        }
        c = t.col;
      }
    }
    return path;
  }

  /** The path of the tokens of a line up to and including token `upTo`. */
  tokenPath(line: number, toks: Tok[], upTo = toks.length - 1): string[] {
    if (toks.length === 0) return [];
    const first = toks[0];
    const path = this.parentPath(line, first.col, first.kind === 'seq' ? 'item' : 'key');
    for (let j = 0; j <= upTo; j++) path.push(toks[j].kind === 'seq' ? '[]' : toks[j].name!);
    return path;
  }

  /** Keys at column `col` in the same mapping as a key on line `line` (excluding that line's own key). */
  siblingKeys(line: number, col: number, lineToks: Tok[]): Set<string> {
    const out = new Set<string>();
    // Upwards: stop at the first line with structure left of the column (the parent).
    if (!lineToks.some((t) => t.col < col)) {
      for (let i = line - 1; i >= 0; i--) {
        const info = this.info[i];
        if (!info || info.skip) continue;
        const k = info.tokens.find((t) => t.col === col && t.kind === 'key');
        if (k) out.add(k.name!);
        if (info.tokens.some((t) => t.col < col)) break;
      }
    }
    for (let i = line + 1; i < this.lines.length; i++) {
      const info = this.info[i];
      if (!info || info.skip) continue;
      if (info.tokens.some((t) => t.col < col)) break;
      const k = info.tokens.find((t) => t.col === col && t.kind === 'key');
      if (k) out.add(k.name!);
    }
    return out;
  }

  /** True when every line but the cursor's is blank, a comment or a document marker. */
  emptyBut(line: number): boolean {
    return this.lines.every(
      (l, i) => i === line || isBlank(l) || /^(---|\.\.\.)\s*(#.*)?$/.test(l) || l.startsWith('%'),
    );
  }

  layout(): Layout {
    const units = new Map<number, number>();
    let compact = 0;
    let indented = 0;
    for (let i = 0; i < this.lines.length; i++) {
      const info = this.info[i];
      const last = info?.tokens[info.tokens.length - 1];
      if (!last || info.skip || last.kind !== 'key' || !isBlank(this.lines[i].slice(last.end))) continue;
      for (let j = i + 1; j < this.lines.length; j++) {
        const next = this.info[j];
        if (!next || next.skip || next.tokens.length === 0) continue;
        const first = next.tokens[0];
        if (first.kind === 'seq') {
          if (first.col === last.col) compact++;
          else if (first.col > last.col) indented++;
        } else if (first.col > last.col) units.set(first.col - last.col, (units.get(first.col - last.col) ?? 0) + 1);
        break;
      }
    }
    let unit = 2;
    let best = 0;
    for (const [u, n] of units) if (n > best || (n === best && u < unit)) [unit, best] = [u, n];
    return { unit: Math.min(Math.max(unit, 1), 8), compactSeq: compact > indented };
  }
}

/** Word characters of a key or a plain value being typed. */
const WORD = /[^\s:#{}[\],]/;

/** The completion context at a chunk-local offset, or undefined where nothing can be completed. */
export function cursorAt(chunk: ChunkText, local: number): CursorContext | undefined {
  const L = chunk.lineOf(local);
  const lineStart = chunk.starts[L];
  const lineText = chunk.lines[L];
  const col = local - lineStart;
  const before = lineText.slice(0, col);
  const after = lineText.slice(col);
  chunk.analyse(L, before);

  // A totally empty document (but for a word being typed at the cursor).
  if (chunk.emptyBut(L) && /^\s*[^\s:#{}[\],'"-][^\s:#{}[\],]*$|^\s*$/.test(before) && /^[^\s:#]*\s*$/.test(after)) {
    const wordEnd = col + /^[^\s:#]*/.exec(after)![0].length;
    return { kind: 'empty', start: lineStart, end: lineStart + wordEnd };
  }

  const info = chunk.info[L];
  if (info.skip === 'block') return undefined;
  // Document markers and directives.
  if (/^(---|\.\.\.)/.test(before) || before.startsWith('%')) return undefined;

  // Inside a flow collection (`{ name: x, | }`), opened on this line or above.
  const flowLine = info.skip === 'flow' ? info.flowStart! : L;
  if (info.skip === 'flow' || flowOpen(chunk, L, before)) return flowContext(chunk, flowLine, local);

  // Block context.
  const toks = tokenize(before);
  const markers = toks.filter((t) => t.kind === 'seq');
  const key = toks.find((t) => t.kind === 'key');
  if (!key) {
    // Indentation, `- ` markers, then a word (or nothing): a key (or a list item value) is being typed.
    const wordStart = markers.length ? markers[markers.length - 1].end : indentOf(before);
    const partial = before.slice(wordStart);
    if (before.slice(0, wordStart).includes('\t')) return undefined;
    if (!/^(["']?[^\s:#{}[\],]*)$/.test(partial)) return undefined;
    // `-` just typed, without its space: nothing yet.
    if (partial === '-') return undefined;
    let wordEnd = col;
    while (
      wordEnd < lineText.length &&
      WORD.test(lineText[wordEnd]) &&
      lineText[wordEnd] !== '"' &&
      lineText[wordEnd] !== "'"
    )
      wordEnd++;
    const hasColon = /^\s*:(\s|$)/.test(lineText.slice(wordEnd));
    const path = markers.length
      ? [...chunk.parentPath(L, markers[0].col, 'item'), ...markers.map(() => '[]')]
      : chunk.parentPath(L, wordStart, 'key');
    const present = chunk.siblingKeys(L, wordStart, markers);
    return {
      kind: 'key',
      path,
      present,
      col: wordStart,
      start: lineStart + wordStart,
      end: lineStart + wordEnd,
      hasColon,
      flow: false,
      partial,
    };
  }

  // `key: partial` — a value.
  const rest = before.slice(key.end);
  if (rest.includes('#') && /\s#/.test(' ' + rest)) return undefined;
  const needsSpace = rest.length === 0;
  const valueStart = key.end + (rest.length - rest.trimStart().length);
  const partial = before.slice(valueStart);
  // Replace to the end of the value written on the line (comments kept).
  const tail = after.replace(/\s+#.*$/, '').replace(/\s+$/, '');
  const path = [...chunk.tokenPath(L, toks)];
  return {
    kind: 'value',
    path,
    start: lineStart + valueStart,
    end: lineStart + col + tail.length,
    partial,
    needsSpace,
    flow: false,
  };
}

function flowOpen(chunk: ChunkText, L: number, before: string): boolean {
  const toks = chunk.info[L].tokens;
  const last = toks[toks.length - 1];
  const rest = before.slice(last ? last.end : 0);
  return /^\s*[{[]/.test(rest) && bracketDelta(rest) > 0;
}

interface Frame {
  type: '{' | '[';
  /** The path segment leading into this collection from its parent flow collection. */
  seg?: string;
  key?: string;
  keys: string[];
  expectKey: boolean;
}

/** Context inside a flow collection that starts on line `S`. */
function flowContext(chunk: ChunkText, S: number, local: number): CursorContext | undefined {
  const toks = chunk.info[S].tokens;
  const base = chunk.tokenPath(S, toks);
  const last = toks[toks.length - 1];
  const text = chunk.text;
  const from = chunk.starts[S] + (last ? last.end : 0);
  const stack: Frame[] = [];
  let tok = '';
  let tokStart = -1;
  let quoted = false;
  for (let i = from; i < local; i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if ((c === '"' || c === "'") && tok === '') {
      const close = closingQuote(text, i);
      tokStart = i;
      if (close < 0 || close >= local) break; // the cursor is inside the quotes
      tok = unquote(text.slice(i, close + 1));
      quoted = true;
      i = close;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      const eol = text.indexOf('\n', i);
      if (eol < 0 || eol >= local) return undefined;
      i = eol;
      continue;
    }
    if (c === '{' || c === '[') {
      const seg = top ? (top.type === '[' ? '[]' : top.key) : undefined;
      stack.push({ type: c, seg, keys: [], expectKey: c === '{' });
      tok = '';
      tokStart = -1;
      quoted = false;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      if (stack.length === 0) return undefined;
      tok = '';
      tokStart = -1;
      quoted = false;
      continue;
    }
    if (!top) {
      if (!/\s/.test(c)) return undefined;
      continue;
    }
    if (c === ',') {
      if (top.type === '{') {
        if (top.expectKey && tok) top.keys.push(tok.trim());
        top.key = undefined;
        top.expectKey = true;
      }
      tok = '';
      tokStart = -1;
      quoted = false;
      continue;
    }
    if (
      c === ':' &&
      top.type === '{' &&
      top.expectKey &&
      (quoted || /[\s,}\]]/.test(text[i + 1] ?? ' ') || i + 1 === local)
    ) {
      top.key = tok.trim();
      top.keys.push(top.key);
      top.expectKey = false;
      tok = '';
      tokStart = -1;
      quoted = false;
      continue;
    }
    if (/\s/.test(c) && tok === '') continue;
    if (tok === '') tokStart = i;
    tok += c;
  }
  const top = stack[stack.length - 1];
  if (!top) return undefined;
  const path = [...base, ...stack.map((f) => f.seg).filter((s, i) => i > 0 || s !== undefined)] as string[];
  if (path.some((s) => s === undefined)) return undefined;
  const start = tokStart >= 0 ? tokStart : local;
  let end = local;
  while (end < text.length && WORD.test(text[end]) && !/["']/.test(text[end])) end++;
  if (top.type === '{' && top.expectKey) {
    const present = new Set([...top.keys, ...keysAfter(text, end)]);
    const hasColon = /^\s*:/.test(text.slice(end));
    const lineStart = chunk.starts[chunk.lineOf(local)];
    return {
      kind: 'key',
      path,
      present,
      col: start - lineStart,
      start,
      end,
      hasColon,
      flow: true,
      partial: text.slice(start, local),
    };
  }
  const valuePath = top.type === '{' ? [...path, top.key!] : [...path, '[]'];
  return {
    kind: 'value',
    path: valuePath,
    start,
    end,
    partial: text.slice(start, local),
    needsSpace: false,
    flow: true,
  };
}

/** Keys after the cursor in the same flow mapping. */
function keysAfter(text: string, from: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  let tok = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = closingQuote(text, i);
      if (close < 0) break;
      if (depth === 0 && expectKey) tok = unquote(text.slice(i, close + 1));
      i = close;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (--depth < 0) break;
    } else if (depth === 0 && c === ',') {
      expectKey = true;
      tok = '';
    } else if (depth === 0 && c === ':' && expectKey) {
      if (tok.trim()) keys.push(tok.trim());
      expectKey = false;
      tok = '';
    } else if (depth === 0 && expectKey) tok += c;
  }
  return keys;
}

/** A key or a plain value under the cursor, found from the lines (for documents that do not parse). */
export interface TextHit {
  role: 'key' | 'value';
  path: string[];
  /** Chunk-local range of the key or value. */
  start: number;
  end: number;
  value?: string;
}

export function textHitAt(chunk: ChunkText, local: number): TextHit | undefined {
  const L = chunk.lineOf(local);
  const line = chunk.lines[L];
  const lineStart = chunk.starts[L];
  const col = local - lineStart;
  chunk.analyse(L, line);
  const info = chunk.info[L];
  if (info.skip) return undefined;
  const toks = info.tokens;
  const k = toks.findIndex((t) => t.kind === 'key');
  if (k < 0) return undefined;
  const key = toks[k];
  const colon = line.lastIndexOf(':', key.end - 1);
  // A column at the key's end (the caret before its colon) is the key's, as at a value's end.
  if (col >= key.col && col <= colon) {
    return { role: 'key', path: chunk.tokenPath(L, toks, k), start: lineStart + key.col, end: lineStart + colon };
  }
  const rest = line.slice(key.end);
  const valueText = rest.replace(/\s+#.*$/, '').trim();
  if (!valueText || /^[{[|>&*!]/.test(valueText)) return undefined;
  const vStart = key.end + rest.indexOf(valueText);
  const vEnd = vStart + valueText.length;
  if (col < vStart || col > vEnd) return undefined;
  const value = /^["']/.test(valueText) ? unquote(valueText) : valueText;
  return { role: 'value', path: chunk.tokenPath(L, toks, k), start: lineStart + vStart, end: lineStart + vEnd, value };
}
