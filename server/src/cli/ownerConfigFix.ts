// `check --fix` of kustomize-owner-renamed, the fix the editor's quick fix makes (lsp/ownerConfigAction.ts):
// the Kustomize configuration teaching the overlay's owner references created beside its kustomization
// (host.overlay(uri).ownerConfigFix()), and the kustomization's `configurations:` listing it. Created only
// where it does not exist, at a real path inside the folders checked and inside the kustomization's folder
// (Kustomize loads nothing from outside it); the kustomization written by io/write.ts (atomic, refused when
// it changed since it was read), the configuration first and removed again when that write is refused.
// `--fix-dry-run` shows both as a diff, the new file against /dev/null.
import { existsSync, rmSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outsideRoots, realTarget, type RealFolders } from '../io/realInside';
import { ChangedSinceReadError, RefusedWriteError, writeFileAtomic } from '../io/write';
import { ioReason } from '../io/ioReason';
import { applyEdits } from '../service/core/edits';
import { LineIndex } from '../service/core/lineIndex';
import { printable } from './printable';
import { updateRunFile, type WorkspaceRun } from './runWorkspace';

/** A unified diff creating a file (`--- /dev/null`). */
export function newFileDiff(name: string, text: string): string {
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  return `--- /dev/null\n+++ b/${printable(name)}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l.replace(/\r$/, '')}`).join('\n')}\n`;
}

/**
 * The owner-references configurations of a run's kustomizations (see above), added to `result`; `unwritable`:
 * why a file of the run may not be written (fix.ts's checks), `diff`: a file's diff.
 */
export function fixOwnerConfigs(
  run: WorkspaceRun,
  mode: 'write' | 'dry-run',
  roots: readonly string[],
  folders: RealFolders,
  /** fix.ts's FixRun, added to (its type not imported: fix.ts imports this file). */
  result: { fixed: number; files: number; diff: string; notWritten: string[] },
  checks: {
    unwritable: (i: number) => string | undefined;
    diff: (name: string, before: string, after: string) => string;
  },
): void {
  run.workspace.files.forEach((file, i) => {
    const uri = run.uris[i];
    if (run.host.file(uri).role.role !== 'kustomization') return;
    const fix = run.host.overlay(uri).ownerConfigFix();
    const before = file.parsed.text;
    // Computed on the text the run holds: the kustomization as read (or as its other fixes left it).
    if (!fix || fix.base !== before) return;
    const after = applyEdits(before, [fix.edit]);
    const created = posix.join(posix.dirname(file.display), fix.create.uri.slice(uri.lastIndexOf('/') + 1));
    if (mode === 'dry-run') {
      result.diff += newFileDiff(created, fix.create.text) + checks.diff(file.display, before, after);
      result.fixed++;
      result.files += 2;
      return;
    }
    if (!file.path) return;
    const path = fileURLToPath(fix.create.uri);
    const folder = realTarget(dirname(file.path), folders);
    const why =
      checks.unwritable(i) ??
      (existsSync(path) ? `${created} exists already` : undefined) ??
      outsideRoots(path, roots, 'the folders checked', folders) ??
      ('error' in folder ? folder.error : outsideRoots(path, [folder.real], "the kustomization's folder", folders));
    if (why) {
      result.notWritten.push(`${file.display}: the owner-references configuration not created: ${why}`);
      return;
    }
    try {
      writeFileAtomic(path, Buffer.from(fix.create.text, 'utf8'));
    } catch (e) {
      result.notWritten.push(`${created}: not created: ${ioReason(e)}`);
      return;
    }
    try {
      writeFileAtomic(file.path, Buffer.from((file.decoded?.bom ? '\ufeff' : '') + after, 'utf8'), file.disk!);
    } catch (e) {
      // The configuration alone would list nothing: it goes again.
      rmSync(path, { force: true });
      result.notWritten.push(
        `${file.display}: not written: ${e instanceof ChangedSinceReadError ? `${e.message}; check it again` : e instanceof RefusedWriteError ? e.message : ioReason(e)}`,
      );
      return;
    }
    result.fixed++;
    result.files += 2;
    // The host reads the configuration the kustomization now lists; the kustomization is analysed again.
    run.host.apply({ kind: 'file', uri: fix.create.uri, file: fix.create.text, cache: false, analyse: false });
    file.parsed = { text: after, lines: new LineIndex(after) };
    updateRunFile(run, i, file.parsed);
  });
}
