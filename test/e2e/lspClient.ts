// A minimal LSP client for end-to-end tests, speaking JSON-RPC to the real server either way:
//   'stdio'      — the built bundle (`node dist/server.js --stdio`) in its own process, as an editor starts it;
//   'in-process' — `startServer(connection)` from the sources, over a pair of in-memory streams (fast; no build).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/lsp/startServer';
import type { ServerState } from '../../server/src/lsp/state';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

export const SERVER = join(__dirname, '..', '..', 'dist', 'server.js');

export interface ClientOptions {
  /** Advertise pull diagnostics (the server then stops pushing). */
  pull?: boolean;
  settings?: unknown;
  rootDir?: string;
  /** More `initializationOptions` (e.g. `indexChanged: true`, as the VS Code client sends). */
  initializationOptions?: Record<string, unknown>;
  /** How the server runs (default 'stdio'). */
  transport?: 'stdio' | 'in-process';
  /** Workspace edits the client applies: versioned document changes and file operations (as VS Code's). */
  workspaceEdit?: {
    documentChanges?: boolean;
    resourceOperations?: string[];
    changeAnnotationSupport?: { groupsOnLabel?: boolean };
  };
  /** Advertise `codeAction.disabledSupport` (the client shows a disabled action with its reason). */
  codeActionDisabledSupport?: boolean;
  /** 'stdio' only: the user (and group) id the server's process runs as (root's tests drop privileges). */
  uid?: number;
  /** 'stdio' only: environment variables set for the server's process, beside the test's own. */
  env?: Record<string, string>;
}

/**
 * A reader of the server's messages that arms no partial-message timer: vscode-jsonrpc re-arms that 10 s
 * timer for as long as a message is incomplete, and disposing the connection does not stop it, so the last
 * message of a server that exits halfway through writing it kept the test process alive for good (seen once
 * in CI: the file's tests had passed, its process never ended).
 */
export function serverReader(stream: NodeJS.ReadableStream): StreamMessageReader {
  const reader = new StreamMessageReader(stream);
  reader.partialMessageTimeout = 0;
  return reader;
}

/**
 * The settings the client answers with: the facts cache off unless a test says otherwise (lsp/scanCache.ts),
 * so that what a test measures (a scan's parses, its diagnostics) does not depend on an earlier test's run.
 */
function withoutCache(settings: unknown): unknown {
  if (settings === undefined) return { cache: false };
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return settings;
  return { cache: false, ...settings };
}

