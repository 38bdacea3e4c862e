// The language server: thin LSP wiring over the pure language service in ./service. It keeps the open
// documents, reads settings, and maps requests onto validate / complete / hover, and onto the workspace
// index (./service/workspace): at start it scans the workspace folders (work-done progress, yielding to the
// event loop between files), then follows open documents and file events; cross-document diagnostics are
// published for every file a change affects.
import { readFileSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeLensRefreshRequest,
  createConnection,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  FileChangeType,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  WatchKind,
  type CodeLens,
  type CompletionItem,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
  type Location,
  type TextEdit,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Excluder } from './cli/glob';
import { decodeText } from './cli/files';
import { registerCommands } from './commands';
import { toLspDiagnostic } from './lspDiagnostic';
import { analyze } from './service/analyze';
import { complete } from './service/complete';
import { severityOf, type Diag } from './service/diag';
import { hover } from './service/hover';
import { forgetFile, parseFile, type ParsedFile } from './service/parse';
import { DEFAULT_SETTINGS, readSettings, type Settings } from './service/settings';
import { applySettings, validateFile } from './service/validate';
import { checkFile, type WorkspaceCheckOptions } from './service/workspace/checks';
import { completeReferences } from './service/workspace/completeRefs';
import { WorkspaceIndex } from './service/workspace/index';
import { WORKSPACE_SCOPE, type Span } from './service/workspace/model';
import { definitionAt, prepareRenameAt, referencesAt, renameAt } from './service/workspace/navigate';
import { resourcePath } from './service/workspace/paths';
import { documentSymbols, workspaceSymbols } from './service/workspace/symbols';

// Grow the heap by half between collections, not V8's default of up to four times: the live set is small
// (caches of per-chunk results), the garbage of an edit of a large file is not, and memory should follow
// the first. See launch.ts for the option V8 reads only at start-up.
setFlagsFromString('--heap-growing-percent=50');
const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let settings: Settings = DEFAULT_SETTINGS;
let pullDiagnostics = false;
let configurationSupport = false;
let watchedFilesRegistration = false;
let workspaceFoldersSupport = false;
let workDoneProgressSupport = false;
let diagnosticRefreshSupport = false;
let codeLensRefreshSupport = false;
let documentChangesSupport = false;


/** Parsed form of each open document at its current version. */
const parsed = new Map<string, { version: number; file: ParsedFile }>();
/** Documents whose outline the client has asked for: their symbols are computed with each new version. */
const outlined = new Set<string>();
function fileOf(doc: TextDocument): ParsedFile {
  const hit = parsed.get(doc.uri);
  if (hit && hit.version === doc.version) return hit.file;
  // Every result cached per chunk, in one pass: each changed chunk is parsed once (trees are not kept).
  const file = analyze(parseFile(doc.getText()), { symbols: outlined.has(doc.uri) });
  parsed.set(doc.uri, { version: doc.version, file });
  return file;
}

const isYaml = (doc: TextDocument) => /\.ya?ml$/i.test(doc.uri) || doc.languageId === 'yaml';
const isYamlName = (name: string) => /\.ya?ml$/i.test(name);


/** No request may take the server down: a failure is logged and answered with an empty result. */
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ResponseError) throw e;
    connection.console.error(`cloud-manifests: ${(e as Error).stack ?? String(e)}`);
    return fallback;
  }
}

// ---------------------------------------------------------------------------------------------------
// The workspace: folders, what belongs to them, the index

const index = new WorkspaceIndex();
/** Absolute paths of the workspace folders. */
let folders: string[] = [];
let excluder = new Excluder([]);
/** The index holds every file of the workspace folders (the first scan has finished). */
let indexComplete = true;
let scanGeneration = 0;
let scanDone: Promise<void> = Promise.resolve();
/** Version of each open document last fed to the index. */
const indexedVersion = new Map<string, number>();
/** File events and reads from disk, one after the other. */
let fsQueue: Promise<unknown> = Promise.resolve();
const enqueue = (fn: () => Promise<void>) => (fsQueue = fsQueue.then(fn).catch((e) => connection.console.error(`cloud-manifests: ${(e as Error)?.stack ?? e}`)));

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The workspace folder holding a path, with the path relative to it (forward slashes). */
function folderOf(path: string): { folder: string; rel: string } | undefined {
  for (const folder of folders) {
    const rel = relative(folder, path);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
    return { folder, rel: rel.split(sep).join('/') };
  }
  return undefined;
}

