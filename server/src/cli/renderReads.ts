// What a file named alone on the command line needs to get its rendered checks: the files the overlays
// around it read when rendered (their resources, nested kustomizations and the bases below them, their
// patches), when the command line does not name them. The analysis asks for them as its renderings need
// them (Analysis.readUnindexed); they are read here, each once, bounded (a number of files, each at most
// the size cap) and only inside the current folder. They are not checked: the report names only the files
// the command line names.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBytes } from '../io/decode';
import { readFileBoundedSync } from '../io/read';

/** At most this many files are read for the overlays' renderings (a run names a few files, not a monorepo). */
const MAX_FILES = 2000;

/** A reader of file uris for the analysis's renderings: undefined outside `cwd`, past the bound, or unreadable. */
export function renderReader(cwd: string, maxBytes?: number): (uri: string) => string | undefined {
  let root: string | undefined;
  try {
    root = realpathSync(cwd);
  } catch {
    root = undefined;
  }
  const inside = (path: string) => {
    if (root === undefined) return false;
    try {
      const rel = relative(root, realpathSync(path));
      return !rel.startsWith('..') && !isAbsolute(rel);
    } catch {
      return false;
    }
  };
  const read = new Map<string, string | undefined>();
  return (uri) => {
    if (!uri.startsWith('file:')) return undefined;
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      return undefined;
    }
    if (read.has(path)) return read.get(path);
    if (read.size >= MAX_FILES) return undefined;
    // A folder, a missing file, one over the cap: nothing (render.ts then tries a folder's kustomization).
    const r = inside(path) ? readFileBoundedSync(path, maxBytes) : undefined;
    const text = r && 'bytes' in r ? decodeBytes(r.bytes)?.text : undefined;
    read.set(path, text);
    return text;
  };
}
