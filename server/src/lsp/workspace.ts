// The workspace: its folders, which files belong to it, reading them, and the index of every manifest in
// them. At start (and after a change of folders or of `exclude`) every YAML file is scanned, with work-done
// progress, yielding to the event loop every few milliseconds so requests are answered meanwhile.
import { stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkDoneProgressServerReporter } from 'vscode-languageserver/node';
import { readTextFile, readTextFileSync } from '../io/files';
import { SKIPPED_DIRS, walkYaml } from '../io/walk';
import { WORKSPACE_SCOPE } from '../service/workspace/manifest';
import { growingHeap, steadyHeap } from './heap';
import { logError, type ServerState } from './state';

/** Runs file events and reads from disk one after the other. */
export const enqueue = (s: ServerState, fn: () => Promise<void>) =>
  (s.fsQueue = s.fsQueue.then(fn).catch((e) => logError(s, e)));

export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The workspace folder holding a path, with the path relative to it (forward slashes). */
export function folderOf(s: ServerState, path: string): { folder: string; rel: string } | undefined {
  for (const folder of s.ws.folders) {
    const rel = relative(folder, path);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
    return { folder, rel: rel.split(sep).join('/') };
  }
  return undefined;
}

/** Whether a file is part of the workspace: inside a folder, not in `node_modules`/`.git`, not excluded. */
export function inWorkspace(s: ServerState, uri: string): boolean {
  const path = pathOf(uri);
  const f = path ? folderOf(s, path) : undefined;
  if (!f) return false;
  if (f.rel.split('/').some((s) => SKIPPED_DIRS.has(s))) return false;
  return !s.ws.excluder.excludes(f.rel);
}

/**
 * A file of the workspace shares its scope, and so does a new untitled document (it is written for the
 * workspace: its owners complete and resolve from it); any other file is checked on its own.
 */
export const scopeOf = (s: ServerState, uri: string) =>
  inWorkspace(s, uri) || uri.startsWith('untitled:') ? WORKSPACE_SCOPE : uri;

/** How a file is named in messages: relative to its workspace folder. */
export function displayOf(s: ServerState, uri: string): string {
  const path = pathOf(uri);
  const f = path ? folderOf(s, path) : undefined;
  if (f) return f.rel;
  return path ? basename(path) : uri;
}

/** The text of a file of the workspace (see io/files.ts for how it is decoded). */
export async function readText(uri: string): Promise<string | undefined> {
  const path = pathOf(uri);
  return path ? readTextFile(path) : undefined;
}

/**
 * The bulk read of the workspace scan: synchronous, since the scan yields to the event loop every few
 * milliseconds anyway.
 */
function readTextNow(uri: string): string | undefined {
  const path = pathOf(uri);
  return path ? readTextFileSync(path) : undefined;
}

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every YAML file below a folder, without `node_modules`, `.git` and excluded paths; stops when a newer scan starts. */
export function listYamlFiles(s: ServerState, root: string, gen: number): Promise<string[]> {
  return walkYaml(root, {
    skip: (full) => {
      const f = folderOf(s, full);
      return !!f && s.ws.excluder.excludes(f.rel);
    },
    stopped: () => gen !== s.ws.scanGeneration,
    between: yieldNow,
  });
}

async function createProgress(s: ServerState): Promise<WorkDoneProgressServerReporter | undefined> {
  if (!s.client.workDoneProgressSupport) return undefined;
  try {
    return await s.connection.window.createWorkDoneProgress();
  } catch {
    return undefined;
  }
}

/**
 * Reads the CRDs of the files and folders the `crds` setting names (whatever their size), relative to each
 * workspace folder unless absolute; files it no longer names are forgotten (unless the index holds them).
 */