/** Whether a file is part of the workspace: inside a folder, not in `node_modules`/`.git`, not excluded. */
function inWorkspace(uri: string): boolean {
  const path = pathOf(uri);
  const f = path ? folderOf(path) : undefined;
  if (!f) return false;
  if (f.rel.split('/').some((s) => SKIPPED_DIRS.has(s))) return false;
  return !excluder.excludes(f.rel);
}

/** A file of the workspace shares its scope; any other file is checked on its own. */
const scopeOf = (uri: string) => (inWorkspace(uri) ? WORKSPACE_SCOPE : uri);

/** How a file is named in messages: relative to its workspace folder. */
function displayOf(uri: string): string {
  const path = pathOf(uri);
  const f = path ? folderOf(path) : undefined;
  if (f) return f.rel;
  return path ? basename(path) : uri;
}

/**
 * The bulk read of the workspace scan: synchronous, since the scan yields to the event loop every few
 * milliseconds anyway, and a small file reads in microseconds where the promise API costs four round
 * trips through the thread pool (open, stat, read, close).
 */
function readTextNow(uri: string): string | undefined {
  const path = pathOf(uri);
  if (!path) return undefined;
  try {
    return decodeText(readFileSync(path));
  } catch {
    return undefined;
  }
}

async function readText(uri: string): Promise<string | undefined> {
  const path = pathOf(uri);
  if (!path) return undefined;
  try {
    return decodeText(await readFile(path));
  } catch {
    return undefined;
  }
}

/** Feeds an open document to the index when it changed since; returns the files that may be affected. */
function syncDoc(doc: TextDocument): Set<string> | undefined {
  if (!isYaml(doc)) return undefined;
  if (indexedVersion.get(doc.uri) === doc.version && index.has(doc.uri)) return undefined;
  indexedVersion.set(doc.uri, doc.version);
  return index.update(doc.uri, fileOf(doc), scopeOf(doc.uri));
}

/** Brings every open document into the index (before a request that reads other files). */
function syncAll(): void {
  for (const doc of documents.all()) {
    const affected = syncDoc(doc);
    if (affected) markDirty(affected);
  }
}

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every YAML file below a folder, without `node_modules`, `.git` and excluded paths. */
async function listYamlFiles(root: string, gen: number): Promise<string[]> {
  const out: string[] = [];
  const visited = new Set<string>();
  const visit = async (dir: string): Promise<void> => {
    if (gen !== scanGeneration) return;
    try {
      const real = await realpath(dir);
      if (visited.has(real)) return; // a symbolic link loop
      visited.add(real);
    } catch {
      return;
    }
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const dirs: string[] = [];
    for (const e of entries) {
      if (SKIPPED_DIRS.has(e.name)) continue;
      const full = join(dir, e.name);
      const f = folderOf(full);
      if (f && excluder.excludes(f.rel)) continue;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          const st = await stat(full);
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) dirs.push(full);
      else if (isFile && isYamlName(e.name)) out.push(full);
    }
    await yieldNow();
    for (const d of dirs) await visit(d);
  };
  await visit(root);
  return out;
}

async function createProgress(): Promise<WorkDoneProgressServerReporter | undefined> {
  if (!workDoneProgressSupport) return undefined;
  try {
    return await connection.window.createWorkDoneProgress();
  } catch {
    return undefined;
  }
}

/**
 * (Re)indexes every YAML file of the workspace folders. Open documents keep their own content. Requests
 * are answered meanwhile (the work yields every few milliseconds); "owner not found" waits for the end.
 */
