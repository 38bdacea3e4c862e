// The code actions of a file's diagnostics, as a pure function of the file and its diagnostics: the LSP
// layer and the tests call it. Each fix is built from what its diagnostic carries (`Diag.data`, see
// core/fixData.ts, edits by core/fixEdits.ts) and offered when workspace/fixAll.ts says it improves the file;
// every diagnostic also gets "Disable CODE for this line", unless the comment would change the data.
import { isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import { isCode } from '../core/codes';
import { lineDirective } from '../core/disableComments';
import type { Diag } from '../core/diag';
import { applyEdits, type Action, type Edit } from '../core/edits';
import { isCurrent } from '../core/fixData';
import { docOf, fixesOf, revealsOf, type FileText } from '../core/fixEdits';
import { Chunk, chunkAt } from '../core/parse';
import { eolAt, lineStartOf } from '../core/spans';
import { addsCrossErrorsAfter, BUILD_FIXES, improves } from '../workspace/fixAll';

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
  // No scalar begins before the first line (and a file too large to read, textLimit.ts, is not parsed for it).
  if (lineStart > 0 && insideScalar(file, lineStart)) return undefined;
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
  // A comment line before everything else in a file is a comment whatever follows: nothing to parse (a
  // kustomization too large to read, textLimit.ts, has its one message on its first line, and two parses of
  // it would be a gigabyte).
  if (
    edits.length === 1 &&
    edits[0].start === 0 &&
    edits[0].end === 0 &&
    /^[ \t]*#[^\r\n]*\r?\n$/.test(edits[0].newText) &&
    !file.text.startsWith('\ufeff')
  )
    return true;
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
