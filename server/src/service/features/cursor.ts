// Where the cursor is, for completion and hover: the YAML path at the cursor, derived from the text lines
// (chunkLines.ts: indentation, `- ` markers, keys and flow brackets), not from the AST, so it works on an
// empty indented line, mid-word, and in a document that does not parse yet.
import { bracketDelta, closingQuote, indentOf, tokenize, unquote, type ChunkText } from './chunkLines';

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
