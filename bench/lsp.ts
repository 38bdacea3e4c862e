// The LSP driver: starts a language server over stdio as an editor would and drives it the same way
// for both servers: push diagnostics (the client does not advertise `textDocument.diagnostic`),
// incremental didChange, `workspace/configuration` answered per section, work-done progress accepted.
// Every timing is taken in this process, from just before a message is written to just after the
// answer (or the awaited notification) has been read.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type MessageConnection,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

export interface ServerSpec {
  /** Row label: `ours` or `peer`. */
  name: 'ours' | 'peer';
  /** Node script that speaks LSP over stdio. */
  script: string;
  args: string[];
  /** Extra node options (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Environment variables set for the server process, beside the harness's own. */
  env?: Readonly<Record<string, string>>;
  /** Answers `workspace/configuration` for one section. */
  configuration: (section: string | undefined) => unknown;
  /** `initializationOptions`. */
  initializationOptions?: unknown;
  /** Sent as `workspace/didChangeConfiguration` after `initialized` (the peer re-pulls on it). */
  didChangeConfiguration?: unknown;
  /** The server asks for this section when it has applied its settings; setup waits for it. */
  settingsSection?: string;
}

interface Waiter {
  uri: string;
  pred: (p: PublishDiagnosticsParams) => boolean;
  resolve: (t: number, p: PublishDiagnosticsParams) => void;
}

export interface Progress {
  token: string | number;
  title?: string;
  begin?: number;
  end?: number;
}

export class LspSession {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly conn: ProtocolConnection;
  private waiters: Waiter[] = [];
  private latest = new Map<string, PublishDiagnosticsParams>();
  /** Called with every `publishDiagnostics`, e.g. to count them. */
  readonly publishListeners: ((p: PublishDiagnosticsParams) => void)[] = [];
  private versions = new Map<string, number>();
  readonly progress = new Map<string | number, Progress>();
  private progressListeners: (() => void)[] = [];
  private configAsked: (() => void)[] = [];
  stderr = '';
  initializedAt = 0;

