// Offsets are UTF-16 code unit indexes into the JS string, which is what LSP positions count, so no
// re-encoding is needed: a line/character pair is the offset minus the line's start offset.
import type { Chars } from './fileText';

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}

/** Start offsets of every line of a text, for offset ↔ position conversion in O(log n). */
export class LineIndex {
  /** An array, or 32-bit integers (a version of a large file made from the one before: resplit.ts). */
  readonly starts: ArrayLike<number>;
  /** `starts`, when given, must be the line start offsets of `text` (e.g. joined from cached chunks). */
  constructor(
    /** Read for its length and the characters at line ends: a string, or a file's chunks (fileText.ts). */
    readonly text: Chars,
    starts?: ArrayLike<number>,
  ) {
    if (starts) {
      this.starts = starts;
      return;
    }
    if (typeof text !== 'string') throw new Error('LineIndex: the line starts of a text read in place are given');
    // Jumping from break to break with indexOf (native, fast) rather than reading every character: a 50 MB
    // document's index took over a second character by character.
    const computed = [0];
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf >= 0 || cr >= 0) {
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // A lone CR is a line break to LSP; a CRLF ends its line after the LF.
        if (cr + 1 !== lf) computed.push(cr + 1);
        cr = text.indexOf('\r', cr + 1);
      } else {
        computed.push(lf + 1);
        lf = text.indexOf('\n', lf + 1);
      }
    }
    this.starts = computed;
  }
  get lineCount(): number {
    return this.starts.length;
  }
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo] };
  }
  offsetAt(pos: Position): number {
    if (pos.line < 0) return 0;
    if (pos.line >= this.starts.length) return this.text.length;
    const start = this.starts[pos.line];
    const end = this.lineEnd(pos.line);
    return Math.min(start + Math.max(0, pos.character), end);
  }
  /** Offset of the end of a line, before its line break. */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    let end = next;
    if (end > this.starts[line] && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.starts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
  lineText(line: number): string {
    return this.text.slice(this.starts[line], this.lineEnd(line));
  }
  /**
   * The offset of `pos` when it is the position `positionAt` gives for that offset (a line of the text and a
   * character within it, not past its end), else undefined: whether a position made for an earlier version
   * still stands for an offset, without making a position.
   */
  exactOffset(pos: Position): number | undefined {
    const { line, character } = pos;
    if (line < 0 || line >= this.starts.length || character < 0) return undefined;
    const start = this.starts[line];
    return character <= this.lineEnd(line) - start ? start + character : undefined;
  }
  range(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}

/**
 * Positions of offsets asked for in increasing order, found by one pass over the text that can be spread
 * over time (no array of every line start: for a text too large to index, see tooLarge.ts).
 */
export class LineCounter {
  private at = 0;
  private line = 0;
  private lineStart = 0;
  constructor(private readonly text: string) {}
  /** The position of `offset` (at or after every offset asked for before). */
  positionAt(offset: number): Position {
    const text = this.text;
    const to = Math.min(offset, text.length);
    for (; this.at < to; this.at++) {
      const c = text.charCodeAt(this.at);
      if (c === 10 || (c === 13 && text.charCodeAt(this.at + 1) !== 10)) {
        this.line++;
        this.lineStart = this.at + 1;
      }
    }
    return { line: this.line, character: to - this.lineStart };
  }
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A message with no lone surrogate (a parser or checker that counts UTF-16 units may quote half an emoji):
 * the half becomes the character of `written` (the problem's text) it belongs to, or U+FFFD.
 */
export function wholeCharacters(message: string, written?: string): string {
  return message.replace(LONE, (half) => {
    const pair = written && /[\uD800-\uDBFF][\uDC00-\uDFFF]/.exec(written)?.[0];
    return pair && pair.includes(half) ? pair : '\uFFFD';
  });
}

/** Whether offset `at` lies inside one character of `text`: between CR and LF, or between a pair's halves. */
export function splitsCharacter(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return (
    (before === 13 && after === 10) || (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff)
  );
}
