// The workspace: its folders, which files belong to it, reading them, and the index of every manifest in
// them. At start (and after a change of folders or of `exclude`) every YAML file is scanned, with work-done
// progress, yielding to the event loop every few milliseconds so requests are answered meanwhile.
// Nothing outside the workspace folders is read: the walk stays inside them (io/folderWalk.ts), and a file named
// by an event or a request is read only when its real path (symbolic links resolved) lies inside one of
// them; only regular files up to `maxFileSizeMB` are read (io/read.ts). What is left out is said once.
import { basename, isAbsolute, pathOf as pathOfUri, relative, sep, uriOf } from '../io/paths';
import type { WorkDoneProgressServerReporter } from 'vscode-languageserver';
import { crdFolderFiles, resolveCrdPath } from '../io/crdPaths';
import { decodeText } from '../io/decode';
import { Excluder } from '../io/glob';
import {
  prefetchFiles,
  readFileBounded,
  readFileBoundedSync,
  readHeadSync,
  type FileRead,
  type FileSkip,
} from '../io/read';
import { isInside, SKIPPED_DIRS, walkYaml, type Skipped } from '../io/folderWalk';
import { realPath, realTarget } from '../io/realInside';
import { mayHoldCrds } from '../service/host/crdKinds';
import { maxFileBytes } from '../service/core/settings';
import { WORKSPACE_SCOPE } from '../service/core/scope';
import { readCrdFile, watchCrdRoots } from './crdFiles';
import { indexInPool } from './scanPool';
import { ScanCache, writeWhenIdle } from './scanCache';
import { workerJob } from '../service/host/ingest';
import { templateInSlices } from './templateSlices';
import { checkedOffThread, OFF_THREAD_FROM, offThreadRole, reindexInSlices } from './offThread';
import { growingHeap, steadyHeap } from './heap';
import { forgetIndexedVersions, logError, type ServerState } from './state';

/** Runs file events and reads from disk one after the other. */
export const enqueue = (s: ServerState, fn: () => Promise<void>) =>
  (s.fsQueue = s.fsQueue.then(fn).catch((e) => logError(s, e)));

/** The path of a workspace file's URI (io/paths.ts: a local path on Node, a virtual workspace's in the browser). */
export const pathOf = pathOfUri;

/** The workspace folder holding a path, with the path relative to it (forward slashes). */
export function folderOf(s: ServerState, path: string): { folder: string; rel: string } | undefined {
  for (const folder of s.ws.folders) {
    const rel = relative(folder, path);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
    return { folder, rel: rel.split(sep).join('/') };
  }
  return undefined;
}