function scanWorkspace(): Promise<void> {
  const gen = ++scanGeneration;
  indexComplete = false;
  const run = async () => {
    const started = Date.now();
    const progress = await createProgress();
    progress?.begin('Indexing cloud manifests', 0, 'looking for YAML files', false);
    try {
      const paths: string[] = [];
      for (const folder of folders) paths.push(...(await listYamlFiles(folder, gen)));
      if (gen !== scanGeneration) return;
      const wanted = new Set(paths.map((p) => pathToFileURL(p).href));
      // Files that left the workspace (a rescan after a settings or folder change).
      for (const uri of index.uris()) {
        if (wanted.has(uri) || documents.get(uri)) continue;
        index.remove(uri);
      }
      // Open documents may change scope (exclude settings): index them again.
      indexedVersion.clear();
      let slice = Date.now();
      let reported = 0;
      const uris = [...wanted];
      const BATCH = 16;
      for (let i = 0; i < uris.length; i += BATCH) {
        if (gen !== scanGeneration) return;
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
      if (gen !== scanGeneration) return;
      for (const doc of documents.all()) syncDoc(doc);
      indexComplete = true;
      connection.console.log(
        `cloud-manifests: indexed ${index.manifestCount} manifests in ${uris.length} files in ${Date.now() - started} ms`,
      );
      revalidateAll();
    } finally {
      progress?.done();
    }
  };
  scanDone = run().catch((e) => {
    connection.console.error(`cloud-manifests: workspace scan failed: ${(e as Error)?.stack ?? e}`);
    if (gen === scanGeneration) indexComplete = true;
  });
  return scanDone;
}

// ---------------------------------------------------------------------------------------------------
// Diagnostics

function crossOptions(uri: string): WorkspaceCheckOptions {
  const f = index.get(uri);
  return {
    ownerResolution: settings.ownerResolution,
    // Outside the workspace folders, or while the scan runs, a missing owner proves nothing.
    complete: f?.scope === WORKSPACE_SCOPE && indexComplete,
    display: displayOf,
  };
}

/** Cross-document diagnostics of an indexed file, settings and disable comments applied. */
function crossDiags(uri: string, file: Pick<ParsedFile, 'text' | 'lines'>): Diag[] {
  return applySettings({ ...file, docs: [] }, checkFile(index, uri, crossOptions(uri)), { rules: settings.rules });
}

/** A file's own checks and the cross-document ones, in position order, as LSP diagnostics. */
function allDiagnostics(uri: string, file: ParsedFile, cross: boolean): Diagnostic[] {
  const own = validateFile(file, { rules: settings.rules });
  const other = cross ? crossDiags(uri, file) : [];
  const all = other.length > 0 ? [...own, ...other].sort((a, b) => a.start - b.start || a.end - b.end) : own;
  return all.map((d) => toLspDiagnostic(file, d));
}

/** Everything published for an open document: its own checks and the cross-document ones. */
function diagnosticsOf(doc: TextDocument): Diagnostic[] {
  if (!isYaml(doc)) return [];
  const affected = syncDoc(doc);
  if (affected) {
    affected.delete(doc.uri);
    markDirty(affected);
  }
  return allDiagnostics(doc.uri, fileOf(doc), true);
}

/**
 * Closed files get their cross-document errors and warnings (a change elsewhere broke them); the rest of
 * their diagnostics shows when they are opened. The last set published per file, to publish changes only.
 */
const closedPublished = new Map<string, string>();

function publishClosed(uri: string): void {
  const f = index.get(uri);
  const diags = f ? crossDiags(uri, { text: f.text, lines: f.lines() }).filter((d) => severityOf(d) === 'error' || severityOf(d) === 'warning') : [];
  const prev = closedPublished.get(uri);
  if (diags.length === 0) {
    if (prev !== undefined) {
      closedPublished.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
    return;
  }
  const lsp = diags.map((d) => toLspDiagnostic({ lines: f!.lines() }, d));
  const key = JSON.stringify(lsp);
  if (prev === key) return;
  closedPublished.set(uri, key);
  void connection.sendDiagnostics({ uri, diagnostics: lsp });
}

/** Files whose diagnostics must be published again, and open documents that changed. */
const dirty = new Set<string>();
const changedDocs = new Set<string>();
let flushHandle: NodeJS.Immediate | undefined;
let refreshHandle: NodeJS.Timeout | undefined;

function scheduleFlush(): void {
  if (!flushHandle) flushHandle = setImmediate(flush);
}

function markDirty(uris: Iterable<string>): void {
  for (const u of uris) dirty.add(u);
  scheduleFlush();
}

/** Coalesces bursts of edits and file events: only the latest state is indexed and published. */
function flush(): void {
  flushHandle = undefined;
  const changed = [...changedDocs];
  changedDocs.clear();
  for (const uri of changed) {
    const doc = documents.get(uri);
    if (!doc) continue;
    const affected = safely(() => syncDoc(doc), undefined);
    if (affected) for (const u of affected) dirty.add(u);
    dirty.add(uri);
  }
  const uris = [...dirty];
  dirty.clear();
  if (uris.length === 0) return;
  const others = uris.filter((u) => !changed.includes(u));
  if (pullDiagnostics) {
    if (others.some((u) => documents.get(u))) scheduleRefresh(true);
    else if (others.length > 0) scheduleRefresh(false);
    return;
  }
  for (const uri of uris) {
    const doc = documents.get(uri);
    safely(() => {
      if (doc) {
        if (!isYaml(doc)) return;
        closedPublished.delete(uri);
        void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnosticsOf(doc) });
      } else publishClosed(uri);
    }, undefined);
  }
  if (others.length > 0) scheduleRefresh(false);
}

