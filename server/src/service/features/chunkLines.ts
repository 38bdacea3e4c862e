// A chunk's lines read as YAML structure from the text (indentation, `- ` markers, keys, flow brackets and
// block scalars), not from the AST, so that it works on an empty indented line, mid-word, and in a document
// that does not parse yet: what cursor.ts finds the cursor's place in.
import { lastAtMost } from '../core/search';

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

export function unquote(k: string): string {
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
export function bracketDelta(s: string): number {
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
export function closingQuote(s: string, i: number): number {
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
export const indentOf = (s: string) => /^ */.exec(s)![0].length;

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
    return lastAtMost(this.starts, offset);
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
