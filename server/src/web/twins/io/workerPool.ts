// In the browser build, in place of io/workerPool.ts (the exports the server uses): Web Workers nested in the
// server's own, running the same bundle (dist/web/server.js) as an analysis worker (webServer.ts tells the
// two apart by the worker's name: web/analysisWorker.ts). The server hands a large document's checks to one
// as on the desktop (lsp/offThread.ts: a 3.6 MB template's mask parsed in one piece held the server's worker
// for seconds, and hover waited: bench/hostileWeb.ts). The workspace scan stays on the server's worker (the
// desktop's default too: `serverPoolSize`). Where no worker can be started (no dist/ address, no `Worker` in
// this scope, a script refused) or one fails, the pool refuses its jobs and the work stays on this thread.
import { distBase } from '../../editorFiles';
import { ANALYSIS_WORKER_NAME } from '../../analysisWorker';
import { JobDispatch, type WorkerAnswer } from '../../../io/jobDispatch';

export type { WorkerAnswer } from '../../../io/jobDispatch';

/** What is used of a Web Worker (no DOM types in this project). */
interface WebWorker {
  postMessage(m: unknown): void;
  terminate(): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: { message?: string }) => void) | null;
}
type WorkerClass = new (url: string, options: { name: string }) => WebWorker;
interface Scope {
  Worker?: WorkerClass;
  Blob?: new (parts: string[], options: { type: string }) => unknown;
  URL: { createObjectURL?(b: unknown): string };
}

export class WorkerPool<I, O> extends JobDispatch<WebWorker, I, O> {
  constructor(script: string, size: number, options: { depth?: number; unref?: boolean } = {}) {
    super(options.depth);
    const scope = globalThis as unknown as Scope;
    const WorkerCtor = scope.Worker;
    if (!WorkerCtor) throw new Error('no Web Worker in this scope');
    // A `blob:` script of this scope's origin that loads ours: a worker's script must be of its creator's
    // origin, and the extension's files may be served from another (vscode.dev's CDN); `importScripts`
    // loads a classic script from anywhere.
    let url = script;
    if (scope.Blob && scope.URL.createObjectURL)
      url = scope.URL.createObjectURL(
        new scope.Blob([`importScripts(${JSON.stringify(script)});`], { type: 'text/javascript' }),
      );
    for (let i = 0; i < size; i++) {
      const w = new WorkerCtor(url, { name: ANALYSIS_WORKER_NAME });
      w.onmessage = (e) => this.answered(w, e.data as WorkerAnswer<O>);
      w.onerror = (e) => this.failed(new Error(`an analysis worker failed: ${e?.message ?? 'unknown error'}`));
      this.add(w);
    }
  }

  close(reason = new Error('the worker pool is closed')): Promise<void> {
    for (const w of this.closeJobs(reason)) w.terminate();
    return Promise.resolve();
  }

  /** A worker that fails (its script not loaded, its heap exhausted) stops the pool: every job is refused. */
  private failed(e: Error): void {
    if (this.closed) return;
    void this.close(e);
  }
}

/**
 * The analysis worker's script: this server's own bundle (dist/web/server.js, found from dist/'s address);
 * undefined where no Web Worker can be started here.
 */
export const builtWorkerScript = (name: string, _options: { unlessNone?: boolean } = {}): string | undefined => {
  if (name !== 'analysisWorker' || typeof (globalThis as unknown as Scope).Worker !== 'function') return undefined;
  const base = distBase();
  return base ? new URL('web/server.js', base).href : undefined;
};

/** The scan stays on the server's worker (the desktop's default, io/workerPool.ts poolSize). */
export const serverPoolSize = (_files: number): number => 0;