/** Tells the analysis which files `cloudManifests.helmTemplates` names (globs relative to a workspace folder). */
export function applyTemplateSetting(s: ServerState, patterns: readonly string[]): void {
  const matcher = new Excluder(patterns);
  s.host.apply({
    kind: 'templates',
    match: (uri) => {
      if (matcher.empty) return false;
      const path = pathOf(uri);
      const f = path ? folderOf(s, path) : undefined;
      return !!f && matcher.excludes(f.rel);
    },
  });
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

/**
 * The real paths of the workspace folders (symbolic links resolved), computed when the folders change (a
 * few calls, on the main thread: requests that propose writes need them at once).
 */
export function realFolders(s: ServerState): string[] {
  const folders = s.ws.folders;
  if (s.ws.real?.of === folders) return s.ws.real.paths;
  const paths = folders.map((f) => {
    const t = realTarget(f);
    return 'real' in t ? t.real : f;
  });
  s.ws.real = { of: folders, paths };
  return paths;
}

/** Says once (per path and reason) that a file or folder was left out. */
export function reportSkipped(s: ServerState, skipped: readonly Skipped[]): void {
  for (const k of skipped) {
    const key = `${k.path}\0${k.reason}`;
    if (s.ws.reported.has(key)) continue;
    s.ws.reported.add(key);
    s.connection.console.info(`cloud-manifests: skipped ${k.path}: ${k.reason}`);
  }
}

/**
 * The path of a file of the workspace if it may be read: inside a workspace folder (not excluded) once
 * symbolic links are resolved; undefined (and said, once) otherwise.
 */
export async function containedPath(s: ServerState, uri: string): Promise<string | undefined> {
  const path = pathOf(uri);
  if (!path || !inWorkspace(s, uri)) return undefined;
  let real: string;
  try {
    real = await realPath(path);
  } catch {
    return undefined; // gone: the caller drops it from the index
  }
  if (real === path) return path;
  if (!realFolders(s).some((f) => isInside(f, real))) {
    reportSkipped(s, [{ path, reason: `a symbolic link to ${real}, outside the workspace folders` }]);
    return undefined;
  }
  return path;
}

const textOf = (s: ServerState, path: string, r: FileRead | FileSkip): string | undefined => {
  if ('skipped' in r) {
    if (!r.missing) reportSkipped(s, [{ path, reason: r.skipped }]);
    return undefined;
  }
  return decodeText(r.bytes);
};

/** The text of a file of the workspace (see above for what is read, io/decode.ts for how it is decoded). */
export async function readText(s: ServerState, uri: string): Promise<string | undefined> {
  const path = await containedPath(s, uri);
  return path ? textOf(s, path, await readFileBounded(path, maxFileBytes(s.client.settings))) : undefined;
}

/**
 * The bulk read of the workspace scan (files the walk found inside the folders): synchronous, since the scan
 * yields to the event loop every few milliseconds anyway.
 */
function readTextNow(s: ServerState, uri: string, skipped: Skipped[]): string | undefined {
  const path = pathOf(uri);
  if (!path) return undefined;
  const r = readFileBoundedSync(path, maxFileBytes(s.client.settings));
  if ('skipped' in r) {
    if (!r.missing)
      skipped.push({ path, reason: r.skipped.startsWith('larger than') ? r.skipped + crdHint(path) : r.skipped });
    return undefined;
  }
  return decodeText(r.bytes);
}

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every YAML file below a folder, without `node_modules`, `.git` and excluded paths, never leaving the
 * folder; stops when a newer scan starts.
 */
export async function listYamlFiles(
  s: ServerState,
  root: string,
  gen: number,
): Promise<{ files: string[]; skipped: Skipped[]; json?: string[] }> {
  let slice = Date.now();
  return walkYaml(root, {
    // JSON files too, read only for the CRDs they may hold (readCrdSetting).
    json: true,
    skip: (full) => {
      const f = folderOf(s, full);
      return !!f && s.ws.excluder.excludes(f.rel);
    },
    stopped: () => gen !== s.ws.scanGeneration,
    // Yield every few milliseconds (not after every folder: 5,000 folders would be 5,000 turns of the loop).
    between: async () => {
      if (Date.now() - slice < 15) return;
      await yieldNow();
      slice = Date.now();
    },
  });
}

/** The skipped entries in a few words: their names, the first few. */
function summarise(skipped: readonly Skipped[]): string {
  const names = skipped.slice(0, 3).map((k) => basename(k.path));
  return names.join(', ') + (skipped.length > 3 ? `, and ${skipped.length - 3} more (see the log)` : '');
}

async function createProgress(s: ServerState): Promise<WorkDoneProgressServerReporter | undefined> {
  if (!s.client.workDoneProgressSupport) return undefined;
  try {
    return await s.connection.window.createWorkDoneProgress();
  } catch {
    return undefined;
  }
}

/** A file the scan leaves out for its size that holds CRDs: said, with the setting that reads it anyway. */
function crdHint(path: string): string {
  const head = readHeadSync(path, 64 * 1024);
  return head !== undefined && mayHoldCrds(head)
    ? '; it holds CustomResourceDefinitions: name it in cloudManifests.crds to read its kinds whatever its size'
    : '';
}

/**
 * Reads the CRDs of the files and folders the `crds` setting names (whatever their size), relative to each
 * workspace folder unless absolute; files it no longer names are forgotten (unless the index holds them).
 * Those outside the workspace are watched from then on (crdFiles.ts).
 */
async function readCrdSetting(s: ServerState, gen: number, json: readonly string[] = []): Promise<void> {
  const wanted = new Set<string>();
  const scanned = new Set<string>();
  // The workspace's JSON files that hold CRDs (a CRD written as JSON is YAML too); any other JSON file
  // (package.json…) is left alone, in silence.
  // Read ahead where reads are asked of the editor (the browser build: io/read.ts); nothing to do on Node.
  const ahead = prefetchFiles(json, maxFileBytes(s.client.settings));
  if (ahead) await ahead;
  for (const path of json) {
    const uri = uriOf(path);
    const text = readTextNow(s, uri, []);
    if (text === undefined || !mayHoldCrds(text)) continue;
    wanted.add(uri);
    scanned.add(uri);
    s.host.apply({ kind: 'crd', uri, text });
  }
  const roots: { path: string; folder: boolean }[] = [];
  for (const entry of s.client.settings.crds) {
    const bases = isAbsolute(entry) ? ['/'] : s.ws.folders;
    for (const base of bases) {
      // The user's settings may name paths outside the workspace, but never /proc, /sys, /dev, the root or
      // home folder, and a folder's walk is capped (io/crdPaths.ts).
      const p = await resolveCrdPath(entry, base);
      if ('error' in p) {
        if (!p.missing) s.connection.console.warn(`cloud-manifests: ${p.error}`);
        continue;
      }
      roots.push(p);
      const found = p.folder ? await crdFolderFiles(p, entry, yieldNow) : { files: [p.path], errors: [] };
      for (const e of found.errors) s.connection.console.warn(`cloud-manifests: ${e}`);
      for (const f of found.files) wanted.add(uriOf(f));
    }
    if (gen !== s.ws.scanGeneration) return;
  }
  for (const uri of s.ws.crdFiles)
    if (!wanted.has(uri) && !s.host.file(uri).indexed) s.host.apply({ kind: 'crd', uri, text: undefined });
  for (const uri of wanted) {
    if (s.host.file(uri).indexed || scanned.has(uri)) continue; // the scan read it already
    await readCrdFile(s, uri);
  }
  s.ws.crdFiles = wanted;
  void watchCrdRoots(s, roots);
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
  // Files queued to be indexed again with new kinds (publish.ts reindexAfterCrds): the scan reads them all.
  s.host.apply({ kind: 'rescan' });
  const run = async () => {
    const started = Date.now();
    const progress = await createProgress(s);
    progress?.begin('Indexing cloud manifests', 0, 'looking for YAML files', false);
    try {
      growingHeap();
      const paths: string[] = [];
      const json: string[] = [];
      const skipped: Skipped[] = [];
      for (const folder of s.ws.folders) {
        const found = await listYamlFiles(s, folder, gen);
        // Not a spread into push: a folder may hold more files than a call takes arguments.
        for (const p of found.files) paths.push(p);
        for (const p of found.json ?? []) json.push(p);
        for (const k of found.skipped) skipped.push(k);
      }
      if (gen !== ws.scanGeneration) return;
      const walkSkipped = skipped.length;
      const wanted = new Set(paths.map((p) => uriOf(p)));
      // Files that left the workspace (a rescan after a settings or folder change).
      for (const uri of s.host.files()) {
        if (wanted.has(uri) || documents.get(uri)) continue;
        s.host.apply({ kind: 'file', uri, file: undefined });
      }
      // Open documents may change scope (exclude settings): index them again.
      forgetIndexedVersions(s);
      let slice = Date.now();
      let reported = 0;
      const uris = [...wanted];
      const BATCH = 16;
      const wide = s.client.settings.problemsScope === 'workspace';
      // Each file's facts found in the cache the last scan or check wrote are taken as they are (scanCache.ts).
      const cache = ScanCache.open(s);
      // On worker threads when the workspace is large enough (scanPool.ts); else here, in slices.
      const pooled = await indexInPool(s, {
        uris,
        cache,
        read: (u) => readTextNow(s, u, skipped),
        stopped: () => gen !== ws.scanGeneration,
        progress: (done) => {
          if (Date.now() - reported < 100) return;
          reported = Date.now();
          progress?.report(Math.floor((done / Math.max(1, uris.length)) * 100), `${done}/${uris.length} files`);
        },
      });
      for (let i = 0; i < (pooled ? 0 : uris.length); i += BATCH) {
        if (gen !== ws.scanGeneration) return;
        const batch = uris.slice(i, i + BATCH).filter((u) => !documents.get(u));
        const ahead = prefetchFiles(batch.map(pathOf), maxFileBytes(s.client.settings));
        if (ahead) await ahead;
        const texts = batch.map((u) => readTextNow(s, u, skipped));
        for (const [j, uri] of batch.entries()) {
          const text = texts[j];
          if (text === undefined) s.host.apply({ kind: 'file', uri, file: undefined });
          else if (s.host.file(uri).role.role === 'template') {
            // A Helm template is parsed as what it is (a template read as plain YAML was parsed twice, the
            // first time into an error per action), its actions lexed and masked in slices: a large one is
            // no single step (templateSlices.ts).
            const file = await templateInSlices(s, uri, text, () => gen !== ws.scanGeneration);
            if (!file) return;
            if (!documents.get(uri)) s.host.apply({ kind: 'file', uri, file, scope: WORKSPACE_SCOPE, affected: false });
          }
          // With workspace-wide problems every file's diagnostics are wanted next: computed now, on the tree
          // the index parses anyway, and cached per document content (analyze.ts), not parsed again later.
          // A large manifest or patch is checked in the worker first, its results then found in the caches
          // (offThread.ts: its parse here would be one piece of hundreds of milliseconds).
          else {
            // What a worker would be sent of it (host/ingest.ts), looked up in the cache by that.
            const job = cache && workerJob(s.host.file(uri).entry(text), text, wide);
            const facts = job && cache.take(job);
            const release =
              !facts && text.length >= OFF_THREAD_FROM && offThreadRole(s, uri)
                ? await checkedOffThread(s, uri, text, s.host.file(uri).role.role === 'patch')
                : undefined;
            if (gen !== ws.scanGeneration) return release?.();
            if (!documents.get(uri)) {
              s.host.apply({
                kind: 'file',
                uri,
                file: text,
                scope: WORKSPACE_SCOPE,
                analyse: wide,
                facts,
                affected: false,
              });
              // Kept when new, or when it holds diagnostics the stored facts lack (scanCache.ts).
              if (job) cache.computedHere(job, uri);
            }
            release?.();
          }
        }
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
      // The facts of the files as indexed with the kinds they are keyed by, before the CRDs found change them.
      const write = cache?.toWrite();
      await readCrdSetting(s, gen, json);
      // The CRDs' kinds read in slices, requests answered in between (a bundle holds hundreds of CRDs).
      for (let t = Date.now(); !s.host.work('crds', () => Date.now() - t > 15); t = Date.now()) {
        await yieldNow();
        if (gen !== ws.scanGeneration) return;
      }
      if (gen !== ws.scanGeneration) return;
      // The kinds of the CRDs found: the registry is built once the whole workspace is read, and the files
      // read so far are indexed again with it in slices, requests answered in between.
      if (s.host.work('kinds')) {
        // A large file checked in the worker first (offThread.ts).
        if (!(await reindexInSlices(s, () => gen !== ws.scanGeneration))) return;
        forgetIndexedVersions(s);
        connection.console.log(
          `cloud-manifests: ${s.host.status().kinds.kinds.length} kinds known with the workspace's CRDs`,
        );
      }
      ws.indexComplete = true;
      const unread = skipped.length - walkSkipped;
      reportSkipped(s, skipped);
      const left = skipped.length > 0 ? `; skipped ${skipped.length} (${summarise(skipped)})` : '';
      connection.console.log(
        `cloud-manifests: indexed ${s.host.status().manifests} manifests in ${uris.length - unread} files in ${Date.now() - started} ms${left}`,
      );
      if (left) progress?.report(100, `skipped ${skipped.length}: ${summarise(skipped)}`);
      if (cache)
        connection.console.log(
          `cloud-manifests: the facts of ${cache.counts.hit} of ${cache.counts.looked} files read from the cache`,
        );
      indexed();
      if (write) writeWhenIdle(s, write);
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
