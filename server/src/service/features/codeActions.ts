// Quick fixes and fix-all, as a pure function of a file and its diagnostics: the LSP layer, the CLI's
// `--fix` and the tests call the same code. Each fix is built from what its diagnostic carries
// (`Diag.data`, see fixes/data.ts); every diagnostic also gets "Disable CODE for this line". An action
// whose edit would leave its YAML document unparsable is not offered.
import { plainText } from '../core/plainText';
import { isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import { isCode, type Code } from '../core/codes';
import type { Diag } from '../core/diag';
import { lineDirective } from '../core/disableComments';
import { memoKey } from '../core/memo';
import { addsCrossErrors, sameCrossPicture } from '../workspace/fixCrossCheck';
import { isCurrent, type FixData } from '../core/fixData';
import { eolAt, lineStartOf } from '../core/spans';
import { Chunk, chunkAt, type ParsedFile } from '../core/parse';
import { validateChunk } from '../checks/validate';
import type { Span } from '../core/yamlNodes';

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

type FileText = Pick<ParsedFile, 'text' | 'lines' | 'docs'>;

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

/** The edits of each fix a diagnostic's data offers (none without data). */
export const fixEditsOf = (d: Diag): Edit[][] => (d.data ? fixesOf(d, d.data).map((a) => a.edits) : []);

/** The actions a diagnostic's data describes. */
function fixesOf(d: Diag, data: FixData): Omit<Action, 'diag'>[] {
  switch (data.fix) {
    case 'replace':
      return data.candidates.map((c, i) => ({
        title: c.title,
        edits: [{ start: data.span[0], end: data.span[1], newText: c.text }],
        ...(i === 0 && !data.choice ? { isPreferred: true } : {}),
        ...(data.safe && data.candidates.length === 1 ? { safe: true } : {}),
      }));
    case 'field': {
      const renames = data.candidates.map((c, i) => ({
        title: `Rename \`${data.name}\` to \`${c}\``,
        edits: [{ start: data.key[0], end: data.key[1], newText: c }],
        ...(i === 0 ? { isPreferred: true } : {}),
        ...(data.candidates.length === 1 ? { safe: true } : {}),
      }));
      const remove = data.remove
        ? [
            {
              title: `Remove \`${data.name}\` and its value`,
              edits: [{ start: data.remove[0], end: data.remove[1], newText: '' }],
            },
          ]
        : [];
      return [...renames, ...remove];
    }
    case 'remove':
      return data.options.map((o) => ({
        title: o.title,
        edits: o.spans.map((s) => ({ start: s[0], end: s[1], newText: '' })),
        ...(data.options.length === 1 ? { isPreferred: true } : {}),
        ...(o.safe ? { safe: true } : {}),
      }));
    case 'insert':
      return [
        {
          title: data.title,
          edits: data.edits.map((e) => ({ start: e.at, end: e.at, newText: e.text })),
          isPreferred: true,
        },
      ];
  }
}

/** Whether a line start lies inside a scalar that spans lines (a comment inserted there would corrupt it). */
function insideScalar(file: FileText, lineStart: number): boolean {
  const chunk = [...file.docs].reverse().find((c) => c.offset <= lineStart);
  if (!chunk) return false;
  const at = lineStart - chunk.offset;
  let inside = false;
  // Any scalar that began on an earlier line (a block scalar, or a plain or quoted one over several lines):
  // a comment line there would end it or become part of it.
  visit(chunk.doc, {
    Scalar(_, node) {
      if (isScalar(node) && node.range && node.range[0] < at && at < node.range[1]) {
        inside = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return inside;
}

/**
 * "Disable CODE for this line": a directive comment above the line, or the code added to the one there. The
 * line is YAML's (to LF: see fixes/spans.ts), as validate.ts reads the directive, and the comment ends with
 * the line break of the lines around it.
 */
export function disableAction(file: FileText, d: Diag): Omit<Action, 'diag'> | undefined {
  const text = file.text;
  const lineStart = lineStartOf(text, d.start);
  const title = `Disable ${d.code} for this line`;
  if (lineStart > 0) {
    const prevStart = lineStartOf(text, lineStart - 1);
    const prev = text.slice(prevStart, lineStart - 1).replace(/\r$/, '');
    const directive = lineDirective(prev);
    if (directive) {
      if (directive.codes.length === 0 || directive.codes.includes(d.code)) return undefined;
      const at = prevStart + directive.codesEnd;
      return { title, edits: [{ start: at, end: at, newText: ` ${d.code}` }] };
    }
  }
  if (insideScalar(file, lineStart)) return undefined;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  return {
    title,
    edits: [
      {
        start: lineStart,
        end: lineStart,
        newText: `${indent}# cloud-manifests-disable-next-line ${d.code}${eolAt(text, lineStart)}`,
      },
    ],
  };
}

/**
 * Whether a comment inserted by "Disable" leaves its document as it was: no new parser error and the same
 * data. (The parser rejects some comments: one right above a flow collection used as a key, `[]:`.)
 */
function keepsData(file: FileText, edits: readonly Edit[]): boolean {
  const chunk = chunkAt(file, edits[0].start);
  const end = chunk.offset + chunk.text.length;
  if (edits.some((e) => e.start < chunk.offset || e.end > end)) return false;
  const rel = edits.map((e) => ({ ...e, start: e.start - chunk.offset, end: e.end - chunk.offset }));
  const next = new Chunk(applyEdits(chunk.text, rel), chunk.store, false);
  return chunk.store.readOnce(() => {
    if (next.doc.errors.length > chunk.doc.errors.length) return false;
    return JSON.stringify(dataOf(next.doc.contents)) === JSON.stringify(dataOf(chunk.doc.contents));
  });
}

/**
 * A document's data as written: its nodes without comments or positions (not `toJS`, which resolves
 * merge keys and aliases, and throws on an invalid merge the checks report).
 */
function dataOf(node: unknown): unknown {
  if (isMap(node)) return { map: node.items.map((p) => [dataOf(p.key), dataOf(p.value)]) };
  if (isSeq(node)) return { seq: node.items.map(dataOf) };
  if (isScalar(node)) return { value: typeof node.value === 'symbol' ? String(node.value) : node.value, tag: node.tag };
  if (isAlias(node)) return { alias: node.source };
  return node ?? null;
}

/** Where an offset of the old text is after the edits (sorted, non-overlapping). */
function mapOffset(edits: readonly Edit[], at: number): number {
  let delta = 0;
  for (const e of edits) {
    if (e.end <= at) delta += e.newText.length - (e.end - e.start);
    else if (e.start < at) return e.start + delta;
  }
  return at + delta;
}

/**
 * Whether the document starting at `docOffset` is better after the edits: it parses, `fixed` (when given)
 * is no longer reported, and nothing is reported that was not before, except inside what the fix
 * `reveals` (the content under a corrected key or kind, which the mistake kept from being checked).
 */
function improves(
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
function addsCrossErrorsAfter(file: FileText, docOffset: number, edits: readonly Edit[]): boolean {
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
const BUILD_FIXES: ReadonlySet<string> = new Set(['kustomize-patch-no-match']);

/** The offset of the document a diagnostic's edits belong to. */
const revealsOf = (data: FixData): Span[] => ('reveals' in data && data.reveals ? [data.reveals] : []);

const docOf = (file: FileText, d: Diag): number => d.data?.doc?.[0] ?? chunkAt(file, d.start).offset;

/**
 * The code actions for the diagnostics that touch `range` (file offsets; all when absent). `diags` are the
 * diagnostics as reported for this text (or sent back by an editor: data computed on another version of a
 * document offers nothing but "Disable"). `accept`: which edits may be made (a Helm template's variant: those
 * that do the same to the template, helm/literalEdits.ts); a fix with another is not offered.
 */
export function codeActions(
  file: FileText,
  diags: readonly Diag[],
  range?: [number, number],
  accept: (e: Edit) => boolean = () => true,
): Action[] {
  const out: Action[] = [];
  const disables: Action[] = [];
  // Several diagnostics can call for the same edit: one "Disable CODE for this line" for two of that code
  // on one line (an overlay's warning, one per overlay rendering the file), or two problems one value fixes.
  // The editor would list it once per diagnostic; it is offered once, resolving them all.
  const byEdit = new Map<string, Action>();
  const push = (a: Action, to: Action[]) => {
    const key = JSON.stringify([a.title, a.edits]);
    const first = byEdit.get(key);
    if (first) (first.also ??= []).push(a.diag);
    else {
      byEdit.set(key, a);
      to.push(a);
    }
  };
  for (const d of diags) {
    if (range && (d.end < range[0] || d.start > range[1])) continue;
    if (d.data && isCurrent(d.data, file.text)) {
      for (const a of fixesOf(d, d.data))
        if (
          a.edits.every(accept) &&
          improves(file, docOf(file, d), a.edits, BUILD_FIXES.has(d.code) ? undefined : d, revealsOf(d.data)) &&
          !addsCrossErrorsAfter(file, docOf(file, d), a.edits)
        )
          push({ ...a, diag: d, ...(revealsOf(d.data).length ? { reveals: revealsOf(d.data) } : {}) }, out);
    }
    if (isCode(d.code) && d.code !== 'yaml-syntax') {
      // Never preferred (an editor applies a preferred action on "auto fix": silencing is no fix), and after
      // every fix of the range: an editor's menu focuses its first entry, which Enter applies.
      const dis = disableAction(file, d);
      if (dis && keepsData(file, dis.edits)) push({ ...dis, diag: d, isPreferred: false }, disables);
    }
  }
  return [...out, ...disables];
}

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

export type { Code };
