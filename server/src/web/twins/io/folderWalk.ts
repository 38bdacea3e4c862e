// In the browser build, in place of io/folderWalk.ts (same exports): a folder's YAML files from the editor's
// listing of it (web/editorFiles.ts). The editor's file system has no links to follow out of the folder.
import { listFolder } from '../../editorFiles';
import { isAbsolute, relative, uriOf } from './paths';
import { SKIPPED_DIRS, isJsonName, isYamlName, type Skipped, type Walk, type WalkResult } from '../../../io/walkNames';

export { SKIPPED_DIRS, isJsonName, isYamlName, type Skipped, type Walk, type WalkResult } from '../../../io/walkNames';

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}

export async function walkYaml(root: string, w: Walk = {}): Promise<WalkResult> {
  const listing = await listFolder(root, uriOf(root));
  const files: string[] = [];
  const json: string[] = [];
  const skipped: Skipped[] = [];
  // A folder left out leaves out what is below it.
  const out: string[] = [];
  for (const e of listing.entries) {
    if (w.stopped?.()) break;
    if (out.some((o) => isInside(o, e.path))) continue;
    const rel = relative(root, e.path);
    if (rel.split('/').some((s) => SKIPPED_DIRS.has(s)) || w.skip?.(e.path)) {
      if (e.folder) out.push(e.path);
      continue;
    }
    if (e.folder) continue;
    if (isYamlName(e.path) && (w.accept?.(rel) ?? true)) files.push(e.path);
    else if (w.json && isJsonName(e.path)) json.push(e.path);
    if (w.maxFiles !== undefined && files.length + json.length > w.maxFiles) break;
  }
  if (listing.truncated) skipped.push({ path: root, reason: 'more entries than the browser build lists' });
  return { files, skipped, ...(w.json ? { json } : {}), ...(listing.truncated ? { truncated: true as const } : {}) };
}
