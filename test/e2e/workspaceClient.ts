// The test LSP client with what workspace tests need: the server's work-done progress (to know when the
// workspace scan has finished), file events, and typed requests for navigation. The server runs in-process
// unless the options say otherwise.
import {
  WorkDoneProgress,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver-protocol/node';
import { TestClient, type ClientOptions } from './lspClient';

type ProgressValue = WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd;

export class WorkspaceClient extends TestClient {
  /** Every progress notification of server-created tokens, in order. */
  readonly progress: { token: string | number; value: ProgressValue }[] = [];
  private ended = 0;
  private endWaiters: { count: number; resolve: () => void }[] = [];

  constructor(options: ClientOptions = {}) {
    super({ transport: 'in-process', ...options });
    this.conn.onRequest('window/workDoneProgress/create', (params: { token: string | number }) => {
      this.conn.onProgress(WorkDoneProgress.type, params.token, (value) => {
        this.progress.push({ token: params.token, value });
        if (value.kind === 'end') {
          this.ended++;
          this.endWaiters = this.endWaiters.filter((w) => (w.count <= this.ended ? (w.resolve(), false) : true));
        }
      });
      return null;
    });
  }

  /** Resolves once `count` server progresses (workspace scans) have ended. */
  waitForScans(count = 1, timeoutMs = 60000): Promise<void> {
    if (this.ended >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no end of scan ${count} within ${timeoutMs} ms; stderr: ${this.stderr}`)),
        timeoutMs,
      );
      this.endWaiters.push({ count, resolve: () => (clearTimeout(t), resolve()) });
    });
  }

  /** Resolves once a progress notification of that kind (`begin`, `report`, `end`) has been seen. */
  async waitForProgress(kind: ProgressValue['kind'], timeoutMs = 60000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.progress.some((p) => p.value.kind === kind)) {
      if (Date.now() > until) throw new Error(`no progress ${kind} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Tells the server about files created (1), changed (2) or deleted (3) on disk. */
  async filesChanged(...changes: { uri: string; type: 1 | 2 | 3 }[]): Promise<void> {
    await this.conn.sendNotification('workspace/didChangeWatchedFiles', { changes });
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.conn.sendRequest(method, params) as Promise<T>;
  }
}
