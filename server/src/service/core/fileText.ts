// A file's text without its one flat string: read in place from the chunks that tile it, and a new version
// given as the changes since one the analysis has. An edit of a 5,000-resource file then copies the edited
// region, not the 1.5 MB around it (issue 35: the copy and the garbage it left were half an edit's cost).

/** Characters read in place: a string is one, and so are a file's chunks (`ChunkChars`). */
export interface Chars {
  readonly length: number;
  charCodeAt(index: number): number;
  slice(from: number, to?: number): string;
}

/** `[start, end)` of a text replaced by `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * An open document's text as the editor's store keeps it (lsp/pieceDocument.ts): its length, the whole text
 * on demand, and the changes that made it from an earlier revision.
 */
export interface DocumentText {
  readonly length: number;
  /** Bumped by every change: the same object at the same revision holds the same text. */
  readonly revision: number;
  /** The whole text (a copy of the file: only where nothing else will do). */
  getText(): string;
  /**
   * The changes from `revision` to this one, in order, each in the text its predecessors left; undefined
   * when they are not kept (too old, or a whole text was sent since).
   */
  changesSince(revision: number): readonly TextChange[] | undefined;
}

/** The characters of a text made of chunks that follow one another from offset 0 (a parsed file's). */
export class ChunkChars implements Chars {
  constructor(
    private readonly chunks: readonly { readonly offset: number; readonly text: string }[],
    readonly length: number,
  ) {}

  /** The index of the chunk holding `offset` (the last one starting at or before it). */
  private at(offset: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.chunks[mid].offset <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    const c = this.chunks[this.at(index)];
    return c.text.charCodeAt(index - c.offset);
  }

  /** As `String.prototype.slice` with offsets in range (the only use: a line, a region). */
  slice(from: number, to: number = this.length): string {
    from = Math.max(0, Math.min(from < 0 ? this.length + from : from, this.length));
    to = Math.max(0, Math.min(to < 0 ? this.length + to : to, this.length));
    if (to <= from) return '';
    let out = '';
    for (let i = this.at(from); i < this.chunks.length && this.chunks[i].offset < to; i++) {
      const c = this.chunks[i];
      out += c.text.slice(Math.max(0, from - c.offset), to - c.offset);
    }
    return out;
  }
}

/**
 * The changes, applied in order to `old`, as one change of `old`: the span from the first character any of
 * them touched to the last, and what it holds now. Reads of `old` only around the changes.
 */
export function coverChanges(old: Chars, changes: readonly TextChange[]): TextChange | undefined {
  if (changes.length === 0) return undefined;
  let start = changes[0].start;
  let end = changes[0].end;
  let text = changes[0].text;
  for (let i = 1; i < changes.length; i++) {
    // The current text is old[0, start) + text + old[end, …): a change outside the span widens it first.
    const c = changes[i];
    if (c.start < start) {
      text = old.slice(c.start, start) + text;
      start = c.start;
    }
    if (c.end > start + text.length) {
      const more = c.end - (start + text.length);
      text += old.slice(end, end + more);
      end += more;
    }
    text = text.slice(0, c.start - start) + c.text + text.slice(c.end - start);
  }
  return { start, end, text };
}

/** The characters of `old` with `change` made, read in place (no copy of `old`). */
export function changedChars(old: Chars, change: TextChange): Chars {
  const { start, end, text } = change;
  const delta = text.length - (end - start);
  const length = old.length + delta;
  const charCodeAt = (i: number): number =>
    i < start ? old.charCodeAt(i) : i < start + text.length ? text.charCodeAt(i - start) : old.charCodeAt(i - delta);
  const slice = (from: number, to: number = length): string => {
    from = Math.max(0, Math.min(from, length));
    to = Math.max(from, Math.min(to, length));
    let out = '';
    if (from < start) out += old.slice(from, Math.min(to, start));
    const a = Math.max(from, start);
    const b = Math.min(to, start + text.length);
    if (b > a) out += text.slice(a - start, b - start);
    const c = Math.max(from, start + text.length);
    if (to > c) out += old.slice(c - delta, to - delta);
    return out;
  };
  return { length, charCodeAt, slice };
}