/** Asks the client to pull diagnostics again (pull mode) and to refresh code lenses (paths follow owners). */
function scheduleRefresh(diagnostics: boolean): void {
  if (refreshHandle) clearTimeout(refreshHandle);
  refreshHandle = setTimeout(() => {
    refreshHandle = undefined;
    if (diagnostics && pullDiagnostics && diagnosticRefreshSupport) void connection.languages.diagnostics.refresh().catch(() => undefined);
    if (codeLensRefreshSupport) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }, 50);
}

function revalidateAll(): void {
  if (pullDiagnostics) {
    if (diagnosticRefreshSupport) void connection.languages.diagnostics.refresh().catch(() => undefined);
    return;
  }
  markDirty([...documents.all().map((d) => d.uri), ...index.uris(), ...closedPublished.keys()]);
}

// ---------------------------------------------------------------------------------------------------
// Lifecycle and settings

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities;
  pullDiagnostics = !!caps.textDocument?.diagnostic;
  configurationSupport = !!caps.workspace?.configuration;
  watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  workspaceFoldersSupport = !!caps.workspace?.workspaceFolders;
  workDoneProgressSupport = !!caps.window?.workDoneProgress;
  diagnosticRefreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
  codeLensRefreshSupport = !!caps.workspace?.codeLens?.refreshSupport;
  documentChangesSupport = !!caps.workspace?.workspaceEdit?.documentChanges;
  const init = params.initializationOptions as { settings?: unknown } | undefined;
  if (init?.settings) settings = readSettings(init.settings).settings;
  excluder = new Excluder(settings.exclude);
  const roots = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : params.rootPath ? [pathToFileURL(params.rootPath).href] : []);
  folders = roots.map(pathOf).filter((p): p is string => !!p);
  indexComplete = folders.length === 0;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [':', ' ', '-', '/', '\n'], resolveProvider: false },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: { label: 'Cloud manifests' },
      workspaceSymbolProvider: true,
      codeLensProvider: { resolveProvider: false },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } } : {}),
    },
    serverInfo: { name: 'cloud-manifests', version: '0.1.0' },
  };
});

async function refreshSettings(): Promise<void> {
  if (!configurationSupport) return;
  const raw = await connection.workspace.getConfiguration('cloudManifests').catch(() => undefined);
  const { settings: next, problems } = readSettings(raw);
  applyNewSettings(next);
  for (const p of problems) connection.console.warn(`cloud-manifests settings: ${p}`);
}

/** Takes new settings; a changed `exclude` rescans the workspace, anything else re-validates. */
function applyNewSettings(next: Settings): void {
  const excludeChanged = JSON.stringify(next.exclude) !== JSON.stringify(settings.exclude);
  settings = next;
  if (excludeChanged) {
    excluder = new Excluder(settings.exclude);
    if (folders.length > 0 && scanGeneration > 0) void scanWorkspace();
  }
}

