// Applies a code action and checks what a user would see: the YAML still parses, the diagnostic it fixes
// is gone, no diagnostic appeared that was not there before, and only the lines the fix is about changed.
import { applyEdits, type Action, type Edit } from '../../server/src/service/core/edits';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile, type Diag } from '../../server/src/service/checks/validate';

/** Where an old offset is after the edits (an offset inside a replaced range goes to its start). */
export function mapOffset(edits: readonly Edit[], at: number): number {
  let delta = 0;
  for (const e of edits) {
    if (e.end <= at && !(e.start === e.end && e.start === at)) delta += e.newText.length - (e.end - e.start);
    else if (e.start < at) return e.start + delta;
  }
  return at + delta;
}

const key = (d: Pick<Diag, 'code' | 'start' | 'end'>) => `${d.code}@${d.start}-${d.end}`;

/** The old lines [from, to) replaced by new ones: the lines outside them are identical. */
export function changedLines(before: string, after: string): { from: number; to: number; added: number } {
  const a = before.split('\n');
  const b = after.split('\n');
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { from: p, to: a.length - s, added: b.length - s - p };
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length - 1;

/** Problems found applying `action` to `text` (whose diagnostics are `diags`); empty when it is sound. */
export function verifyAction(text: string, diags: readonly Diag[], action: Action): string[] {
  const problems: string[] = [];
  const after = applyEdits(text, action.edits);
  const file = parseFile(after);
  const beforeErrors = parseFile(text).docs.reduce((n, d) => n + d.doc.errors.length, 0);
  const afterErrors = file.docs.reduce((n, d) => n + d.doc.errors.length, 0);
  if (afterErrors > beforeErrors)
    problems.push(
      `the YAML no longer parses: ${file.docs.flatMap((d) => d.doc.errors.map((e) => e.message)).join('; ')}`,
    );
  const now = validateFile(file);
  const nowKeys = new Set(now.map(key));
  const edits = [...action.edits].sort((a, b) => a.start - b.start);
  const moved = diags.map((d) => ({ ...d, start: mapOffset(edits, d.start), end: mapOffset(edits, d.end) }));
  const disable = action.title.startsWith('Disable ');
  const fixed = moved[diags.indexOf(action.diag)];
  if (disable) {
    if (
      now.some(
        (d) =>
          d.code === action.diag.code &&
          lineOf(after, d.start) === lineOf(after, fixed.start) + 0 &&
          d.message === action.diag.message,
      )
    )
      problems.push(`${action.diag.code} still reported after disabling it`);
  } else if (nowKeys.has(key(fixed)) && now.some((d) => key(d) === key(fixed) && d.message === action.diag.message)) {
    problems.push(`${action.diag.code} still reported: ${action.diag.message}`);
  }
  const old = new Set(moved.map(key));
  // A diagnostic may move by the lines a fix inserts or removes above it, never appear.
  const oldByLine = new Set(moved.map((d) => `${d.code}:${d.message}`));
  // Except inside what the fix reveals: the content under a corrected key or kind, unchecked before.
  const open = (action.reveals ?? []).map((r) => [mapOffset(edits, r[0]), mapOffset(edits, r[1])]);
  // And a placeholder the fix wrote (`location: ""`), flagged until the user fills it: that is the point.
  const written: number[][] = [];
  let delta = 0;
  for (const e of edits) {
    written.push([e.start + delta, e.start + delta + e.newText.length]);
    delta += e.newText.length - (e.end - e.start);
  }
  for (const d of now) {
    if (open.some(([s, e]) => d.start >= s && d.start <= e)) continue;
    if (d.code === 'placeholder-value' && written.some(([s, e]) => d.start >= s && d.end <= e)) continue;
    if (!old.has(key(d)) && !oldByLine.has(`${d.code}:${d.message}`))
      problems.push(`new diagnostic ${d.code}: ${d.message}`);
  }
  // Only the lines of the fix changed.
  const ch = changedLines(text, after);
  const first = Math.min(...action.edits.map((e) => lineOf(text, e.start)));
  const last = Math.max(...action.edits.map((e) => lineOf(text, Math.max(e.start, e.end - 1))));
  if (ch.to > ch.from && (ch.from < first || ch.to - 1 > last))
    problems.push(`lines ${ch.from + 1}-${ch.to} changed, the fix is about lines ${first + 1}-${last + 1}`);
  return problems;
}
