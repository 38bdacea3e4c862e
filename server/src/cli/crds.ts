// The CRDs a run reads besides the files it checks: the files and folders the `crds` setting names
// (relative to the settings file's folder), whatever their size. Their kinds join the run's registry.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readTextFileSync } from '../io/files';
import { walkYamlSync } from '../io/walk';

export interface CrdFile {
  uri: string;
  text: string;
}

/** The texts of the files `crds` names; a name that does not exist or cannot be read is an error. */
export function readCrdFiles(entries: readonly string[], base: string): { files: CrdFile[]; errors: string[] } {
  const files: CrdFile[] = [];
  const errors: string[] = [];
  for (const entry of entries) {
    const path = resolve(base, entry);
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      errors.push(`crds: no such file or folder: ${entry}`);
      continue;
    }
    const paths: string[] = [];
    if (isDir)
      walkYamlSync(path, {
        onFile: (full) => paths.push(full),
        onError: (dir) => errors.push(`crds: cannot read the folder ${dir}`),
      });
    else paths.push(path);
    for (const p of paths) {
      const text = readTextFileSync(p);
      if (text === undefined) errors.push(`crds: cannot read ${p}`);
      else files.push({ uri: pathToFileURL(p).href, text });
    }
  }
  return { files, errors };
}
