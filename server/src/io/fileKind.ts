// What a kustomization's entry names on disk, for the checks that say what `kubectl kustomize` would not
// find (service/workspace/kustomize/buildErrors.ts): a file, a folder, or nothing. kubectl reads the disk,
// so the disk decides; what cannot be asked (another scheme, a permission error) is left unknown, and the
// checks then say nothing.
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type FileKind = 'file' | 'folder' | 'missing';

/** Whether `uri` (a `file:` uri) is a file, a folder or nothing on disk; undefined where that cannot be known. */
export function fileKind(uri: string): FileKind | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    if (st === undefined) return 'missing';
    return st.isDirectory() ? 'folder' : st.isFile() ? 'file' : undefined;
  } catch (e) {
    // A path through a file (`a.yaml/b`) is as missing to kubectl; anything else is not known.
    return (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'missing' : undefined;
  }
}

/** Whether a path is a folder (false when it is not there or cannot be asked). */
export const isFolder = (path: string): Promise<boolean> =>
  stat(path).then(
    (st) => st.isDirectory(),
    () => false,
  );
