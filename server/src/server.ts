// The language server: thin LSP wiring over the pure language service in ./service. It keeps the open
// documents, reads settings, and maps requests onto validate / complete / hover, and onto the workspace
// index (./service/workspace): at start it scans the workspace folders (work-done progress, yielding to the
// event loop between files), then follows open documents and file events; cross-document diagnostics are
// published for every file a change affects. This file holds the lifecycle and settings; lsp/ the rest:
// state.ts (what all parts share), workspace.ts (folders, reads, the scan), publish.ts (diagnostics),
// events.ts (document and file events), requests.ts (requests and commands).
import { pathToFileURL } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  WatchKind,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { Excluder } from './cli/glob';
import { CODE_ACTION_KINDS } from './lspCodeActions';
import { setDocsBase } from './lspDiagnostic';
import { registerDocumentEvents } from './lsp/events';
import { steadyHeap } from './lsp/heap';
import { revalidateAll, syncDoc } from './lsp/publish';
import { registerRequests } from './lsp/requests';
import { client, connection, documents } from './lsp/state';
import { pathOf, scanWorkspace, ws } from './lsp/workspace';
import { readSettings, type Settings } from './service/settings';

steadyHeap();

/** Scans the workspace folders; then the open documents join the index and everything is re-published. */
const rescan = () =>
  scanWorkspace(() => {
    for (const doc of documents.all()) syncDoc(doc);
    revalidateAll();
  });

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities;
  client.pullDiagnostics = !!caps.textDocument?.diagnostic;
  client.configurationSupport = !!caps.workspace?.configuration;
  client.watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  client.workspaceFoldersSupport = !!caps.workspace?.workspaceFolders;
  client.workDoneProgressSupport = !!caps.window?.workDoneProgress;
  client.diagnosticRefreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
  client.codeLensRefreshSupport = !!caps.workspace?.codeLens?.refreshSupport;
  client.documentChangesSupport = !!caps.workspace?.workspaceEdit?.documentChanges;
  const init = params.initializationOptions as { settings?: unknown } | undefined;
  if (init?.settings) client.settings = readSettings(init.settings).settings;
  setDocsBase(client.settings.docsBaseUrl);
  ws.excluder = new Excluder(client.settings.exclude);
  const roots =
    params.workspaceFolders?.map((f) => f.uri) ??
    (params.rootUri ? [params.rootUri] : params.rootPath ? [pathToFileURL(params.rootPath).href] : []);
  ws.folders = roots.map(pathOf).filter((p): p is string => !!p);
  ws.indexComplete = ws.folders.length === 0;
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
      codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS, resolveProvider: false },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      ...(client.pullDiagnostics
        ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } }
        : {}),
    },
    serverInfo: { name: 'cloud-manifests', version: '0.1.0' },
  };
});

async function refreshSettings(): Promise<void> {
  if (!client.configurationSupport) return;
  const raw = await connection.workspace.getConfiguration('cloudManifests').catch(() => undefined);
  const { settings: next, problems } = readSettings(raw);
  applyNewSettings(next);
  for (const p of problems) connection.console.warn(`cloud-manifests settings: ${p}`);
}

/** Takes new settings; a changed `exclude` rescans the workspace, anything else re-validates. */
function applyNewSettings(next: Settings): void {
  const excludeChanged = JSON.stringify(next.exclude) !== JSON.stringify(client.settings.exclude);
  client.settings = next;
  setDocsBase(next.docsBaseUrl);
  if (excludeChanged) {
    ws.excluder = new Excluder(client.settings.exclude);
    if (ws.folders.length > 0 && ws.scanGeneration > 0) void rescan();
  }
}

connection.onInitialized(() => {
  if (client.watchedFilesRegistration) {
    void connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml}' }, { globPattern: '**/*', kind: WatchKind.Delete }],
      })
      .catch(() => undefined);
  }
  if (client.workspaceFoldersSupport) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => pathOf(f.uri)));
      ws.folders = [
        ...ws.folders.filter((f) => !removed.has(f)),
        ...e.added.map((f) => pathOf(f.uri)).filter((p): p is string => !!p),
      ];
      void rescan();
    });
  }
  void refreshSettings().then(() => {
    if (ws.folders.length > 0) void rescan();
    revalidateAll();
  });
});

connection.onDidChangeConfiguration((change) => {
  const fromPush = (change.settings as { cloudManifests?: unknown } | undefined)?.cloudManifests;
  if (fromPush !== undefined) applyNewSettings(readSettings(fromPush).settings);
  void (fromPush !== undefined ? Promise.resolve() : refreshSettings()).then(revalidateAll);
});

registerDocumentEvents();
registerRequests();

process.on('uncaughtException', (e) => connection.console.error(`cloud-manifests: uncaught ${e.stack ?? e}`));

documents.listen(connection);
connection.listen();