connection.onInitialized(() => {
  if (watchedFilesRegistration) {
    void connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml}' }, { globPattern: '**/*', kind: WatchKind.Delete }],
      })
      .catch(() => undefined);
  }
  if (workspaceFoldersSupport) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => pathOf(f.uri)));
      folders = [...folders.filter((f) => !removed.has(f)), ...e.added.map((f) => pathOf(f.uri)).filter((p): p is string => !!p)];
      void scanWorkspace();
    });
  }
  void refreshSettings().then(() => {
    if (folders.length > 0) void scanWorkspace();
    revalidateAll();
  });
});

connection.onDidChangeConfiguration((change) => {
  const fromPush = (change.settings as { cloudManifests?: unknown } | undefined)?.cloudManifests;
  if (fromPush !== undefined) applyNewSettings(readSettings(fromPush).settings);
  void (fromPush !== undefined ? Promise.resolve() : refreshSettings()).then(revalidateAll);
});

// ---------------------------------------------------------------------------------------------------
// Documents and file events

documents.onDidChangeContent((e) => {
  changedDocs.add(e.document.uri);
  scheduleFlush();
});

documents.onDidClose((e) => {
  const uri = e.document.uri;
  const was = parsed.get(uri)?.file;
  // A file outside the workspace is not indexed once closed: nothing needs its chunks any more.
  if (was && !(inWorkspace(uri) && isYamlName(uri))) forgetFile(was);
  parsed.delete(uri);
  outlined.delete(uri);
  indexedVersion.delete(uri);
  changedDocs.delete(uri);
  closedPublished.delete(uri);
  if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
  // The file falls back to its content on disk (or leaves the index).
  enqueue(async () => {
    if (documents.get(uri)) return;
    const text = inWorkspace(uri) && isYamlName(uri) ? await readText(uri) : undefined;
    if (documents.get(uri)) return;
    const keys = text !== undefined ? index.set(uri, parseFile(text), WORKSPACE_SCOPE) : index.remove(uri);
    markDirty(index.dependents([uri], keys));
  });
});

connection.onDidChangeWatchedFiles((params) => {
  enqueue(async () => {
    const touched = new Set<string>();
    const keys: string[] = [];
    for (const change of params.changes) {
      const uri = change.uri;
      if (change.type === FileChangeType.Deleted) {
        // A file, or a folder: every indexed file below it.
        const prefix = uri.endsWith('/') ? uri : `${uri}/`;
        for (const u of [uri, ...index.uris().filter((x) => x.startsWith(prefix))]) {
          if (!index.has(u) || documents.get(u)) continue;
          keys.push(...index.remove(u));
          touched.add(u);
        }
        continue;
      }
      if (documents.get(uri)) continue; // the open document's content wins
      const path = pathOf(uri);
      if (!path || !inWorkspace(uri)) continue;
      let found: string[] = [];
      if (isYamlName(path)) found = [path];
      else {
        // A folder created or moved in: its YAML files.
        const st = await stat(path).catch(() => undefined);
        if (st?.isDirectory()) found = await listYamlFiles(path, scanGeneration);
      }
      for (const p of found) {
        const u = pathToFileURL(p).href;
        if (documents.get(u)) continue;
        const text = await readText(u);
        keys.push(...(text === undefined ? index.remove(u) : index.set(u, parseFile(text), WORKSPACE_SCOPE)));
        touched.add(u);
      }
    }
    if (touched.size > 0) markDirty(index.dependents(touched, keys));
  });
});

connection.languages.diagnostics.on((params) => {
  const doc = documents.get(params.textDocument.uri);
  const items = doc ? safely(() => diagnosticsOf(doc), []) : [];
  return { kind: DocumentDiagnosticReportKind.Full, items };
});

// ---------------------------------------------------------------------------------------------------
// Requests

/** The open document of a request, indexed at its current version, with the cursor offset. */
function at(uri: string, position: { line: number; character: number }): { doc: TextDocument; file: ParsedFile; offset: number } | undefined {
  const doc = documents.get(uri);
  if (!doc || !isYaml(doc)) return undefined;
  syncAll();
  const file = fileOf(doc);
  return { doc, file, offset: file.lines.offsetAt(position) };
}

function rangeIn(uri: string, span: Span) {
  const f = index.get(uri);
  return f ? f.lines().range(span[0], span[1]) : undefined;
}

function toLocations(locs: { uri: string; span: Span }[]): Location[] {
  return locs.flatMap((l) => {
    const range = rangeIn(l.uri, l.span);
    return range ? [{ uri: l.uri, range }] : [];
  });
}

connection.onCompletion((params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return [];
  return safely(() => {
    const file = fileOf(doc);
    const offset = file.lines.offsetAt(params.position);
    const items = complete(file, offset, { apiDomain: settings.apiDomain, workspaceDomains: index.domains() });
    syncAll();
    const refs: CompletionItem[] = safely(() => completeReferences(index, doc.uri, file, offset), []);
    if (refs.length === 0) return items;
    const labels = new Set(items.map((i) => i.label));
    return [...items, ...refs.filter((r) => !labels.has(r.label))];
  }, []);
});

connection.onHover((params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return null;
  return safely(() => {
    const file = fileOf(doc);
    const h = hover(file, file.lines.offsetAt(params.position));
    if (!h) return null;
    return { contents: { kind: 'markdown' as const, value: h.markdown }, range: file.lines.range(h.start, h.end) };
  }, null);
});

connection.onDefinition((params) =>
  safely(() => {
    const a = at(params.textDocument.uri, params.position);
    return a ? toLocations(definitionAt(index, a.doc.uri, a.offset)) : [];
  }, []),
);

connection.onReferences((params) =>
  safely(() => {
    const a = at(params.textDocument.uri, params.position);
    return a ? toLocations(referencesAt(index, a.doc.uri, a.offset, params.context.includeDeclaration)) : [];
  }, []),
);

connection.onPrepareRename((params) =>
  safely(() => {
    const a = at(params.textDocument.uri, params.position);
    if (!a) return null;
    const r = prepareRenameAt(index, a.doc.uri, a.offset);
    if (!r) return null;
    if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
    return { range: a.file.lines.range(r.span[0], r.span[1]), placeholder: r.placeholder };
  }, null),
);

connection.onRenameRequest((params) =>
  safely(() => {
    const a = at(params.textDocument.uri, params.position);
    if (!a) return null;
    const r = renameAt(index, a.doc.uri, a.offset, params.newName);
    if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
    const changes: Record<string, TextEdit[]> = {};
    for (const [uri, edits] of r) {
      const f = index.get(uri);
      if (!f) continue;
      changes[uri] = edits.map((e) => ({ range: f.lines().range(e.span[0], e.span[1]), newText: e.newText }));
    }
    // Edits are computed on the texts the index holds: versioned, so an editor refuses them on a document
    // that changed meanwhile rather than corrupting it.
    if (documentChangesSupport) {
      return {
        documentChanges: Object.entries(changes).map(([uri, edits]) => ({ textDocument: { uri, version: documents.get(uri)?.version ?? null }, edits })),
      };
    }
    return { changes };
  }, null),
);

connection.onDocumentSymbol((params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return [];
  outlined.add(doc.uri);
  return safely(() => documentSymbols(fileOf(doc)), []);
});

connection.onWorkspaceSymbol((params) =>
  safely(() => {
    syncAll();
    return workspaceSymbols(index, params.query);
  }, []),
);

connection.onCodeLens((params) =>
  safely(() => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    syncAll();
    const f = index.get(doc.uri);
    if (!f) return [];
    const lenses: CodeLens[] = [];
    for (const m of f.manifests) {
      const path = resourcePath(index, m);
      if (!path) continue;
      const start = f.lines().positionAt(m.span[0]);
      lenses.push({ range: { start, end: start }, command: { title: path, command: '', tooltip: `Cloud resource path of ${m.kind} ${m.name ?? ''}` } });
    }
    return lenses;
  }, []),
);

// The extension's commands (Check Workspace Manifests, the owner tree), over the index.
registerCommands(connection, {
  async listFiles() {
    await scanDone;
    syncAll();
    return index.uris().filter((u) => index.get(u)!.scope === WORKSPACE_SCOPE || documents.get(u));
  },
  index() {
    syncAll();
    return index;
  },
  async diagnostics(uri) {
    const doc = documents.get(uri);
    if (doc) return diagnosticsOf(doc);
    const f = index.get(uri);
    const text = f?.text ?? (await readText(uri));
    if (text === undefined) return undefined;
    return allDiagnostics(uri, parseFile(text), f !== undefined);
  },
});

process.on('uncaughtException', (e) => connection.console.error(`cloud-manifests: uncaught ${e.stack ?? e}`));

documents.listen(connection);
connection.listen();
