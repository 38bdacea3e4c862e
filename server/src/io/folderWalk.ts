// Walking folders for YAML files, for the CLI (synchronous, with its errors reported) and the server
// (asynchronous, yielding between folders, stopped when a newer scan starts). Both skip `node_modules` and
// `.git`, follow symbolic links without looping, visit entries sorted by name and leave out what `skip` says.
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders never searched. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git']);

export const isYamlName = (name: string): boolean => /\.ya?ml$/i.test(name);

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** What an entry is, symbolic links followed; undefined for a dangling link. */
function kindOfSync(e: Dirent, full: string): { isDir: boolean; isFile: boolean } | undefined {
  if (!e.isSymbolicLink()) return { isDir: e.isDirectory(), isFile: e.isFile() };
  try {
    const st = statSync(full);
    return { isDir: st.isDirectory(), isFile: st.isFile() };
  } catch {
    return undefined;
  }
}

/** What a symbolic link leads to; undefined when it dangles. */
async function linkKind(full: string): Promise<{ isDir: boolean; isFile: boolean } | undefined> {
  try {
    const st = await stat(full);
    return { isDir: st.isDirectory(), isFile: st.isFile() };
  } catch {
    return undefined;
  }
}

export interface SyncWalk {
  /** Leaves out an entry (a file or a whole folder) by its absolute path. */
  skip?: (full: string) => boolean;
  /** Whether to enter a folder `depth` levels below the root (the root is 0). */
  descend?: (depth: number) => boolean;
  /** Keeps a YAML file by its path relative to the root (forward slashes). */
  accept?: (relPath: string) => boolean;
  onFile: (full: string) => void;
  /** A folder that cannot be read. */
  onError: (dir: string, e: unknown) => void;
}

/** Every YAML file below a folder, depth first in name order (the CLI's walk). */
export function walkYamlSync(root: string, w: SyncWalk): void {
  const visited = new Set<string>();
  const visit = (dir: string, rel: string, depth: number) => {
    try {
      const real = realpathSync(dir);
      if (visited.has(real)) return; // a symbolic link loop
      visited.add(real);
    } catch {
      // Checked by readdirSync below.
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      w.onError(dir, e);
      return;
    }
    entries.sort(byName);
    for (const e of entries) {
      if (SKIPPED_DIRS.has(e.name)) continue;
      const full = join(dir, e.name);
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (w.skip?.(full)) continue;
      const k = kindOfSync(e, full);
      if (!k) continue;
      if (k.isDir) {
        if (!w.descend || w.descend(depth + 1)) visit(full, relPath, depth + 1);
      } else if (k.isFile && isYamlName(e.name) && (!w.accept || w.accept(relPath))) w.onFile(full);
    }
  };
  visit(root, '', 0);
}

export interface AsyncWalk {
  /** Leaves out an entry (a file or a whole folder) by its absolute path. */
  skip?: (full: string) => boolean;
  /** Stops the walk (checked before each folder). */
  stopped?: () => boolean;
  /** Runs after each folder's entries, before its subfolders: the server yields to the event loop there. */
  between?: () => Promise<void>;
}

/**
 * Every YAML file below a folder (the server's walk): each folder's files, then its subfolders, in name
 * order; folders that cannot be read are left out.
 */
export async function walkYaml(root: string, w: AsyncWalk = {}): Promise<string[]> {
  const out: string[] = [];
  const visited = new Set<string>();
  const visit = async (dir: string): Promise<void> => {
    if (w.stopped?.()) return;
    try {
      const real = await realpath(dir);
      if (visited.has(real)) return; // a symbolic link loop
      visited.add(real);
    } catch {
      return;
    }
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort(byName);
    const dirs: string[] = [];
    for (const e of entries) {
      if (SKIPPED_DIRS.has(e.name)) continue;
      const full = join(dir, e.name);
      if (w.skip?.(full)) continue;
      // No await for plain entries: the scan of a large workspace walks thousands.
      const k = e.isSymbolicLink() ? await linkKind(full) : { isDir: e.isDirectory(), isFile: e.isFile() };
      if (!k) continue;
      if (k.isDir) dirs.push(full);
      else if (k.isFile && isYamlName(e.name)) out.push(full);
    }
    await w.between?.();
    for (const d of dirs) await visit(d);
  };
  await visit(root);
  return out;
}
