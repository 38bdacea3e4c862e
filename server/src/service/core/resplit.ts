// A new version of a file split from the split of the version before: the documents at its start and end
// that the edit did not touch are kept (those after it moved by the change in length), and only the text
// between them is split again. The result is exactly `splitDocuments` of the new text (test/service/
// resplit.test.ts checks it against random edits), at the cost of comparing the kept documents' texts
// (native comparisons) instead of running the marker regex over the whole file.
import type { Chars, TextChange } from './fileText';
import { splitDocuments } from './split';

/** How a file version was made from the one before (see ChunkStore.basedOn). */
export interface Basis {
  /** The version before (its own `basis` is dropped, so versions do not chain up in memory). */
  readonly previous: {
    readonly text: string;
    readonly docs: readonly { readonly offset: number; readonly text: string; readonly key: object }[];
  };
  /** The first `prefix` documents are the previous version's first ones, at the same offsets. */
  readonly prefix: number;
  /** The last `suffix` documents are the previous version's last ones, moved by `delta`. */
  readonly suffix: number;
  readonly delta: number;
  /** The new text's offsets between the kept documents: what was split again. */
  readonly start: number;
  readonly end: number;
}

/**
 * Whether `part` is written in `text` at `at`. An equality of strings (compared natively, block by block)
 * rather than `startsWith` with a position, which V8 compares a character at a time (4x slower here).
 */
const same = (text: string, at: number, part: string): boolean => text.substring(at, at + part.length) === part;

/** Whether a `---` document marker starts at `at` (as `documentMarkers` finds them: after a LF). */
function dashMarkerAt(text: Chars, at: number): boolean {
  if (at > 0 && text.charCodeAt(at - 1) !== 10) return false;
  for (let i = 0; i < 3; i++) if (text.charCodeAt(at + i) !== 45) return false;
  const next = text.charCodeAt(at + 3);
  return at + 3 === text.length || next === 32 || next === 9 || next === 13 || next === 10;
}

/**
 * The split of `text` given the split of a previous version (`old`, tiling a text of `oldLength`): how many
 * documents are kept at each end, and the chunks between (file offsets). Undefined when nothing is kept.
 *
 * Why it is exact: a marker is found from its line's first four characters and the character before it,
 * and a `...` line ends its chunk at its own line break. The kept documents start and end where the new text
 * has a `---` marker after a line break (checked, else one document fewer is kept), so every marker of a kept
 * document reads the same characters as before, and the text between starts after a line break and ends
 * with one (or at the end of the text): splitting it alone finds the markers the whole text has there.
 */
export function resplit(
  old: readonly { readonly offset: number; readonly text: string }[],
  oldLength: number,
  text: string,
):
  | {
      prefix: number;
      suffix: number;
      delta: number;
      start: number;
      end: number;
      middle: { offset: number; text: string }[];
    }
  | undefined {
  const n = old.length;
  if (n < 2 || text.length === 0) return undefined;
  const delta = text.length - oldLength;
  let prefix = 0;
  while (prefix < n && same(text, old[prefix].offset, old[prefix].text)) prefix++;
  const endOf = (i: number) => old[i].offset + old[i].text.length;
  // The documents kept at the start end where a `---` marker starts in the new text.
  let start = prefix === 0 ? 0 : endOf(prefix - 1);
  while (prefix > 0 && !dashMarkerAt(text, start)) start = --prefix === 0 ? 0 : endOf(prefix - 1);
  let suffix = 0;
  while (suffix < n - prefix) {
    const d = old[n - 1 - suffix];
    const at = d.offset + delta;
    if (at < start || !same(text, at, d.text)) break;
    suffix++;
  }
  // … and those kept at the end start at one.
  let end = suffix === 0 ? text.length : old[n - suffix].offset + delta;
  while (suffix > 0 && !dashMarkerAt(text, end)) end = --suffix === 0 ? text.length : old[n - suffix].offset + delta;
  if (prefix === 0 && suffix === 0) return undefined;
  const middle =
    start === end
      ? []
      : splitDocuments(text.slice(start, end)).map((c) => ({ offset: c.offset + start, text: c.text }));
  return { prefix, suffix, delta, start, end, middle };
}