export class TestClient {
  /** The server's process ('stdio' only). */
  readonly proc?: ChildProcessWithoutNullStreams;
  readonly conn: ProtocolConnection;
  /** The server's end of the in-memory streams ('in-process' only). */
  private readonly serverConnection?: Connection;
  private readonly server?: ServerState;
  /** The in-process server's state (its analysis's work counters, for tests that count work). */
  get serverState(): ServerState | undefined {
    return this.server;
  }
  private diagnostics = new Map<string, PublishDiagnosticsParams>();
  /** Called with every `publishDiagnostics`, in order (a test that looks at each one). */
  readonly publishListeners: ((p: PublishDiagnosticsParams) => void)[] = [];
  private waiters: {
    uri: string;
    pred: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  private versions = new Map<string, number>();
  stderr = '';
  /** What the server logged (window/logMessage). */
  readonly logs: string[] = [];
  /** Every `client/registerCapability` the server asked for (file watchers, …), in order. */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  /** When the last diagnostics were published (to wait until the server is quiet). */
  lastPublishAt = 0;

  constructor(private readonly options: ClientOptions = {}) {
    if (options.transport === 'in-process') {
      const toServer = new PassThrough();
      const toClient = new PassThrough();
      // Reader and writer objects, not raw streams: on a raw input stream that ends, the library exits the process.
      this.serverConnection = createConnection(
        ProposedFeatures.all,
        new StreamMessageReader(toServer),
        new StreamMessageWriter(toClient),
      );
      this.server = startServer(this.serverConnection);
      this.conn = createProtocolConnection(serverReader(toClient), new StreamMessageWriter(toServer));
    } else {
      if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
      const ids = options.uid === undefined ? {} : { uid: options.uid, gid: options.uid };
      const env = options.env ? { env: { ...process.env, ...options.env } } : {};
      const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe', ...ids, ...env });
      proc.stderr.on('data', (d) => (this.stderr += String(d)));
      this.proc = proc;
      this.conn = createProtocolConnection(serverReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    }
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p);
      this.lastPublishAt = Date.now();
      for (const l of this.publishListeners) l(p);
      this.waiters = this.waiters.filter((w) => {
        if (w.uri === p.uri && w.pred(p)) {
          w.resolve(p);
          return false;
        }
        return true;
      });
    });
    this.conn.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map(() => withoutCache(this.options.settings)),
    );
    this.conn.onRequest('client/registerCapability', (p: { registrations?: { method: string }[] }) => {
      for (const r of p?.registrations ?? []) this.registrations.push(r);
      return null;
    });
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    // In-process, the errors the server logs join `stderr`, which failure messages quote.
    this.conn.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      this.logs.push(p.message);
      if (this.serverConnection && p.type === 1) this.stderr += `${p.message}\n`;
    });
    this.conn.listen();
  }

  async initialize(): Promise<unknown> {
    const rootUri = this.options.rootDir ? pathToFileURL(this.options.rootDir).href : null;
    const result = await this.conn.sendRequest('initialize', {
      // In-process, a process id would start the library's watchdog on this very process.
      processId: this.serverConnection ? null : process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'ws' }] : null,
      capabilities: {
        workspace: {
          configuration: true,
          workspaceFolders: true,
          didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
          ...(this.options.workspaceEdit ? { workspaceEdit: this.options.workspaceEdit } : {}),
        },
        textDocument: {
          synchronization: { dynamicRegistration: false },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true },
          ...(this.options.codeActionDisabledSupport ? { codeAction: { disabledSupport: true } } : {}),
          ...(this.options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
        },
        window: { workDoneProgress: true },
      },
      initializationOptions:
        this.options.settings || this.options.initializationOptions
          ? {
              ...(this.options.settings ? { settings: this.options.settings } : {}),
              ...this.options.initializationOptions,
            }
          : undefined,
    });
    await this.conn.sendNotification('initialized', {});
    return result;
  }

  /** The latest diagnostics published for each file. */
  published(): ReadonlyMap<string, PublishDiagnosticsParams> {
    return this.diagnostics;
  }

  uri(name: string): string {
    return pathToFileURL(join(this.options.rootDir ?? '/tmp/cloud-manifests-e2e', name)).href;
  }

  /** Resolves with the next diagnostics published for `uri` that satisfy `pred`. */
  waitForDiagnostics(
    uri: string,
    pred: (p: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = 10000,
  ): Promise<PublishDiagnosticsParams> {
    const current = this.diagnostics.get(uri);
    if (current && pred(current)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${this.stderr}`)),
        timeoutMs,
      );
      this.waiters.push({ uri, pred, resolve: (p) => (clearTimeout(t), resolve(p)) });
    });
  }

  /**
   * Opens a document and waits for its diagnostics at that version: the first ones published, or the
   * `publishes`-th (a document a Kustomize overlay renders gets its own checks first, then the overlay's).
   */
  async open(uri: string, text: string, languageId = 'yaml', publishes = 1): Promise<Diagnostic[]> {
    this.versions.set(uri, 1);
    this.diagnostics.delete(uri);
    let seen = 0;
    // Only the open document's publishes (the server sends its version): a closed file's publish (no
    // version), computed before the open, may still be on its way (the server publishes the files a change
    // affects after the changed document).
    const wait = this.waitForDiagnostics(uri, (p) => p.version === 1 && ++seen === publishes);
    await this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return (await wait).diagnostics;
  }

  /** Replaces the whole text and waits for the diagnostics of the new version. */
  async change(uri: string, text: string): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const wait = this.waitForDiagnostics(uri, (p) => p.version === undefined || p.version === version);
    await this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return (await wait).diagnostics;
  }

  /** Sends changes of ranges (one didChange, as an editor types) and waits for the new version's diagnostics. */
  async changeRanges(
    uri: string,
    contentChanges: { range: { start: Position; end: Position }; text: string }[],
  ): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const wait = this.waitForDiagnostics(uri, (p) => p.version === undefined || p.version === version);
    await this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
    return (await wait).diagnostics;
  }

  /** Any request, answered as the server answers it. */
  request<T>(method: string, params: unknown): Promise<T> {
    return this.conn.sendRequest(method, params) as Promise<T>;
  }

  async close(uri: string): Promise<void> {
    await this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      // `exit` ends the server's process: in-process, that would be the test's.
      if (this.proc) await this.conn.sendNotification('exit');
    } catch {
      // already gone
    }
    if (this.server) await settled(this.server);
    this.conn.dispose();
    this.serverConnection?.dispose();
    if (this.proc && this.proc.exitCode === null) this.proc.kill();
  }
}

/**
 * Waits (up to two seconds) for an in-process server's work in flight (the scan, file events, pending
 * publications) so that nothing is sent over the streams once they are disposed.
 */
async function settled(s: ServerState): Promise<void> {
  const until = Date.now() + 2000;
  do {
    await Promise.all([s.ws.scanDone, s.fsQueue]);
    if (!s.publish.flusher?.pending && !s.publish.refreshHandle) return;
    await new Promise((r) => setTimeout(r, 10));
  } while (Date.now() < until);
}
