// The state of one language server, created by `startServer(connection)` and handed to every handler
// module: the connection, the open documents, the client's capabilities and settings, the analysis (the
// parsed form of each open document, the index, every cache: service/analysis.ts), the workspace folders
// and scan, and what is waiting to be published. Nothing lives in module singletons, so a test can start as
// many servers in one process as it likes.
import { kubeDescriptionsLoader } from '../io/kubeDescriptions';
import { fileKind } from '../io/fileKind';
import { ResponseError, TextDocuments, type Connection, type Disposable } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Excluder } from '../io/glob';
import { isYamlName } from '../io/folderWalk';
import type { Diagnostic } from 'vscode-languageserver';
import { createHost, type Host } from '../service/analysis';
import type { ParsedFile } from '../service/core/parse';
import { DEFAULT_SETTINGS, type Settings } from '../service/core/settings';
import type { Life } from './lifecycle';
import type { QuietScheduler } from './quiet';
import type { RenderedShown } from './carriedRendered';
import type { WorkerPool } from '../io/workerPool';
import type { BatchFacts, FactsFile } from '../service/host/fileFacts';
import { PieceDocument, pieceDocuments } from './pieceDocument';

/** The check of one version of a large document. */
export interface LargeCheck {
  version: number;
  text: string;
  /** What was found so far, as published (positions resolved as the check goes). */
  found: Diagnostic[];
  /** How many of `found` the first step gave (its message): all that is shown until the check is done. */
  first: number;
  done: boolean;
  /** Called once when the check has finished. */
  onDone: (() => void)[];
}

/** The worker thread that checks large files (offThread.ts). */
export type FactsPool = WorkerPool<{ files: FactsFile[] }, BatchFacts>;

/** One file's checks under way (or done) in the worker, for one version of it (offThread.ts). */
export interface OffThreadCheck {
  /** The version it was sent for: an open document's version, or the indexed file itself. */
  key: unknown;
  /** The file whose documents take the facts (held in the store while it waits, `held`). */
  file: ParsedFile;
  held: boolean;
  done: boolean;
  /** Runs when they are done: the last caller's (a newer version's, waiting for these to end). */
  again: () => void;
}

/** The worker and the checks under way in it (offThread.ts). */
export interface OffThread {
  /** The worker, set up for one registry and one settings value (a new one when either changes). */
  pool?: { pool: FactsPool; registry: unknown; settings: Settings; stamp: number | undefined };
  pending: Map<string, OffThreadCheck>;
}

/**
 * What the server keeps of one open document, in one record (deleted whole when it closes): the version
 * last fed to the index, the check of a version too large to check in full, whether it was published since
 * it opened, and the overlays' problems of its last whole publish (carriedRendered.ts).
 */
export interface OpenDoc {
  indexedVersion?: number;
  large?: LargeCheck;
  /** Published since it was opened (the first publish of one may come in two parts). */
  shown: boolean;
  rendered?: RenderedShown;
  /** The last report of a pull (`textDocument/diagnostic`): its result id and items (diagnosticJson.ts). */
  pulled?: { resultId: string; items: Diagnostic[] };
}

/** The record of an open document, made on first use. */
export function openDoc(s: ServerState, uri: string): OpenDoc {
  let d = s.openDocs.get(uri);
  if (!d) s.openDocs.set(uri, (d = { shown: false }));
  return d;
}

/** Every open document is fed to the index again (the index was made anew, or their scope may change). */
export function forgetIndexedVersions(s: ServerState): void {
  for (const d of s.openDocs.values()) d.indexedVersion = undefined;
}

/** What the client said it supports (set at `initialize`), and the settings in force. */
export interface ClientState {
  settings: Settings;
  pullDiagnostics: boolean;
  configurationSupport: boolean;
  watchedFilesRegistration: boolean;
  /** File watchers may be registered with a base folder (LSP 3.17): paths outside the workspace can be watched. */
  relativePatternSupport: boolean;
  workspaceFoldersSupport: boolean;
  workDoneProgressSupport: boolean;
  diagnosticRefreshSupport: boolean;
  codeLensRefreshSupport: boolean;
  documentChangesSupport: boolean;
  /** Workspace edits may carry change annotations (`workspace.workspaceEdit.changeAnnotationSupport`). */
  changeAnnotationSupport: boolean;
  /** Workspace edits may create files (`workspace.workspaceEdit.resourceOperations` holds `create`). */
  createFileSupport: boolean;
  /** Code actions may be sent disabled, with the reason (`textDocument.codeAction.disabledSupport`). */
  codeActionDisabledSupport: boolean;
  /** The client asked for `cloudManifests/indexChanged` (initializationOptions `indexChanged: true`). */
  indexEvents: boolean;
  /**
   * The workspace scan reads and writes the facts cache (`cloudManifests.cache`, default true: scanCache.ts).
   * Not one of the analysis's settings: it changes no diagnostic.
   */
  cache: boolean;
  /**
   * The workspace is trusted (initializationOptions `trusted`: VS Code's workspace trust; a client that says
   * nothing is trusted). A restricted one's cache folder may be the repository's own (a committed
   * `node_modules/.cache`): the scan then reads no facts cache.
   */
  trusted: boolean;
}

