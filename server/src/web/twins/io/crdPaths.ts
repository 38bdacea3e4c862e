// In the browser build, in place of io/crdPaths.ts (same exports): the `crds` setting's entries inside a
// workspace folder, from the editor's listing; a path outside the workspace cannot be read from the browser.
import { listedKind } from '../../editorFiles';
import { isInside, isJsonName, isYamlName } from './folderWalk';
import { isAbsolute, join } from './paths';
import { listFolder } from '../../editorFiles';
import { uriOf } from './paths';

export const CRD_WALK_MAX_FILES = 2000;
export const CRD_WALK_MAX_FOLDERS = 10000;
export const CRD_WALK_MAX_BYTES = 100 * 1024 * 1024;

export interface CrdPath {
  path: string;
  folder: boolean;
}

export async function resolveCrdPath(
  entry: string,
  base: string,
): Promise<CrdPath | { error: string; missing?: true }> {
  if (isAbsolute(entry) || base === '/')
    return { error: `crds: ${entry}: a path outside the workspace folders is not read in the browser` };
  const path = join(base, entry);
  if (!isInside(base, path)) return { error: `crds: ${entry}: outside the workspace folder, not read in the browser` };
  const kind = listedKind(path);
  return kind ? { path, folder: kind === 'folder' } : { error: `crds: ${entry}: not found`, missing: true };
}

export async function crdFolderFiles(
  p: CrdPath,
  entry: string,
  _between?: () => Promise<void>,
): Promise<{ files: string[]; errors: string[] }> {
  const listing = await listFolder(p.path, uriOf(p.path));
  const files = listing.entries
    .filter((e) => !e.folder && (isYamlName(e.path) || isJsonName(e.path)))
    .map((e) => e.path);
  const errors =
    files.length > CRD_WALK_MAX_FILES
      ? [`crds: ${entry}: more than ${CRD_WALK_MAX_FILES} files; the first ${CRD_WALK_MAX_FILES} are read`]
      : [];
  return { files: files.slice(0, CRD_WALK_MAX_FILES), errors };
}
