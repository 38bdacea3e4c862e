// Whether a fix improves its file, and fix-all: an edit is made only when its document parses after it,
// reports nothing new (the checks run again on the edited document) and adds no cross-document Error (the
// workspace's cross-file checks on the file: fixCrossCheck.ts). Quick fixes (features/codeActions.ts),
// fix-all in the editor, in a Helm template (helm/templateFixes.ts) and `check --fix` share it.
import { plainText } from '../core/plainText';
import type { Diag } from '../core/diag';
import { applyEdits, mapOffset, type Edit } from '../core/edits';
import { isCurrent } from '../core/fixData';
import { docOf, fixesOf, revealsOf, type FileText } from '../core/fixEdits';
import { memoKey } from '../core/memo';
import { Chunk, chunkAt } from '../core/parse';
import type { Span } from '../core/yamlNodes';
import { validateChunk } from '../checks/validate';
import { addsCrossErrors, sameCrossPicture } from './fixCrossCheck';

/**
 * Whether the document starting at `docOffset` is better after the edits: it parses, `fixed` (when given)
 * is no longer reported, and nothing is reported that was not before, except inside what the fix
 * `reveals` (the content under a corrected key or kind, which the mistake kept from being checked).
 */
export function improves(
  file: FileText,
  docOffset: number,
  edits: readonly Edit[],
  fixed?: Diag,
  reveals: readonly Span[] = [],
): boolean {
  const chunk = chunkAt(file, docOffset);
  if (!chunk || chunk.offset !== docOffset) return false;
  const end = chunk.offset + chunk.text.length;
  if (edits.some((e) => e.start < chunk.offset || e.end > end)) return false;
  // The document must parse now (its cached diagnostics say so) and after the edits.
  const was = validateChunk(chunk, false, file);
  if (was.some((d) => d.code === 'yaml-syntax')) return false;
  const rel = [...edits]
    .sort((a, b) => a.start - b.start)
    .map((e) => ({ ...e, start: e.start - chunk.offset, end: e.end - chunk.offset }));
  // The editor asks again at every move of the cursor on the line: the verdict is kept with the document.
  const key = JSON.stringify([
    rel,
    fixed && [fixed.code, plainText(fixed.message)],
    reveals.map((r) => [r[0] - chunk.offset, r[1] - chunk.offset]),
  ]);
  const verdictCache = chunk.store.memo.get(VERDICTS);
  let verdicts = verdictCache.get(chunk.key);
  if (!verdicts) verdictCache.set(chunk.key, (verdicts = new Map()));
  const hit = verdicts.get(key);
  if (hit !== undefined) return hit;
  const next = new Chunk(applyEdits(chunk.text, rel), chunk.store, false);
  const ok = chunk.store.readOnce(() => {
    if (next.doc.errors.length > 0) return false;
    return noneNew(
      was,
      validateChunk({ text: next.text, doc: next.doc, key: next, store: chunk.store }),
      rel,
      chunk.offset,
      fixed,
      reveals,
    );
  });
  verdicts.set(key, ok);
  return ok;
}

/**
 * Whether edits inside one document add a cross-document Error to the file: not when the document gives
 * the cross-document checks what it gave before (the usual fix), else as the whole file says.
 */
export function addsCrossErrorsAfter(file: FileText, docOffset: number, edits: readonly Edit[]): boolean {
  if (file.docs.length < 2) return false;
  const chunk = chunkAt(file, docOffset);
  const end = chunk.offset + chunk.text.length;
  if (chunk.offset === docOffset && edits.every((e) => e.start >= chunk.offset && e.end <= end)) {
    const rel = edits.map((e) => ({ ...e, start: e.start - chunk.offset, end: e.end - chunk.offset }));
    const next = new Chunk(applyEdits(chunk.text, rel), chunk.store, false);
    const same = chunk.store.readOnce(() =>
      sameCrossPicture(chunk, { key: next, doc: next.doc, store: chunk.store, text: next.text }),
    );
    if (same) return false;
  }
  return addsCrossErrors(file, applyEdits(file.text, edits));
}

/** Verdicts of `improves` per document content (its chunk key): they live as long as the parsed chunk. */
const VERDICTS = memoKey(() => new WeakMap<object, Map<string, boolean>>());