/** The workspace folders and the scan that indexes them. */
export interface WorkspaceState {
  /** Absolute paths of the workspace folders. */
  folders: string[];
  excluder: Excluder;
  /** The index holds every file of the workspace folders (the first scan has finished). */
  indexComplete: boolean;
  /** The files the `crds` setting named at the last scan (their CRDs are read, they are not indexed). */
  crdFiles: Set<string>;
  /** The paths the `crds` setting named at the last scan that exist (files and folders: crdFiles.ts). */
  crdRoots: string[];
  /** The registration watching those outside the workspace folders, and how many were asked for. */
  crdWatch?: Disposable;
  crdWatchGeneration: number;
  scanGeneration: number;
  scanDone: Promise<void>;
  /** The folders' real paths, for the folders list they were computed from (see workspace.ts realFolders). */
  real?: { of: string[]; paths: string[] };
  /** Skipped files and folders already said in the log (`path\0reason`): each is said once. */
  reported: Set<string>;
  /**
   * The scan's worker threads do every batch, this thread none (scanPool.ts): a test tells the workers'
   * work from this thread's. Unset, this thread does batches too.
   */
  workersAlone?: boolean;
  /** The scan's facts pack, waiting to be written once the diagnostics are published (scanCache.ts). */
  cacheWrite?: () => void;
}

/** Diagnostics waiting to be published (see publish.ts). */
export interface PublishState {
  /** Files whose diagnostics must be published again. */
  dirty: Set<string>;
  /** Open documents that changed since the last flush. */
  changedDocs: Set<string>;
  /** The last set published per closed file, to publish changes only. */
  closedPublished: Map<string, string>;
  /** Publishes once a burst of changes is over (created on first use; see quiet.ts). */
  flusher?: QuietScheduler;
  refreshHandle?: NodeJS.Timeout;
  /** Per file, bumped whenever its diagnostics may have changed: the result ids of workspace pulls. */
  stamps: Map<string, number>;
  /** Bumped when every file's diagnostics may have changed (settings, a new scan). */
  epoch: number;
  /** The last result id given to an open document's pulled report (OpenDoc.pulled). */
  pullResults: number;
}

export interface ServerState {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly client: ClientState;
  /**
   * The inputs (open documents' texts, files read from disk, the settings) and every cache: queries go
   * through it. `client.settings` reads and writes the analysis's settings (one value, not two copies).
   */
  readonly host: Host;
  readonly ws: WorkspaceState;
  /** What the server keeps of each open document (see OpenDoc). */
  readonly openDocs: Map<string, OpenDoc>;
  /** File events and reads from disk, one after the other. */
  fsQueue: Promise<unknown>;
  readonly publish: PublishState;
  /** Where the server is in its lifecycle: requests before `initialize` and after `shutdown` are refused. */
  readonly life: Life;
  /** The pending `cloudManifests/indexChanged` notification (see indexEvents.ts). */
  indexEventTimer?: NodeJS.Timeout;
  /** Large files' checks in a worker thread (offThread.ts), made on first use. */
  offThread?: OffThread;
}

export function createState(connection: Connection): ServerState {
  // kubectl reads the disk: a kustomization's entry naming nothing there is its build error.
  const host = createHost({ settings: DEFAULT_SETTINGS, kubeDescriptions: kubeDescriptionsLoader(), fileKind });
  return {
    connection,
    documents: new TextDocuments<TextDocument>(pieceDocuments),
    client: {
      get settings() {
        return host.settings;
      },
      set settings(next: Settings) {
        host.apply({ kind: 'settings', settings: next });
      },
      pullDiagnostics: false,
      configurationSupport: false,
      watchedFilesRegistration: false,
      relativePatternSupport: false,
      workspaceFoldersSupport: false,
      workDoneProgressSupport: false,
      diagnosticRefreshSupport: false,
      codeLensRefreshSupport: false,
      documentChangesSupport: false,
      changeAnnotationSupport: false,
      createFileSupport: false,
      codeActionDisabledSupport: false,
      indexEvents: false,
      cache: true,
      trusted: true,
    },
    host,
    ws: {
      folders: [],
      excluder: new Excluder([]),
      indexComplete: true,
      crdFiles: new Set(),
      crdRoots: [],
      crdWatchGeneration: 0,
      scanGeneration: 0,
      scanDone: Promise.resolve(),
      reported: new Set(),
    },
    openDocs: new Map(),
    fsQueue: Promise.resolve(),
    publish: {
      dirty: new Set(),
      changedDocs: new Set(),
      closedPublished: new Map(),
      stamps: new Map(),
      epoch: 0,
      pullResults: 0,
    },
    life: { initialized: false, shutdown: false },
  };
}

/** The parsed form of an open document at its current version (parsed and analysed once per version). */
export function fileOf(s: ServerState, doc: TextDocument): ParsedFile {
  const view = s.host.file(doc.uri);
  // The host's open version is this document at its current revision: nothing to apply.
  if (doc instanceof PieceDocument && view.open && view.openFrom(doc)) return view.open;
  // The store's document as it is: a new version is made from its changes, without its whole text.
  const text = doc instanceof PieceDocument ? doc : doc.getText();
  s.host.apply({ kind: 'open', uri: doc.uri, version: doc.version, text });
  return view.open!;
}

export const isYaml = (doc: TextDocument) => isYamlName(doc.uri) || doc.languageId === 'yaml';

/** Logs an unexpected error on the client's output channel. */
export const logError = (s: ServerState, e: unknown, prefix = 'cloud-manifests: ') =>
  s.connection.console.error(`${prefix}${(e as Error)?.stack ?? String(e)}`);

/** No request may take the server down: a failure is logged and answered with an empty result. */
export function safely<T>(s: ServerState, fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ResponseError) throw e;
    logError(s, e);
    return fallback;
  }
}
