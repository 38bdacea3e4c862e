// The language server built from its connection: `startServer(connection)` creates the server's state and
// hands it to the handler modules (lifecycle and settings here; events.ts: document and file events;
// standardRequests.ts: requests; commands.ts: the extension's own requests; publish.ts: diagnostics; workspaceFolders.ts:
// folders, reads and the scan). ../server.ts starts it over stdio; tests start it in-process over streams.
import { version } from '../../../package.json';
import { SOURCE } from '../protocol/source';
import {
  DidChangeWatchedFilesNotification,
  DidChangeWorkspaceFoldersNotification,
  TextDocumentSyncKind,
  WatchKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { Excluder } from '../io/glob';
import { uriOf } from '../io/paths';
import { CODE_ACTION_KINDS } from './codeActionRequests';
import { COMPLETION_TRIGGERS } from '../service/editorQueries';
import { refreshBases } from './gitBases';
import { indexChanged } from './indexEvents';
import { readSettings, type Settings } from '../service/core/settings';
import { registerCommands } from './commands';
import { registerDocumentEvents } from './events';
import { checkedDocumentSync } from './lifecycle';
import { didChangeParams, didCloseParams, didOpenParams, workspaceFolderChanges } from './params';
import { revalidateAll, syncDoc } from './publish';
import { registerRequests } from './standardRequests';
import { createState, type ServerState } from './state';
import { applyTemplateSetting, pathOf, scanWorkspace } from './workspaceFolders';
import { closeOffThread } from './offThread';
import { flushCacheWrite } from './scanCache';

/** Registers every handler on the connection and starts listening; returns the server's state. */
export function startServer(connection: Connection): ServerState {
  const s = createState(connection);
  const { client, documents, ws } = s;

  /** Settings from the client, with what is wrong or left unused in them said in the log. */
  const readLogged = (raw: unknown): Settings => {
    const { settings, problems, ignored } = readSettings(raw);
    for (const p of [...problems, ...ignored]) connection.console.warn(`cloud-manifests settings: ${p}`);
    // The editor's own (scanCache.ts): not an analysis setting, it changes no diagnostic.
    const cache = (raw as { cache?: unknown } | null | undefined)?.cache;
    if (cache !== undefined && typeof cache !== 'boolean')
      connection.console.warn('cloud-manifests settings: cache must be true or false');
    client.cache = cache !== false;
    return settings;
  };

  /** Scans the workspace folders; then the open documents join the index and everything is re-published. */
  const rescan = () => {
    const done = scanWorkspace(s, () => {
      for (const doc of documents.all()) syncDoc(s, doc);
      revalidateAll(s);
      indexChanged(s, true);
      void refreshBases(s);
    });
    // The scan has begun (the index is incomplete): views say so until it ends.
    indexChanged(s, true);
    return done;
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    s.life.initialized = true;
    const caps = params.capabilities ?? {};
    client.pullDiagnostics = !!caps.textDocument?.diagnostic;
    client.configurationSupport = !!caps.workspace?.configuration;
    client.watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    client.relativePatternSupport = !!caps.workspace?.didChangeWatchedFiles?.relativePatternSupport;
    client.workspaceFoldersSupport = !!caps.workspace?.workspaceFolders;
    client.workDoneProgressSupport = !!caps.window?.workDoneProgress;
    client.diagnosticRefreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    client.codeLensRefreshSupport = !!caps.workspace?.codeLens?.refreshSupport;
    client.documentChangesSupport = !!caps.workspace?.workspaceEdit?.documentChanges;
    client.changeAnnotationSupport = !!caps.workspace?.workspaceEdit?.changeAnnotationSupport;
    client.createFileSupport =
      client.documentChangesSupport && !!caps.workspace?.workspaceEdit?.resourceOperations?.includes('create');
    client.codeActionDisabledSupport = !!caps.textDocument?.codeAction?.disabledSupport;
    const init = params.initializationOptions as
      { settings?: unknown; indexChanged?: unknown; trusted?: unknown } | undefined;
    if (init?.settings) client.settings = readLogged(init.settings);
    client.indexEvents = init?.indexChanged === true;
    client.trusted = init?.trusted !== false;
    ws.excluder = new Excluder(client.settings.exclude);
    applyTemplateSetting(s, client.settings.helmTemplates);
    const roots =
      params.workspaceFolders?.map((f) => f.uri) ??
      (params.rootUri ? [params.rootUri] : params.rootPath ? [uriOf(params.rootPath)] : []);
    ws.folders = roots.map(pathOf).filter((p): p is string => !!p);
    ws.indexComplete = ws.folders.length === 0;
    return {
      capabilities: {
        // Saves are told (no text): a save after a commit compares the files with the new commit.
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        completionProvider: {
          triggerCharacters: COMPLETION_TRIGGERS,
          resolveProvider: false,
        },
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
          ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } }
          : {}),
      },
      serverInfo: { name: SOURCE, version },
    };
  });

  const refreshSettings = async (): Promise<void> => {
    if (!client.configurationSupport) return;
    const raw = await connection.workspace.getConfiguration('cloudManifests').catch(() => undefined);
    applyNewSettings(readLogged(raw));
  };

  /** Takes new settings; a changed `exclude` or `maxFileSizeMB` rescans the workspace, anything else re-validates. */
  const applyNewSettings = (next: Settings): void => {
    // What the scan reads changes: the files it leaves out, the size it reads up to, the CRDs it reads; or
    // which files are templates (they are indexed masked).
    const excludeChanged =
      JSON.stringify(next.exclude) !== JSON.stringify(client.settings.exclude) ||
      next.maxFileSizeMB !== client.settings.maxFileSizeMB ||
      JSON.stringify(next.helmTemplates) !== JSON.stringify(client.settings.helmTemplates) ||
      JSON.stringify(next.crds) !== JSON.stringify(client.settings.crds);
    client.settings = next;
    if (excludeChanged) {
      ws.excluder = new Excluder(client.settings.exclude);
      applyTemplateSetting(s, client.settings.helmTemplates);
      if (ws.folders.length > 0 && ws.scanGeneration > 0) void rescan();
    }
  };

  connection.onInitialized(() => {
    if (client.watchedFilesRegistration) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          // Kustomize's extensionless `Kustomization` is YAML too (io/folderWalk.ts isYamlName).
          watchers: [
            { globPattern: '**/*.{yaml,yml}' },
            { globPattern: '**/Kustomization' },
            { globPattern: '**/*', kind: WatchKind.Delete },
          ],
        })
        .catch(() => undefined);
    }
    if (client.workspaceFoldersSupport) {
      // Our own handler, replacing the library's (which reads `params.event` unchecked): a malformed list
      // (`removed: null`) counts as empty, with a warning, rather than a TypeError.
      connection.onNotification(DidChangeWorkspaceFoldersNotification.type, (params: unknown) => {
        const e = workspaceFolderChanges(params);
        if (e.problem) connection.console.warn(`cloud-manifests: workspace/didChangeWorkspaceFolders: ${e.problem}`);
        const removed = new Set(e.removed.map(pathOf));
        ws.folders = [
          ...ws.folders.filter((f) => !removed.has(f)),
          ...e.added.map(pathOf).filter((p): p is string => !!p),
        ];
        void rescan();
      });
    }
    void refreshSettings().then(() => {
      if (ws.folders.length > 0) void rescan();
      revalidateAll(s);
    });
  });

  connection.onDidChangeConfiguration((change) => {
    const fromPush = (change.settings as { cloudManifests?: unknown } | undefined)?.cloudManifests;
    if (fromPush !== undefined) applyNewSettings(readLogged(fromPush));
    void (fromPush !== undefined ? Promise.resolve() : refreshSettings()).then(() => revalidateAll(s));
  });

  connection.onShutdown(() => {
    s.life.shutdown = true;
    // The last scan's facts, when they wait to be written (scanCache.ts): the next start reads them.
    flushCacheWrite(s);
    closeOffThread(s);
  });

  registerDocumentEvents(s);
  registerRequests(s);
  registerCommands(s);

  // Document notifications with wrong parameters, or before initialize, never reach the document store.
  documents.listen(
    checkedDocumentSync(connection, s.life, {
      onDidOpenTextDocument: { method: 'textDocument/didOpen', check: didOpenParams },
      onDidChangeTextDocument: { method: 'textDocument/didChange', check: didChangeParams },
      onDidCloseTextDocument: { method: 'textDocument/didClose', check: didCloseParams },
    }),
  );
  connection.listen();
  return s;
}
