// Edits as plain data: a replacement of a span of a file's text, an action (a titled set of edits for a
// diagnostic), and how edits apply to a text. Quick fixes, fix-all, rename and `check --fix` speak in them.
import type { Diag } from './diag';
import type { Span } from './yamlNodes';

/** A replacement of `text.slice(start, end)` by `newText` (offsets into the file). */
export interface Edit {
  start: number;
  end: number;
  newText: string;
}

export interface Action {
  title: string;
  /** The diagnostic the action resolves. */
  diag: Diag;
  /** Others it resolves too: the same action for several diagnostics is offered once (see codeActions). */
  also?: Diag[];
  edits: Edit[];
  /** The action an editor applies on "auto fix" (the best of several candidates). */
  isPreferred?: boolean;
  /** Unambiguous and losing nothing: part of fix-all (`source.fixAll.cloudManifests`, `check --fix`). */
  safe?: boolean;
  /** What the fix makes the checks look into (see fixes/data.ts): diagnostics found there were hidden, not made. */
  reveals?: Span[];
}

/** Applies non-overlapping edits to a text. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error('overlapping edits');
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/** Where an offset of the old text is after the edits (sorted, non-overlapping). */
export function mapOffset(edits: readonly Edit[], at: number): number {
  let delta = 0;
  for (const e of edits) {
    if (e.end <= at) delta += e.newText.length - (e.end - e.start);
    else if (e.start < at) return e.start + delta;
  }
  return at + delta;
}
