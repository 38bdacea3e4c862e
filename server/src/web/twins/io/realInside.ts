// In the browser build, in place of io/realInside.ts (same exports): the editor's file system shows no
// symbolic links, so a path is its own real path, and inside is inside by the path alone.
import { isInside } from './folderWalk';

export type RealFolders = Map<string, string>;

export const realTarget = (path: string, _folders: RealFolders = new Map()): { real: string } | { error: string } => ({
  real: path,
});

export function outsideRoots(
  path: string,
  roots: readonly string[],
  where: string,
  _folders: RealFolders = new Map(),
): string | undefined {
  return roots.some((r) => isInside(r, path)) ? undefined : `it is outside ${where}`;
}

export const realPath = (path: string): Promise<string> => Promise.resolve(path);
