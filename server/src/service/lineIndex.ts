// Offsets are UTF-16 code unit indexes into the JS string, which is what LSP positions count, so no
// re-encoding is needed: a line/character pair is the offset minus the line's start offset.

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
  readonly starts: number[];
  /** `starts`, when given, must be the line start offsets of `text` (e.g. joined from cached chunks). */
  constructor(
    readonly text: string,
    starts?: number[],
  ) {
    if (starts) {
      this.starts = starts;
      return;
    }
    const computed = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) computed.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) computed.push(i + 1);
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
  range(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}