  constructor(readonly spec: ServerSpec) {
    this.proc = spawn(process.execPath, [...(spec.nodeArgs ?? []), spec.script, ...spec.args], {
      stdio: 'pipe',
      env: { ...process.env, ...spec.env },
    });
    this.proc.stderr.on('data', (d) => {
      if (this.stderr.length < 20_000) this.stderr += String(d);
    });
    this.conn = createProtocolConnection(
      // No partial-message timer: disposing the connection does not stop it, and a server that exits
      // halfway through a message would keep the harness alive (test/e2e/lspClient.ts serverReader).
      Object.assign(new StreamMessageReader(this.proc.stdout), { partialMessageTimeout: 0 }),
      new StreamMessageWriter(this.proc.stdin),
    );
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const t = performance.now();
      this.latest.set(p.uri, p);
      for (const l of this.publishListeners) l(p);
      this.waiters = this.waiters.filter((w) => {
        if (w.uri === p.uri && w.pred(p)) {
          w.resolve(t, p);
          return false;
        }
        return true;
      });
    });
    this.conn.onNotification('$/progress', (p: { token: string | number; value: { kind: string; title?: string } }) => {
      const t = performance.now();
      const entry = this.progress.get(p.token) ?? { token: p.token };
      if (p.value?.kind === 'begin') {
        entry.begin = t;
        entry.title = p.value.title;
      } else if (p.value?.kind === 'end') entry.end = t;
      this.progress.set(p.token, entry);
      for (const l of this.progressListeners) l();
    });
    this.conn.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
      const answer = params.items.map((i) => spec.configuration(i.section) ?? null);
      if (params.items.some((i) => i.section === spec.settingsSection)) {
        const asked = this.configAsked;
        this.configAsked = [];
        // Let the server apply the answer before anything else is sent.
        setTimeout(() => asked.forEach((f) => f()), 50);
      }
      return answer;
    });
    this.conn.onRequest('window/workDoneProgress/create', (p: { token: string | number }) => {
      if (!this.progress.has(p.token)) this.progress.set(p.token, { token: p.token });
      return null;
    });
    // Anything else the server asks (registrations, messages, custom requests) gets an empty answer.
    const star = this.conn as unknown as MessageConnection;
    star.onRequest(() => null);
    star.onNotification(() => undefined);
    this.conn.listen();
  }

  get pid(): number {
    return this.proc.pid!;
  }

  /** `initialize` + `initialized` (+ the settings round trip); resolves when the server is ready. */
  async start(rootDir?: string): Promise<void> {
    const rootUri = rootDir ? pathToFileURL(rootDir).href : null;
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'bench' }] : null,
      capabilities: {
        workspace: {
          configuration: true,
          workspaceFolders: true,
          didChangeConfiguration: { dynamicRegistration: true },
        },
        textDocument: {
          synchronization: { dynamicRegistration: false, didSave: false },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
        },
        window: { workDoneProgress: true },
      },
      initializationOptions: this.spec.initializationOptions,
    });
    const configured = this.spec.settingsSection
      ? new Promise<void>((r) => this.configAsked.push(r))
      : Promise.resolve();
    this.initializedAt = performance.now();
    await this.conn.sendNotification('initialized', {});
    if (this.spec.didChangeConfiguration !== undefined) {
      await this.conn.sendNotification('workspace/didChangeConfiguration', {
        settings: this.spec.didChangeConfiguration,
      });
    }
    await withTimeout(configured, 10_000, `${this.spec.name}: never asked for its settings`);
  }

  /** Resolves with the receive time of the first diagnostics for `uri` satisfying `pred`. */
  diagnostics(
    uri: string,
    pred: (p: PublishDiagnosticsParams) => boolean,
    timeoutMs = 120_000,
  ): Promise<{ t: number; p: PublishDiagnosticsParams }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `${this.spec.name}: no matching diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${this.stderr.slice(0, 2000)}`,
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        uri,
        pred,
        resolve: (t, p) => {
          clearTimeout(timer);
          resolve({ t, p });
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Opens a document; resolves with the time to its first diagnostics matching `pred`. */
  async open(
    uri: string,
    text: string,
    pred: (d: Diagnostic[]) => boolean = () => true,
  ): Promise<{ ms: number; diagnostics: Diagnostic[] }> {
    this.versions.set(uri, 1);
    const wait = this.diagnostics(uri, (p) => pred(p.diagnostics));
    const t0 = performance.now();
    await this.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    const { t, p } = await wait;
    return { ms: t - t0, diagnostics: p.diagnostics };
  }

  /** One incremental change; resolves with the time to the diagnostics matching `pred`. */
  async change(
    uri: string,
    edit: { line: number; character: number; length: number; newText: string },
    pred: (d: Diagnostic[]) => boolean,
  ): Promise<{ ms: number; diagnostics: Diagnostic[] }> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const wait = this.diagnostics(
      uri,
      (p) => (p.version === undefined || p.version === version) && pred(p.diagnostics),
    );
    const range = {
      start: { line: edit.line, character: edit.character },
      end: { line: edit.line, character: edit.character + edit.length },
    };
    const t0 = performance.now();
    await this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text: edit.newText }],
    });
    const { t, p } = await wait;
    return { ms: t - t0, diagnostics: p.diagnostics };
  }

  async close(uri: string): Promise<void> {
    await this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Times one request. */
  async request<R>(method: string, params: unknown): Promise<{ ms: number; result: R }> {
    const t0 = performance.now();
    const result = (await this.conn.sendRequest(method, params)) as R;
    return { ms: performance.now() - t0, result };
  }

  /**
   * Time from `initialized` to the end of the first work-done progress the server reports, or
   * undefined when it reports none within `beginWithinMs` (no workspace index).
   */
  async indexing(beginWithinMs: number, endWithinMs = 300_000): Promise<{ ms: number; title?: string } | undefined> {
    const first = () =>
      [...this.progress.values()].filter((p) => p.begin !== undefined).sort((a, b) => a.begin! - b.begin!)[0];
    const deadline = performance.now() + beginWithinMs;
    while (!first() && performance.now() < deadline) await this.nextProgress(deadline - performance.now());
    const p = first();
    if (!p) return undefined;
    const endBy = performance.now() + endWithinMs;
    while (p.end === undefined) {
      if (performance.now() > endBy)
        throw new Error(`${this.spec.name}: progress "${p.title}" did not end within ${endWithinMs} ms`);
      await this.nextProgress(endBy - performance.now());
    }
    return { ms: p.end - this.initializedAt, title: p.title };
  }

  private nextProgress(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.progressListeners = this.progressListeners.filter((l) => l !== done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.progressListeners.push(done);
    });
  }

  /** Resident and peak memory of the server process, in MB (from /proc/<pid>/status). */
  memory(): { rssMb: number; hwmMb: number } {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((r) => (this.proc.exitCode !== null ? r() : this.proc.once('exit', () => r())));
    try {
      await withTimeout(this.conn.sendRequest('shutdown'), 5000, 'shutdown');
      await this.conn.sendNotification('exit');
    } catch {
      // already gone, or hanging: killed below
    }
    // A --cpu-prof profile is written at exit: give the server time to write it.
    await withTimeout(exited, 10_000, 'exit').catch(() => undefined);
    this.conn.dispose();
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
