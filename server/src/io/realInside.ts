// Where a write would really land. A path inside the workspace may still lead out of it through a symbolic
// link (the file itself, or any folder on the way): the write then lands outside, and Kustomize's load
// restrictor refuses the overlay that names it. A file not there yet is judged by its nearest existing
// folder, resolved, with the rest of the path below it (an editor creates the missing folders there). This
// is the one check of every write the product makes or proposes: `check --fix` (cli/fix.ts) and the server's
// edits (lsp/writeTargets.ts).
import { lstatSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside } from './folderWalk';
import { ioReason } from './ioReason';

/**
 * Real paths of folders already resolved (resolved path → real path), for one request or run: the files
 * of a folder share its real path, resolved once (a rename over 2,000 files 100 folders deep resolved
 * each file's path in full: seconds).
 */
export type RealFolders = Map<string, string>;

/** The real path of `at`, which exists (`st`: its lstat): a file that is no link, by its folder's. */
function realOf(at: string, st: { isSymbolicLink(): boolean }, folders: RealFolders): string {
  const dir = dirname(at);
  if (st.isSymbolicLink() || dir === at) return realpathSync.native(at);
  let real = folders.get(dir);
  if (real === undefined) folders.set(dir, (real = realpathSync.native(dir)));
  return join(real, basename(at));
}

/** The real path `path` would be written at (see above), or why it cannot be known. */
export function realTarget(path: string, folders: RealFolders = new Map()): { real: string } | { error: string } {
  let rest = '';
  let at = resolve(path);
  for (;;) {
    let st;
    try {
      st = lstatSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { error: ioReason(e) };
    }
    if (st) {
      try {
        const real = realOf(at, st, folders);
        return { real: rest ? join(real, rest) : real };
      } catch (e) {
        // A link that leads nowhere: a write through it would create its target, wherever that is.
        if (st.isSymbolicLink() && (e as NodeJS.ErrnoException).code === 'ENOENT')
          return { error: `${at} is a symbolic link to nothing (its target does not exist)` };
        return { error: ioReason(e) };
      }
    }
    // Not there: judged by its folder.
    const up = dirname(at);
    if (up === at) return { error: ioReason({ code: 'ENOENT' }) };
    rest = rest ? join(basename(at), rest) : basename(at);
    at = up;
  }
}

/**
 * Why a file at `path` (there or to be created) may not be written: its real path (see above) lies outside
 * every one of `roots` (real paths), `where` naming them in the message; undefined when it lies inside one.
 */
export function outsideRoots(
  path: string,
  roots: readonly string[],
  where: string,
  folders: RealFolders = new Map(),
): string | undefined {
  const t = realTarget(path, folders);
  if ('error' in t) return t.error;
  if (roots.some((r) => isInside(r, t.real))) return undefined;
  if (t.real === resolve(path)) return `it is outside ${where}`;
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    // Not there (a file to create) or gone meanwhile: reached through a folder, said below.
  }
  return link
    ? `it is a symbolic link to ${t.real}, outside ${where}`
    : `it is reached through a symbolic link to a folder outside ${where} (its real path: ${t.real})`;
}

/** The real path of an existing file or folder (symbolic links resolved); rejects when it is not there. */
export const realPath = (path: string): Promise<string> => realpath(path);
