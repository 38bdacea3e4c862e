// The open documents' store (`TextDocuments`' configuration): a document whose edit does not copy the whole
// file. vscode-languageserver-textdocument concatenates the new text at every change and reads a character
// of it (its CRLF check), which makes V8 flatten 1.5 MB for one keystroke in a 5,000-resource file, and the
// dropped versions are garbage to collect. Here a version is a few pieces (slices of the last flat text and
// the changes' own texts), joined into one string only when someone asks for the whole text (`getText()`,
// once per version) or when the pieces grow past `MAX_PIECES`; positions come from line starts kept in an
// Int32Array, updated around each change. Its answers are those of the library's `TextDocument`
// (test/lsp/pieceDocument.test.ts compares them after random edits: CRLF, lone CR, surrogate pairs).
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { DocumentText, TextChange } from '../service/core/fileText';

/** Past this many pieces a version is joined (one copy every few dozen edits instead of one per edit). */
const MAX_PIECES = 64;
/** The changes kept for the analysis (it takes each version's, or those of a burst, soon after). */
const MAX_LOG = 256;

/** A run of characters of a version: `text[from, to)`. */
interface Piece {
  readonly text: string;
  readonly from: number;
  readonly to: number;
}

const isEol = (c: number) => c === 10 || c === 13;

