// Where the `crds` setting may lead, for the CLI and the server alike. A repository's own settings file is
// untrusted: what it names must lie inside the repository (real paths, links resolved), and a name outside
// gets the same words whether it exists or not, so a settings file cannot probe the machine. Paths outside
// come only from the user (the editor's user settings, `--crds` or a settings file named with `--config`
// outside the folder). For everyone: never /proc, /sys or /dev (a process's `cwd` link leads into another
// project), never a walk of `/` or of the home folder, and a walk stops past a number of files and folders.
import { homedir } from 'node:os';
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { isInside, walkYaml } from './folderWalk';

/** A CRD folder holds a few hundred bundles at most (Crossplane's providers: about a thousand). */
export const CRD_WALK_MAX_FILES = 2000;
/** Folders entered by one walk: a CRD folder is shallow; a walk of a whole disk is not what was meant. */
export const CRD_WALK_MAX_FOLDERS = 10000;
/** Bytes read from the files found by walking the folders `crds` names (a file named outright is not counted). */
export const CRD_WALK_MAX_BYTES = 100 * 1024 * 1024;

/** Kernel and device trees: their files are not manifests and reading them tells about the machine. */
const SYSTEM = ['/proc', '/sys', '/dev'];

const isSystem = (p: string): boolean => sep === '/' && SYSTEM.some((d) => p === d || p.startsWith(d + '/'));

/** A path `crds` names, resolved: the path as named (file URIs and messages use it) and whether it is a folder. */
export interface CrdPath {
  path: string;
  folder: boolean;
}

/**
 * Resolves one entry of `crds` against `base`. With `repository` (the real path of the repository whose
 * settings named it), the entry must lie inside it, its links resolved; outside, the answer does not say
 * whether it exists.
 */
export async function resolveCrdPath(
  entry: string,
  base: string,
  repository?: string,
): Promise<CrdPath | { error: string; missing?: true }> {
  const path = resolve(base, entry);
  const outside = {
    error: `crds: ${entry}: not a file or folder inside the repository (a repository's settings name only its own files; name others with --crds or in your user settings)`,
  };
  if (repository !== undefined && !isInside(repository, path)) return outside;
  if (isSystem(path)) return { error: `crds: ${entry}: /proc, /sys and /dev are never read` };
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    // Inside the repository a link may lead out and dangle: the same words as a path outside.
    return repository !== undefined
      ? outside
      : { error: `crds: no such file or folder: ${entry}`, missing: true as const };
  }
  if (repository !== undefined && !isInside(repository, real)) return outside;
  if (isSystem(real)) return { error: `crds: ${entry}: /proc, /sys and /dev are never read` };
  const st = await stat(real).catch(() => undefined);
  if (!st)
    return repository !== undefined
      ? outside
      : { error: `crds: no such file or folder: ${entry}`, missing: true as const };
  const folder = st.isDirectory();
  if (folder && (real === resolve('/') || real === resolve(homedir())))
    return {
      error: `crds: ${entry}: the root or home folder is not searched for CRDs; name the folder that holds them`,
    };
  return { path, folder };
}

/** The YAML files below a folder `crds` names, up to the caps above (an error past them). */
export async function crdFolderFiles(
  p: CrdPath,
  entry: string,
  between?: () => Promise<void>,
): Promise<{ files: string[]; errors: string[] }> {
  // JSON files too: a CRD written as JSON (`kubectl get crd -o json`) is YAML as well.
  const found = await walkYaml(p.path, {
    maxFiles: CRD_WALK_MAX_FILES,
    maxFolders: CRD_WALK_MAX_FOLDERS,
    between,
    json: true,
  });
  const errors = found.skipped.filter((k) => k.error).map((k) => `crds: ${k.path}: ${k.reason}`);
  if (found.truncated)
    errors.push(
      `crds: ${entry}: more than ${CRD_WALK_MAX_FILES} YAML files or ${CRD_WALK_MAX_FOLDERS} folders below it; none of it is read: name the folder that holds the CRDs`,
    );
  return { files: found.truncated ? [] : [...found.files, ...(found.json ?? [])], errors };
}
