// The CRDs a run reads besides the files it checks: the files and folders the `crds` setting names
// (relative to the settings file's folder), whatever their size (regular files only). Their kinds join the
// run's registry.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeText } from '../io/decode';
import { walkYaml } from '../io/folderWalk';
import { readFileBounded } from '../io/read';

export interface CrdFile {
  uri: string;
  text: string;
}

/** Read whatever their size, up to what a setting may allow at all. */
const CRD_FILE_BYTES = 4096 * 1024 * 1024;

/** The texts of the files `crds` names; a name that does not exist or cannot be read is an error. */
export async function readCrdFiles(
  entries: readonly string[],
  base: string,
): Promise<{ files: CrdFile[]; errors: string[] }> {
  const files: CrdFile[] = [];
  const errors: string[] = [];
  for (const entry of entries) {
    const path = resolve(base, entry);
    const st = await stat(path).catch(() => undefined);
    if (!st) {
      errors.push(`crds: no such file or folder: ${entry}`);
      continue;
    }
    const paths: string[] = [];
    if (st.isDirectory()) {
      const found = await walkYaml(path);
      for (const f of found.files) paths.push(f);
      for (const k of found.skipped) if (k.error) errors.push(`crds: ${k.path}: ${k.reason}`);
    } else paths.push(path);
    for (const p of paths) {
      const r = await readFileBounded(p, CRD_FILE_BYTES);
      const text = 'skipped' in r ? undefined : decodeText(r.bytes);
      if (text === undefined)
        errors.push(`crds: cannot read ${p}${'skipped' in r ? `: ${r.skipped}` : ' (not UTF-8 text)'}`);
      else files.push({ uri: pathToFileURL(p).href, text });
    }
  }
  return { files, errors };
}
