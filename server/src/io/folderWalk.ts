// Walking a folder for YAML files, for the CLI and the server alike. The walk stays inside the folder: a
// symbolic link is followed only when its real target (realpath) lies inside the folder's own real path, so
// a link to `/`, to /dev or to another project is skipped and named, and no cycle can form (each real
// folder is entered once). It is iterative (an explicit stack: 5,000 nested folders cost no call stack),
// enters no `node_modules` or `.git`, and yields only regular files: FIFOs, devices and sockets named
// `*.yaml` are skipped and named. Folders and links that cannot be read are skipped and named, once each.
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep, isAbsolute } from 'node:path';
import { ioReason } from './ioReason';
import { SKIPPED_DIRS, isJsonName, isYamlName, type Skipped, type Walk, type WalkResult } from './walkNames';

export { SKIPPED_DIRS, isJsonName, isYamlName, type Skipped, type Walk, type WalkResult } from './walkNames';

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Whether `path` is `root` or below it (both absolute, resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function notRegular(st: Stats | Dirent): string | undefined {
  if (st.isFIFO()) return 'not a regular file (a FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'not a regular file (a device)';
  if (st.isSocket()) return 'not a regular file (a socket)';
  return st.isFile() ? undefined : 'not a regular file';
}

/** Every YAML file below `root`, without leaving it (see the top of this file). */
export async function walkYaml(root: string, w: Walk = {}): Promise<WalkResult> {
  const files: string[] = [];
  const json: string[] = [];
  const skipped: Skipped[] = [];
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (e) {
    skipped.push({ path: root, reason: `cannot read the folder: ${ioReason(e)}`, error: true });
    return { files, skipped };
  }
  const entered = new Set<string>();
  // Pending work, last first: a folder to read, or a file found in one (kept for name order).
  type Item = { dir: string; real: string; rel: string; depth: number } | { file: string; json?: true };
  const stack: Item[] = [{ dir: root, real: realRoot, rel: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('file' in item) {
      if (w.maxFiles !== undefined && files.length + json.length >= w.maxFiles)
        return { files, skipped, truncated: true, ...(w.json ? { json } : {}) };
      (item.json ? json : files).push(item.file);
      continue;
    }
    if (w.stopped?.()) break;
    if (entered.has(item.real)) continue; // two links to one folder inside the root: read once
    if (w.maxFolders !== undefined && entered.size >= w.maxFolders)
      return { files, skipped, truncated: true, ...(w.json ? { json } : {}) };
    entered.add(item.real);
    let entries: Dirent[];
    try {
      entries = await readdir(item.dir, { withFileTypes: true });
    } catch (e) {
      skipped.push({ path: item.dir, reason: `cannot read the folder: ${ioReason(e)}`, error: true });
      continue;
    }
    entries.sort(byName);
    const found: Item[] = [];
    for (const e of entries) {
      if (SKIPPED_DIRS.has(e.name)) continue;
      const full = join(item.dir, e.name);
      if (w.skip?.(full)) continue;
      const relPath = item.rel ? `${item.rel}/${e.name}` : e.name;
      let isDir = e.isDirectory();
      let real = join(item.real, e.name);
      let why = isDir ? undefined : notRegular(e);
      if (e.isSymbolicLink()) {
        try {
          real = await realpath(full);
        } catch (err) {
          // A dangling link is worth a word only where a manifest was expected.
          if (isYamlName(e.name))
            skipped.push({ path: full, reason: `a symbolic link that cannot be followed: ${ioReason(err)}` });
          continue;
        }
        if (!isInside(realRoot, real)) {
          skipped.push({ path: full, reason: `a symbolic link to ${real}, outside the folder ${root}` });
          continue;
        }
        let st: Stats;
        try {
          st = await stat(real);
        } catch (err) {
          skipped.push({ path: full, reason: ioReason(err), error: true });
          continue;
        }
        isDir = st.isDirectory();
        why = isDir ? undefined : notRegular(st);
      }
      if (isDir) {
        if (!w.descend || w.descend(item.depth + 1))
          found.push({ dir: full, real, rel: relPath, depth: item.depth + 1 });
        continue;
      }
      if (w.json && isJsonName(e.name)) {
        if (!why && (!w.accept || w.accept(relPath))) found.push({ file: full, json: true });
        continue;
      }
      if (!isYamlName(e.name) || (w.accept && !w.accept(relPath))) continue;
      if (why) skipped.push({ path: full, reason: why });
      else found.push({ file: full });
    }
    for (let k = found.length - 1; k >= 0; k--) stack.push(found[k]);
    await w.between?.();
  }
  return { files, skipped, ...(w.json ? { json } : {}) };
}