async function readCrdSetting(s: ServerState, gen: number): Promise<void> {
  const wanted = new Set<string>();
  for (const entry of s.client.settings.crds) {
    const bases = isAbsolute(entry) ? [entry] : s.ws.folders.map((f) => resolve(f, entry));
    for (const path of bases) {
      const st = await stat(path).catch(() => undefined);
      if (!st) continue;
      const files = st.isDirectory() ? await walkYaml(path, { between: yieldNow }) : [path];
      for (const f of files) wanted.add(pathToFileURL(f).href);
    }
    if (gen !== s.ws.scanGeneration) return;
  }
  for (const uri of s.ws.crdFiles) if (!wanted.has(uri) && !s.index.has(uri)) s.analysis.setCrdFile(uri, undefined);
  for (const uri of wanted) {
    if (s.index.has(uri)) continue; // the scan read it already
    const text = await readText(uri);
    if (text === undefined) s.connection.console.warn(`cloud-manifests: crds: cannot read ${displayOf(s, uri)}`);
    s.analysis.setCrdFile(uri, text);
  }
  s.ws.crdFiles = wanted;
}

/**
 * (Re)indexes every YAML file of the workspace folders. Open documents keep their own content. Requests
 * are answered meanwhile (the work yields every few milliseconds); "owner not found" waits for the end.
 * `indexed` runs once the index is complete: it brings the open documents in and re-publishes.
 */
export function scanWorkspace(s: ServerState, indexed: () => void): Promise<void> {
  const { ws, documents, connection } = s;
  const gen = ++ws.scanGeneration;
  ws.indexComplete = false;
  const run = async () => {
    const started = Date.now();
    const progress = await createProgress(s);
    progress?.begin('Indexing cloud manifests', 0, 'looking for YAML files', false);
    try {
      growingHeap();
      const paths: string[] = [];
      for (const folder of s.ws.folders) paths.push(...(await listYamlFiles(s, folder, gen)));
      if (gen !== ws.scanGeneration) return;
      const wanted = new Set(paths.map((p) => pathToFileURL(p).href));
      // Files that left the workspace (a rescan after a settings or folder change).
      for (const uri of s.index.uris()) {
        if (wanted.has(uri) || documents.get(uri)) continue;
        s.analysis.unindexFile(uri);
      }
      // Open documents may change scope (exclude settings): index them again.
      s.indexedVersion.clear();
      let slice = Date.now();
      let reported = 0;
      const uris = [...wanted];
      const BATCH = 16;
      for (let i = 0; i < uris.length; i += BATCH) {
        if (gen !== ws.scanGeneration) return;
        const batch = uris.slice(i, i + BATCH).filter((u) => !documents.get(u));
        const texts = batch.map(readTextNow);
        batch.forEach((uri, j) => {
          const text = texts[j];
          if (text === undefined) s.analysis.unindexFile(uri);
          else s.analysis.indexFile(uri, text, WORKSPACE_SCOPE);
        });
        const done = Math.min(i + BATCH, uris.length);
        if (Date.now() - reported > 100) {
          reported = Date.now();
          progress?.report(Math.floor((done / Math.max(1, uris.length)) * 100), `${done}/${uris.length} files`);
        }
        if (Date.now() - slice > 15) {
          await yieldNow();
          slice = Date.now();
        }
      }
      if (gen !== ws.scanGeneration) return;
      await readCrdSetting(s, gen);
      if (gen !== ws.scanGeneration) return;
      // The kinds of the CRDs found: the registry is built once the whole workspace is read.
      if (s.analysis.applyCrds()) {
        s.indexedVersion.clear();
        connection.console.log(
          `cloud-manifests: ${s.analysis.registry.kinds.length} kinds known with the workspace's CRDs`,
        );
      }
      ws.indexComplete = true;
      connection.console.log(
        `cloud-manifests: indexed ${s.index.manifestCount} manifests in ${uris.length} files in ${Date.now() - started} ms`,
      );
      indexed();
    } finally {
      steadyHeap();
      progress?.done();
    }
  };
  ws.scanDone = run().catch((e) => {
    connection.console.error(`cloud-manifests: workspace scan failed: ${(e as Error)?.stack ?? e}`);
    if (gen === ws.scanGeneration) ws.indexComplete = true;
  });
  return ws.scanDone;
}
