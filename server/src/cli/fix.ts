// `check --fix` / `--fix-dry-run`: the safe fixes (the editor's fix-all) applied to a file's text until none
// is left, and a unified diff of what changed. A text that does not parse is left as it is, and so is one
// whose fixed text would not (fixAllEdits already refuses that per document; checked again here).
// Files are written by io/write.ts (atomic, refused when the file changed since it was read), only when they
// were read as exact UTF-8 and their real path lies inside the folders checked. The one fix that creates a
// file, an overlay's owner-references configuration, is ownerConfigFix.ts's.
import { outsideRoots, type RealFolders } from '../io/realInside';
import { ChangedSinceReadError, RefusedWriteError, writeFileAtomic, type WriteHooks } from '../io/write';
import { ioReason } from '../io/ioReason';
import { printable } from './printable';
import { fixText } from '../service/host/fixAll';
import { LineIndex } from '../service/core/lineIndex';
import { updateRunFile, type WorkspaceFile, type WorkspaceRun } from './runWorkspace';
import { fixOwnerConfigs } from './ownerConfigFix';

/** Line operations turning `a` into `b`: changes are few and local, so a short look-ahead resynchronises. */
export function lineOps(a: string[], b: string[]): [' ' | '-' | '+', string][] {
  const ops: [' ' | '-' | '+', string][] = [];
  const W = 200;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push([' ', a[i++]]);
      j++;
      continue;
    }
    let di = a.length - i;
    let dj = b.length - j;
    search: for (let s = 1; s <= 2 * W; s++) {
      for (let x = 0; x <= s; x++) {
        const y = s - x;
        if (x > W || y > W || i + x >= a.length || j + y >= b.length) continue;
        if (a[i + x] === b[j + y]) {
          [di, dj] = [x, y];
          break search;
        }
      }
    }
    for (let k = 0; k < di; k++) ops.push(['-', a[i + k]]);
    for (let k = 0; k < dj; k++) ops.push(['+', b[j + k]]);
    i += di;
    j += dj;
  }
  return ops;
}

/** A unified diff (3 lines of context) of `before` → `after`, named `name`; empty when equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return '';
  const split = (t: string) => (t.endsWith('\n') ? t.slice(0, -1) : t).split('\n');
  const ops = lineOps(split(before), split(after));
  const shown = printable(name);
  const out = [`--- a/${shown}`, `+++ b/${shown}`];
  const C = 3;
  let k = 0;
  let aLine = 1;
  let bLine = 1;
  while (k < ops.length) {
    if (ops[k][0] === ' ') {
      k++;
      aLine++;
      bLine++;
      continue;
    }
    // A hunk: from C lines before this change to C lines after the last change within 2C of each other.
    const start = Math.max(0, k - C);
    let end = k;
    let quiet = 0;
    for (let m = k; m < ops.length; m++) {
      if (ops[m][0] === ' ') {
        if (++quiet > 2 * C) break;
      } else {
        quiet = 0;
        end = m;
      }
    }
    const stop = Math.min(ops.length, end + 1 + C);
    const hunk = ops.slice(start, stop);
    const back = k - start;
    const aStart = aLine - back;
    const bStart = bLine - back;
    const aCount = hunk.filter((o) => o[0] !== '+').length;
    const bCount = hunk.filter((o) => o[0] !== '-').length;
    out.push(`@@ -${aCount ? aStart : aStart - 1},${aCount} +${bCount ? bStart : bStart - 1},${bCount} @@`);
    for (const [op, line] of hunk) out.push(op + line.replace(/\r$/, ''));
    for (let m = k; m < stop; m++) {
      if (ops[m][0] !== '+') aLine++;
      if (ops[m][0] !== '-') bLine++;
    }
    k = stop;
  }
  return out.join('\n') + '\n';
}

export interface FixRun {
  /** Problems fixed, and files changed (written, or that would be). */
  fixed: number;
  files: number;
  /** The unified diff of every change (`--fix-dry-run`). */
  diff: string;
  /** Files left as they are, with why (nothing to report as a failure: standard input, a file that does not parse). */
  skipped: string[];
  /** Files whose fixes could not be written, with why: the run exits 2. */
  notWritten: string[];
}

export interface FixOptions {
  /** Real paths of the folders checked: a file (or a link's target) outside them is never written. */
  roots: readonly string[];
  /** Tests only: see io/write.ts. */
  hooks?: WriteHooks;
}

/** Why a file's fixes may not be written; undefined when they may. */
function unwritable(file: WorkspaceFile, roots: readonly string[], folders: RealFolders): string | undefined {
  if (file.decoded?.encoding === 'utf16') return 'it is UTF-16, and only UTF-8 is written';
  if (file.decoded?.encoding === 'invalid-utf8')
    return `it is not valid UTF-8 (byte ${file.decoded.badByte} is not), and writing it would change bytes no fix touches`;
  if (!file.disk) return 'it was not read from disk';
  return outsideRoots(file.path!, roots, 'the folders checked', folders);
}

/**
 * Applies the safe fixes to every file of a run, from the run's analysis (the editor's fix-all:
 * service/host/fixAll.ts): written (`write`; see the top of this file), or only described (`dry-run`). A file
 * written is analysed again (`updateRunFile`), so the report is of what is left; a dry run, and a file that
 * could not be written, report the problems as they are on disk.
 */
export function fixWorkspace(
  run: WorkspaceRun,
  mode: 'write' | 'dry-run',
  fixOptions: FixOptions = { roots: [] },
): FixRun {
  const result: FixRun = { fixed: 0, files: 0, diff: '', skipped: [], notWritten: [] };
  const folders: RealFolders = new Map();
  run.workspace.files.forEach((file, i) => {
    const before = file.parsed.text;
    // Too large to check in full, or a kustomization or patch file too large to read: no fix is known (its
    // checks are not run).
    const entry = run.host.file(run.uris[i]).entry(before);
    if (entry === 'tooLarge' || entry === 'unread') return;
    const r = fixText(run.host, run.uris[i], before);
    if (r.unparsable) {
      if (r.fixesIfParsed) result.skipped.push(`${file.display}: not fixed, it does not parse`);
      return;
    }
    if (r.fixed === 0 || r.text === before) return;
    if (mode === 'dry-run') {
      result.diff += unifiedDiff(file.display, before, r.text);
      result.fixed += r.fixed;
      result.files++;
      return;
    }
    if (!file.path) {
      result.skipped.push(`${file.display}: standard input is not written`);
      return;
    }
    const why = unwritable(file, fixOptions.roots, folders);
    if (why) {
      result.notWritten.push(`${file.display}: not written: ${why}`);
      return;
    }
    const bytes = Buffer.from((file.decoded?.bom ? '\ufeff' : '') + r.text, 'utf8');
    try {
      writeFileAtomic(file.path, bytes, file.disk!, fixOptions.hooks);
    } catch (e) {
      result.notWritten.push(
        `${file.display}: not written: ${e instanceof ChangedSinceReadError ? `${e.message}; check it again` : e instanceof RefusedWriteError ? e.message : ioReason(e)}`,
      );
      return;
    }
    result.fixed += r.fixed;
    result.files++;
    file.parsed = { text: r.text, lines: new LineIndex(r.text) };
    updateRunFile(run, i, file.parsed);
  });
  // The editor's quick fix that creates a file: the owner-references configuration of an overlay.
  fixOwnerConfigs(run, mode, fixOptions.roots, folders, result, {
    unwritable: (i) => unwritable(run.workspace.files[i], fixOptions.roots, folders),
    diff: unifiedDiff,
  });
  return result;
}
