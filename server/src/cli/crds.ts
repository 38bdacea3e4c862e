// The CRDs a run reads besides the files it checks: the files and folders the `crds` setting names
// (relative to the settings file's folder; inside the repository when the settings are the repository's:
// io/crdPaths.ts) and `--crds` names (relative to the current folder, anywhere but /proc, /sys and /dev).
// A file named outright is read whatever its size (regular files only); the files found in folders are
// read up to CRD_WALK_MAX_BYTES in all. Their kinds join the run's registry.
import { pathToFileURL } from 'node:url';
import { decodeText } from '../io/decode';
import { CRD_WALK_MAX_BYTES, crdFolderFiles, resolveCrdPath } from '../io/crdPaths';
import { megabytes, readFileBounded } from '../io/read';
import { mayHoldCrds } from '../service/host/crdKinds';

export interface CrdFile {
  uri: string;
  text: string;
}

/** Read whatever their size, up to what a setting may allow at all. */
const CRD_FILE_BYTES = 4096 * 1024 * 1024;

/**
 * The texts of the files `crds` names; a name that does not exist or cannot be read is an error. With
 * `repository` (a real path), every name must lie inside it.
 */
export async function readCrdFiles(
  entries: readonly string[],
  base: string,
  repository?: string,
): Promise<{ files: CrdFile[]; errors: string[] }> {
  const files: CrdFile[] = [];
  const errors: string[] = [];
  let walked = 0;
  for (const entry of entries) {
    const resolved = await resolveCrdPath(entry, base, repository);
    if ('error' in resolved) {
      errors.push(resolved.error);
      continue;
    }
    const paths: string[] = [];
    if (resolved.folder) {
      const found = await crdFolderFiles(resolved, entry);
      for (const f of found.files) paths.push(f);
      for (const e of found.errors) errors.push(e);
    } else paths.push(resolved.path);
    for (const p of paths) {
      // A folder's files share one budget: a folder of large files is refused, not read into memory whole.
      const cap = resolved.folder ? CRD_WALK_MAX_BYTES - walked : CRD_FILE_BYTES;
      const r = await readFileBounded(p, cap);
      if (resolved.folder && 'skipped' in r && /^larger than/.test(r.skipped)) {
        errors.push(
          `crds: ${entry}: its YAML files hold more than ${megabytes(CRD_WALK_MAX_BYTES)}; name the files or the folder that holds the CRDs`,
        );
        break;
      }
      if (!('skipped' in r) && resolved.folder) walked += r.size;
      const text = 'skipped' in r ? undefined : decodeText(r.bytes);
      if (text === undefined)
        errors.push(`crds: cannot read ${p}${'skipped' in r ? `: ${r.skipped}` : ' (not UTF-8 text)'}`);
      else files.push({ uri: pathToFileURL(p).href, text });
    }
  }
  return { files, errors };
}

/**
 * The CRDs among the JSON files found in the folders checked (a CRD written as JSON is YAML too); any other
 * JSON file (package.json, tsconfig.json…) is left alone, in silence, as is one that cannot be read.
 */
export async function jsonCrdFiles(paths: readonly string[], maxBytes: number): Promise<CrdFile[]> {
  const files: CrdFile[] = [];
  for (const p of paths) {
    const r = await readFileBounded(p, maxBytes);
    const text = 'skipped' in r ? undefined : decodeText(r.bytes);
    if (text !== undefined && mayHoldCrds(text)) files.push({ uri: pathToFileURL(p).href, text });
  }
  return files;
}
