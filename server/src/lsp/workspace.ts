// The workspace: its folders, which files belong to it, reading them, and the index of every manifest in
// them. At start (and after a change of folders or of `exclude`) every YAML file is scanned, with work-done
// progress, yielding to the event loop every few milliseconds so requests are answered meanwhile.
import { basename, isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkDoneProgressServerReporter } from 'vscode-languageserver/node';
import { readTextFile, readTextFileSync } from '../io/files';
import { SKIPPED_DIRS, walkYaml } from '../io/walk';
import { parseFile } from '../service/parse';
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
 * (Re)indexes every YAML file of the workspace folders. Open documents keep their own content. Requests
 * are answered meanwhile (the work yields every few milliseconds); "owner not found" waits for the end.
 * `indexed` runs once the index is complete: it brings the open documents in and re-publishes.
 */
export function scanWorkspace(s: ServerState, indexed: () => void): Promise<void> {
  const { ws, index, documents, connection } = s;
  const gen = ++ws.scanGeneration;
  ws.indexComplete = false;
  const run = async () => {
    const started = Date.now();
    const progress = await createProgress(s);
    progress?.begin('Indexing cloud manifests', 0, 'looking for YAML files', false);
    try {
      growingHeap();
      const paths: string[] = [];
      for (const folder of s.ws.folders) for (const p of await listYamlFiles(s, folder, gen)) paths.push(p);
      if (gen !== ws.scanGeneration) return;
      const wanted = new Set(paths.map((p) => pathToFileURL(p).href));
      // Files that left the workspace (a rescan after a settings or folder change).
      for (const uri of index.uris()) {
        if (wanted.has(uri) || documents.get(uri)) continue;
        index.remove(uri);
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
          if (text === undefined) index.remove(uri);
          else index.set(uri, parseFile(text), WORKSPACE_SCOPE);
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
      ws.indexComplete = true;
      connection.console.log(
        `cloud-manifests: indexed ${index.manifestCount} manifests in ${uris.length} files in ${Date.now() - started} ms`,
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