/** Whether `now` reports nothing `was` did not (outside `reveals`), and `fixed` (when given) fewer times. */
function noneNew(
  was: readonly Diag[],
  now: readonly Diag[],
  rel: readonly Edit[],
  offset: number,
  fixed: Diag | undefined,
  reveals: readonly Span[],
): boolean {
  const before = new Map<string, number>();
  // Messages compared as the editor shows them: `fixed` comes back from it in plain text (plainText.ts).
  const tag = (d: Diag) => `${d.code}:${plainText(d.message)}`;
  for (const d of was) before.set(tag(d), (before.get(tag(d)) ?? 0) + 1);
  const open = reveals.map((r) => [mapOffset(rel, r[0] - offset), mapOffset(rel, r[1] - offset)]);
  // What the edits wrote, in the new text: a placeholder the fix inserted is flagged until the user fills
  // it (placeholder-value), which is the point, not a new problem.
  const written: [number, number][] = [];
  let delta = 0;
  for (const e of rel) {
    written.push([e.start + delta, e.start + delta + e.newText.length]);
    delta += e.newText.length - (e.end - e.start);
  }
  const placeholder = (d: Diag) =>
    d.code === 'placeholder-value' && written.some(([s, e]) => d.start >= s && d.end <= e);
  const fixedBefore = fixed ? (before.get(tag(fixed)) ?? 0) : 0;
  let fixedAfter = 0;
  for (const d of now) {
    if (fixed && tag(d) === tag(fixed)) fixedAfter++;
    const n = before.get(tag(d)) ?? 0;
    if (n > 0) before.set(tag(d), n - 1);
    else if (placeholder(d)) continue;
    // A problem with the revealed value as a whole (a list where the renamed field takes a number): the
    // suggestion was wrong. Problems inside it were only hidden by the mistake.
    else if (!open.some(([s, e]) => d.start >= s && d.start <= e && !(d.start === s && d.end === e && e > s)))
      return false;
  }
  return !fixed || fixedAfter < fixedBefore;
}

/**
 * Codes found by building an overlay, not by checking the document alone: whether a fix makes them go away
 * is not seen by checking the document again (the edit must still add no problem of its own).
 */
export const BUILD_FIXES: ReadonlySet<string> = new Set([
  'kustomize-patch-no-match',
  'kustomize-replacement-failed',
  'kustomize-unknown-field',
]);

/**
 * The safe fixes of a file as one set of edits: one per diagnostic, overlapping ones left out, and in a
 * document whose fixed text would not parse, none. `accept` as for codeActions.
 */
export function fixAllEdits(file: FileText, diags: readonly Diag[], accept: (e: Edit) => boolean = () => true): Edit[] {
  const byDoc = new Map<number, { edits: Edit[]; diag: Diag; reveals: Span[] }[]>();
  for (const d of diags) {
    if (!d.data || !isCurrent(d.data, file.text)) continue;
    const fix = fixesOf(d, d.data).find((a) => a.safe && a.edits.every(accept));
    if (!fix) continue;
    const at = docOf(file, d);
    const list = byDoc.get(at) ?? [];
    list.push({ edits: fix.edits, diag: d, reveals: revealsOf(d.data) });
    byDoc.set(at, list);
  }
  const perDoc: Edit[][] = [];
  for (const [at, fixes] of byDoc) {
    fixes.sort((a, b) => a.edits[0].start - b.edits[0].start);
    const chosen: typeof fixes = [];
    let end = -1;
    for (const f of fixes) {
      const s = f.edits.reduce((m, e) => Math.min(m, e.start), Infinity);
      if (s < end) continue;
      chosen.push(f);
      end = f.edits.reduce((m, e) => Math.max(m, e.end), end);
    }
    // All of a document's fixes together, when that reports nothing new (not even content a fix reveals:
    // fix-all changes nothing the user has not seen); else the ones that do on their own.
    const all = chosen.flatMap((f) => f.edits);
    if (improves(file, at, all)) perDoc.push(all);
    else {
      const alone = chosen.filter((f) => improves(file, at, f.edits, f.diag));
      const edits = alone.flatMap((f) => f.edits);
      if (alone.length > 0 && improves(file, at, edits)) perDoc.push(edits);
    }
  }
  // Nor any Error in another document of the file (cross-document checks): all documents' fixes together,
  // else those of each document that add none on their own, if together they add none either.
  const joined = (sets: Edit[][]) => sets.flat().sort((a, b) => a.start - b.start);
  if (perDoc.length === 0 || !addsCrossErrors(file, applyEdits(file.text, joined(perDoc)))) return joined(perDoc);
  const fine = perDoc.filter((edits) => !addsCrossErrors(file, applyEdits(file.text, edits)));
  return fine.length > 0 && !addsCrossErrors(file, applyEdits(file.text, joined(fine))) ? joined(fine) : [];
}