/**
 * As `resplit`, where the change that made the new text of the old one is known (an open document's edit):
 * the documents wholly before it and wholly after it are kept as they are (no comparison of texts), then
 * as many as the marker checks of `resplit` require are given up; the text between is read from `text`
 * (the old documents' texts and the change's: lsp/pieceDocument.ts makes no whole text for an edit).
 */
export function resplitAt(
  old: readonly { readonly offset: number; readonly text: string }[],
  change: TextChange,
  text: Chars,
): ReturnType<typeof resplit> {
  const n = old.length;
  if (n < 2 || text.length === 0) return undefined;
  const delta = change.text.length - (change.end - change.start);
  const endOf = (i: number) => old[i].offset + old[i].text.length;
  let prefix = 0;
  while (prefix < n && endOf(prefix) <= change.start) prefix++;
  let start = prefix === 0 ? 0 : endOf(prefix - 1);
  while (prefix > 0 && !dashMarkerAt(text, start)) start = --prefix === 0 ? 0 : endOf(prefix - 1);
  let suffix = 0;
  while (suffix < n - prefix && old[n - 1 - suffix].offset >= change.end && old[n - 1 - suffix].offset + delta >= start)
    suffix++;
  let end = suffix === 0 ? text.length : old[n - suffix].offset + delta;
  while (suffix > 0 && !dashMarkerAt(text, end)) end = --suffix === 0 ? text.length : old[n - suffix].offset + delta;
  if (prefix === 0 && suffix === 0) return undefined;
  const middle =
    start === end
      ? []
      : splitDocuments(text.slice(start, end)).map((c) => ({ offset: c.offset + start, text: c.text }));
  return { prefix, suffix, delta, start, end, middle };
}

/** Index of `value` in the sorted `starts` (it must be there). */
function indexOf(starts: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The line starts of the new version from those of the previous one: the lines of the kept documents
 * (moved by `delta` after the edit) around the lines of the documents split again (`middle`: file offset
 * and the chunk-relative starts of its lines after the first). Exact because the text between starts and
 * ends at line starts (see resplit). 32-bit integers (a JS string is shorter than 2^31): the lines kept are
 * copied as memory, and 80,000 of them are no array of the heap for the collector to go through.
 */
export function resplitLines(
  before: ArrayLike<number>,
  b: Basis,
  middle: readonly { offset: number; starts: readonly number[] }[],
): ArrayLike<number> {
  const head = indexOf(before, b.start) + 1;
  const tail = b.suffix > 0 ? indexOf(before, b.end - b.delta) + 1 : before.length;
  let added = 0;
  for (const m of middle) added += m.starts.length;
  if (b.delta === 0 && added === tail - head && sameStarts(before, head, middle))
    // An edit inside lines (the commonest: typing), the text's length kept: every line starts where it did,
    // and the starts of the version before are those of this one (never written to once made).
    return before;
  // Sized once: the lines before the edit copied, those of the documents between, those after moved.
  const starts = new Int32Array(head + added + (before.length - tail));
  const typed = before instanceof Int32Array ? before : undefined;
  if (typed) starts.set(typed.subarray(0, head));
  else for (let i = 0; i < head; i++) starts[i] = before[i];
  let at = head;
  for (const m of middle) for (const s of m.starts) starts[at++] = m.offset + s;
  const d = b.delta;
  if (typed && d === 0) starts.set(typed.subarray(tail), at);
  else for (let i = tail; i < before.length; i++) starts[at++] = before[i] + d;
  return starts;
}

/** Whether the documents between start their lines where `before` has them from index `head` on. */
function sameStarts(
  before: ArrayLike<number>,
  head: number,
  middle: readonly { offset: number; starts: readonly number[] }[],
): boolean {
  let at = head;
  for (const m of middle) for (const s of m.starts) if (before[at++] !== m.offset + s) return false;
  return true;
}
