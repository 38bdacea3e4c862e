// Where the MCP server's tools may read and write: the folders the client gives as its roots (`roots/list`,
// asked at each call, since a client may change them), else the folder the server was started in. A path
// is taken only when its real path (links followed) lies inside one of them, as the CLI's writes and the
// language server's edits are confined (io/realInside.ts): an agent cannot have the server read or write
// outside the workspace it was given, whatever links the workspace holds.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isInside } from '../io/folderWalk';

export interface Root {
  /** The folder as given (resolved). */
  path: string;
  /** Its real path. */
  real: string;
}

/** A path refused: outside every root, missing, or not what the tool takes. */
export class OutsideRootsError extends Error {}

/** The roots of `uris` (file: URIs) that exist as folders; others are left out. */
export function rootsOf(uris: readonly string[]): Root[] {
  const out: Root[] = [];
  for (const uri of uris) {
    if (!uri.startsWith('file:')) continue;
    try {
      const path = fileURLToPath(uri);
      if (statSync(path).isDirectory()) out.push({ path, real: realpathSync.native(path) });
    } catch {
      // A root that is not there (or not a local folder) gives no access.
    }
  }
  return out;
}

/** The start folder as the only root. */
export const startRoot = (cwd: string): Root[] => rootsOf([pathToFileURL(resolve(cwd)).href]);

export interface Confined {
  /** The path as given, resolved against the first root (reports name it relative to `root`). */
  path: string;
  /** The root it lies in. */
  root: Root;
}

/**
 * `path` (absolute, or relative to the first root) when its real path lies inside a root; else an
 * `OutsideRootsError` saying why. The path must exist.
 */
export function confine(roots: readonly Root[], path: string): Confined {
  if (roots.length === 0)
    throw new OutsideRootsError('no workspace root: the client gave no folder, and the start folder is gone');
  const abs = isAbsolute(path) ? resolve(path) : resolve(roots[0].path, path);
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch {
    throw new OutsideRootsError(`no such file or folder: ${path}`);
  }
  const root = roots.find((r) => isInside(r.real, real));
  if (!root)
    throw new OutsideRootsError(
      `${path} is outside the workspace roots (${roots.map((r) => r.path).join(', ')})${real !== abs ? `: its real path is ${real}` : ''}; give a path inside them`,
    );
  // Named through the root as given, so that reports read as the CLI's run in that folder.
  return { path: abs, root };
}
