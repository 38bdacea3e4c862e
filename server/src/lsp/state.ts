// The state of one language server, created by `startServer(connection)` and handed to every handler
// module: the connection, the open documents, the client's capabilities and settings, the parsed form of
// each open document, the workspace (folders, index, scan) and what is waiting to be published. Nothing
// lives in module singletons, so a test can start as many servers in one process as it likes.
import { ResponseError, TextDocuments, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Excluder } from '../io/glob';
import { isYamlName } from '../io/walk';
import { analyze } from '../service/analyze';
import { holdFile, parseFile, releaseFile, type ParsedFile } from '../service/parse';
import { DEFAULT_SETTINGS, type Settings } from '../service/settings';
import { WorkspaceIndex } from '../service/workspace/workspaceIndex';
import type { Life } from './lifecycle';
import type { LargeCheck } from './largeDocs';
import type { QuietScheduler } from './quiet';
import { isTooLarge } from '../service/tooLarge';

/** What the client said it supports (set at `initialize`), and the settings in force. */
export interface ClientState {
  settings: Settings;
  pullDiagnostics: boolean;
  configurationSupport: boolean;
  watchedFilesRegistration: boolean;
  workspaceFoldersSupport: boolean;
  workDoneProgressSupport: boolean;
  diagnosticRefreshSupport: boolean;
  codeLensRefreshSupport: boolean;
  documentChangesSupport: boolean;
  /** The client asked for `cloudManifests/indexChanged` (initializationOptions `indexChanged: true`). */
  indexEvents: boolean;
}

/** The workspace folders and the scan that indexes them. */
export interface WorkspaceState {
  /** Absolute paths of the workspace folders. */
  folders: string[];
  excluder: Excluder;
  /** The index holds every file of the workspace folders (the first scan has finished). */
  indexComplete: boolean;
  scanGeneration: number;
  scanDone: Promise<void>;
  /** The folders' real paths, for the folders list they were computed from (see workspace.ts realFolders). */
  real?: { of: string[]; paths: string[] };
  /** Skipped files and folders already said in the log (`path\0reason`): each is said once. */
  reported: Set<string>;
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
}

export interface ServerState {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly client: ClientState;
  /** Parsed form of each open document at its current version. */
  readonly parsed: Map<string, { version: number; file: ParsedFile }>;
  /** Documents whose outline the client has asked for: their symbols are computed with each new version. */
  readonly outlined: Set<string>;
  /** Every manifest of the workspace folders and of the open documents. */
  readonly index: WorkspaceIndex;
  readonly ws: WorkspaceState;
  /** Version of each open document last fed to the index. */
  readonly indexedVersion: Map<string, number>;
  /** File events and reads from disk, one after the other. */
  fsQueue: Promise<unknown>;
  readonly publish: PublishState;
  /** Where the server is in its lifecycle: requests before `initialize` and after `shutdown` are refused. */
  readonly life: Life;
  /** The syntax check of each open document too large to check in full (see largeDocs.ts). */
  readonly large: Map<string, LargeCheck>;
  /** The pending `cloudManifests/indexChanged` notification (see indexEvents.ts). */
  indexEventTimer?: NodeJS.Timeout;
}

export function createState(connection: Connection): ServerState {
  return {
    connection,
    documents: new TextDocuments(TextDocument),
    client: {
      settings: DEFAULT_SETTINGS,
      pullDiagnostics: false,
      configurationSupport: false,
      watchedFilesRegistration: false,
      workspaceFoldersSupport: false,
      workDoneProgressSupport: false,
      diagnosticRefreshSupport: false,
      codeLensRefreshSupport: false,
      documentChangesSupport: false,
      indexEvents: false,
    },
    parsed: new Map(),
    large: new Map(),
    outlined: new Set(),
    index: new WorkspaceIndex(),
    ws: {
      folders: [],
      excluder: new Excluder([]),
      indexComplete: true,
      scanGeneration: 0,
      scanDone: Promise.resolve(),
      reported: new Set(),
    },
    indexedVersion: new Map(),
    fsQueue: Promise.resolve(),
    publish: { dirty: new Set(), changedDocs: new Set(), closedPublished: new Map(), stamps: new Map(), epoch: 0 },
    life: { initialized: false, shutdown: false },
  };
}

/** The parsed form of an open document at its current version. */
export function fileOf(s: ServerState, doc: TextDocument): ParsedFile {
  const hit = s.parsed.get(doc.uri);
  // A client may repeat a version with another text (a second didOpen, a didChange): the text decides.
  if (hit && hit.version === doc.version && hit.file.text === doc.getText()) return hit.file;
  const text = doc.getText();
  if (isTooLarge(text, s.client.settings.maxDocumentSize)) {
    // Too large to analyse (see largeDocs.ts): parsed on demand, chunk by chunk, kept out of the shared cache.
    const file = parseFile(text, { cache: false });
    if (hit) releaseFile(hit.file);
    s.parsed.set(doc.uri, { version: doc.version, file });
    return file;
  }
  // Every result cached per chunk, in one pass: each changed chunk is parsed once (trees are not kept).
  const file = analyze(parseFile(text), { symbols: s.outlined.has(doc.uri) });
  // Only the current version of an open document can be asked about: it holds its chunks, not older ones.
  holdFile(file);
  if (hit) releaseFile(hit.file);
  s.parsed.set(doc.uri, { version: doc.version, file });
  return file;
}

/** A document closed: its chunks stay only if the index (or another document) holds them. */
export function forgetDoc(s: ServerState, uri: string): void {
  const hit = s.parsed.get(uri);
  if (hit) releaseFile(hit.file);
  s.parsed.delete(uri);
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