/** A document of the store: the library's `TextDocument` in behaviour, without a whole copy per edit. */
export class PieceDocument implements TextDocument, DocumentText {
  private pieces: Piece[];
  length: number;
  /** Bumped by every change (see DocumentText). */
  revision = 0;
  /** The changes that made revisions `logFrom + 1` to `revision`, in order (the analysis's: changesSince). */
  private log: TextChange[] = [];
  private logFrom = 0;
  /** The whole text of this version, once joined. */
  private flat: string | undefined;
  /** Start offset of every line (the first is 0). */
  private starts: Int32Array;
  /** How many times a whole text was joined from pieces (a test counts them per edit). */
  joins = 0;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
  ) {
    this.pieces = [{ text: content, from: 0, to: content.length }];
    this.length = content.length;
    this.flat = content;
    this.starts = lineStarts(content);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  getText(range?: Range): string {
    if (range) return this.slice(this.offsetAt(range.start), this.offsetAt(range.end));
    if (this.flat === undefined) this.join();
    return this.flat as string;
  }

  /** The characters `[from, to)` of this version (as `substring`), read from its pieces (no whole copy). */
  slice(from: number, to: number): string {
    if (this.flat !== undefined) return this.flat.substring(from, to);
    // As `substring`: clamped to the text, the ends swapped when given end first.
    if (to < from) [from, to] = [to, from];
    from = Math.max(0, from);
    to = Math.min(this.length, to);
    if (to <= from) return '';
    let out = '';
    let at = 0;
    for (const p of this.pieces) {
      const n = p.to - p.from;
      if (at + n > from && at < to)
        out += p.text.substring(p.from + Math.max(0, from - at), p.from + Math.min(n, to - at));
      at += n;
      if (at >= to) break;
    }
    return out;
  }

  /** The UTF-16 unit at `offset` (NaN outside the text, as `String.prototype.charCodeAt`). */
  charCodeAt(offset: number): number {
    if (this.flat !== undefined) return this.flat.charCodeAt(offset);
    if (offset < 0 || offset >= this.length) return NaN;
    let at = 0;
    for (const p of this.pieces) {
      const n = p.to - p.from;
      if (offset < at + n) return p.text.charCodeAt(p.from + offset - at);
      at += n;
    }
    return NaN;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.length), 0);
    const starts = this.starts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid] > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    offset = this.beforeEol(offset, starts[line]);
    return { line, character: offset - starts[line] };
  }

  offsetAt(position: Position): number {
    const starts = this.starts;
    if (position.line >= starts.length) return this.length;
    if (position.line < 0) return 0;
    const lineOffset = starts[position.line];
    if (position.character <= 0) return lineOffset;
    const next = position.line + 1 < starts.length ? starts[position.line + 1] : this.length;
    return this.beforeEol(Math.min(lineOffset + position.character, next), lineOffset);
  }

  /** The range of a line without its line break (as the library: a line past the end is the last one). */
  getLineRange(line: number): Range {
    const starts = this.starts;
    if (line >= starts.length) {
      const last = starts.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.length - starts[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = starts[line];
    const next = line + 1 < starts.length ? starts[line + 1] : this.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeEol(next, start) - start } };
  }

  /** The line break that ends a line ('' for the last line, or a line outside the text). */
  getEOLCharacters(line: number): string {
    const starts = this.starts;
    if (line >= starts.length || line < 0) return '';
    const next = line + 1 < starts.length ? starts[line + 1] : this.length;
    return this.slice(this.beforeEol(next, starts[line]), next);
  }

  /** As the library: an offset inside a line break (or at its end) moves back to the line's end. */
  private beforeEol(offset: number, lineOffset: number): number {
    while (offset > lineOffset && isEol(this.charCodeAt(offset - 1))) offset--;
    return offset;
  }

  /** Applies the changes of one `didChange` in order (each in the coordinates its predecessors left). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change && change.range !== undefined) {
        const r = wellFormed(change.range);
        this.replace(this.offsetAt(r.start), this.offsetAt(r.end), change.text);
      } else {
        this.pieces = [{ text: change.text, from: 0, to: change.text.length }];
        this.length = change.text.length;
        // A whole text: no change leads to it from an earlier revision.
        this.revision++;
        this.log = [];
        this.logFrom = this.revision;
        this.flat = change.text;
        this.starts = lineStarts(change.text);
      }
    }
    this.version = version;
  }

  /** `[start, end)` replaced by `text`: the pieces split around it, the line starts around it found again. */
  private replace(start: number, end: number, text: string): void {
    this.revision++;
    this.log.push({ start, end, text });
    if (this.log.length > MAX_LOG) {
      this.log.shift();
      this.logFrom++;
    }
    const pieces: Piece[] = [];
    let at = 0;
    for (const p of this.pieces) {
      const n = p.to - p.from;
      if (at < start) pieces.push({ text: p.text, from: p.from, to: p.from + Math.min(n, start - at) });
      if (at + n > end) pieces.push({ text: p.text, from: p.from + Math.max(0, end - at), to: p.to });
      at += n;
    }
    // The pieces before the change end at `start`: the change's text goes after them.
    let k = 0;
    at = 0;
    while (k < pieces.length && at < start) at += pieces[k].to - pieces[k++].from;
    if (text.length > 0) pieces.splice(k, 0, { text, from: 0, to: text.length });
    this.pieces = pieces.filter((p) => p.to > p.from);
    const delta = text.length - (end - start);
    this.length += delta;
    this.flat = undefined;
    if (this.pieces.length === 0) this.flat = '';
    else if (this.pieces.length === 1 && this.pieces[0].from === 0 && this.pieces[0].to === this.pieces[0].text.length)
      this.flat = this.pieces[0].text;
    this.updateStarts(start, end, text.length, delta);
    if (this.pieces.length > MAX_PIECES) this.join();
  }

  /**
   * The line starts after a change of `[start, end)` into `inserted` characters. A line starts at `p` when
   * the character before is a LF, or a CR not followed by a LF: which reads only `p - 1` and `p`. So every
   * start before `start` stands, every one after the old `end` moves by `delta`, and those from `start` to
   * the change's new end are found again from the new characters (a CR and a LF joined or parted included).
   */
  private updateStarts(start: number, end: number, inserted: number, delta: number): void {
    const old = this.starts;
    let head = 0; // the old starts < start (a binary search: the first >= start)
    let hi = old.length;
    while (head < hi) {
      const mid = (head + hi) >> 1;
      if (old[mid] < start) head = mid + 1;
      else hi = mid;
    }
    let tail = head; // the old starts <= end (then those after it are kept, moved)
    hi = old.length;
    while (tail < hi) {
      const mid = (tail + hi) >> 1;
      if (old[mid] <= end) tail = mid + 1;
      else hi = mid;
    }
    const found: number[] = start === 0 ? [0] : [];
    // The characters from `start - 1` to the change's new end (inclusive), read once from the pieces.
    const from0 = Math.max(0, start - 1);
    const around = this.slice(from0, start + inserted + 1);
    for (let p = Math.max(1, start); p <= start + inserted; p++) {
      const before = around.charCodeAt(p - 1 - from0);
      if (before === 10 || (before === 13 && around.charCodeAt(p - from0) !== 10)) found.push(p);
    }
    if (found.length === tail - head) {
      // As many lines as before (typing inside a line): written in place.
      for (let i = 0; i < found.length; i++) old[head + i] = found[i];
      if (delta !== 0) for (let i = tail; i < old.length; i++) old[i] += delta;
      return;
    }
    const starts = new Int32Array(head + found.length + (old.length - tail));
    starts.set(old.subarray(0, head));
    starts.set(found, head);
    const from = head + found.length;
    for (let i = tail; i < old.length; i++) starts[from + i - tail] = old[i] + delta;
    this.starts = starts;
  }

  changesSince(revision: number): readonly TextChange[] | undefined {
    if (revision < this.logFrom || revision > this.revision) return undefined;
    return this.log.slice(revision - this.logFrom);
  }

  /** The pieces joined into one flat string (the one whole copy). */
  private join(): void {
    const parts: string[] = [];
    for (const p of this.pieces) parts.push(p.text.substring(p.from, p.to));
    const flat = parts.join('');
    this.joins++;
    this.flat = flat;
    this.pieces = [{ text: flat, from: 0, to: flat.length }];
  }
}

/** As the library: a range given end first is read start first. */
function wellFormed(range: Range): Range {
  const { start, end } = range;
  if (start.line > end.line || (start.line === end.line && start.character > end.character))
    return { start: end, end: start };
  return range;
}

/** Line start offsets of a text (CRLF, LF and a lone CR each end a line). */
function lineStarts(text: string): Int32Array {
  const out: number[] = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) out.push(i + 1);
  }
  return Int32Array.from(out);
}

/** `TextDocuments`' configuration: the server's open documents are `PieceDocument`s. */
export const pieceDocuments: TextDocumentsConfiguration<PieceDocument> = {
  create: (uri, languageId, version, content) => new PieceDocument(uri, languageId, version, content),
  update: (document, changes, version) => {
    document.update(changes, version);
    return document;
  },
};
