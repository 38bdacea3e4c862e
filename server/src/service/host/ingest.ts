// How a file enters the host: the one place that decides it (issue 46). The editor's open documents and its
// workspace scan, the CLI's run and both worker pools (the CLI's and the scan's) ask here, so that a file is
// read the same way whichever door it came through — the editor and the CLI say the same thing about it.
//
// - over `maxDocumentSize`: too large to check in full — its YAML syntax only, in slices (checks/tooLarge.ts);
//   parsed outside the cache, and the index holds nothing of it (its CRDs are read all the same);
// - a kustomization or patch too large to read (kustomize/textLimit.ts): its one message, nothing parsed;
// - a Helm template: its actions masked, the mask parsed and analysed (helm/mask.ts); never sent to a worker
//   (its pass differs: the mask is made first);
// - a patch: its documents are partial manifests, checked as such in the one pass (patchFileDiagnostics);
// - anything else (a manifest, a kustomization): parsed and analysed whole.
import { isTooLarge } from '../checks/tooLarge';
import type { FileRole } from '../workspace/fileRoles';
import { unreadAsOverlay } from '../workspace/kustomize/textLimit';
import type { FactsFile } from './takeFacts';

export { isTooLarge };

export type Entry = 'tooLarge' | 'unread' | 'template' | 'partial' | 'whole';

/**
 * How a file of a role enters, from its text (an open document's pieces are joined only for a kustomization
 * or a patch, the roles whose size limit reads the text).
 */
export function entryOf(
  role: FileRole['role'],
  text: string | { readonly length: number; getText(): string },
  maxDocumentSize: number,
): Entry {
  if (isTooLarge(text, maxDocumentSize)) return 'tooLarge';
  if (
    (role === 'kustomization' || role === 'patch') &&
    unreadAsOverlay(role, typeof text === 'string' ? text : text.getText())
  )
    return 'unread';
  if (role === 'template') return 'template';
  return role === 'patch' ? 'partial' : 'whole';
}

/**
 * What a worker thread is sent of a file (both pools: cli/checkPool.ts, lsp/scanPool.ts), or nothing: a
 * template, a file too large or unread stays on the host's thread. `check`: its documents checked too, not
 * only their manifests read.
 */
export function workerJob(entry: Entry, text: string, check = true): FactsFile | undefined {
  if (entry !== 'whole' && entry !== 'partial') return undefined;
  return { text, partial: entry === 'partial', check };
}
