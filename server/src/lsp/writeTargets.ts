// The files the server's edits would have the editor write (a rename's, a quick fix's created file): each
// only at a real path inside the workspace folders (io/realInside.ts, the check `check --fix` makes too). An
// editor applying a workspace edit writes through symbolic links, and may save the files it changed: a link
// leading out of the workspace would take the write with it.
import { dirname } from '../io/paths';
import { outsideRoots, realTarget, type RealFolders } from '../io/realInside';
import { displayOf, inWorkspace, pathOf, realFolders } from './workspaceFolders';
import type { ServerState } from './state';

/**
 * Why the editor may not be asked to write `uri` (a file there or to be created), leading with its name;
 * undefined when it may. `within`: a folder the file must also really lie in (a kustomization's: Kustomize
 * loads nothing from outside it). An open document outside the workspace folders is the user's own (a
 * file opened on its own, edited in its editor): it may be. `folders`: shared by the calls of one request.
 */
export function writeRefusal(
  s: ServerState,
  uri: string,
  within?: { path: string; name: string },
  folders: RealFolders = new Map(),
): string | undefined {
  const path = pathOf(uri);
  // Not a local file (`untitled:`, a virtual file system's): no path here to lead anywhere; the editor's.
  if (!path) return undefined;
  const name = displayOf(s, uri);
  if (!inWorkspace(s, uri) && s.documents.get(uri)) return undefined;
  const outside = outsideRoots(path, realFolders(s), 'the workspace folders', folders);
  if (outside) return `${name}: ${outside}`;
  if (!within) return undefined;
  const folder = realTarget(within.path, folders);
  if ('error' in folder) return `${name}: ${folder.error}`;
  const beyond = outsideRoots(path, [folder.real], within.name, folders);
  return beyond ? `${name}: ${beyond}` : undefined;
}

/** The folder of a file's uri, for `within` above. */
export const folderOfUri = (uri: string): string | undefined => {
  const path = pathOf(uri);
  return path === undefined ? undefined : dirname(path);
};
