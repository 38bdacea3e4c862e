// In the browser build, the analysis worker (the desktop's analysisWorker.ts, a worker thread): a Web Worker
// the language server starts (web/twins/io/workerPool.ts) from its own bundle, told apart by its name. It
// computes the facts of the files it is sent (service/host/fileFacts.ts), set up by its first message, one
// answer per job, as the desktop's does.
import { FactsMaker, type BatchFacts, type FactsMessage } from '../service/host/fileFacts';

/** The name the server gives its analysis workers (a worker's `name` is all it knows of why it runs). */
export const ANALYSIS_WORKER_NAME = 'cloud-manifests-analysis';

/** Whether this worker is an analysis worker (else: the language server, named by the web extension). */
export const isAnalysisWorker = (): boolean =>
  (globalThis as unknown as { name?: unknown }).name === ANALYSIS_WORKER_NAME;

/** What is used of the worker's own scope (no DOM types in this project). */
interface WorkerScope {
  onmessage: ((e: { data: FactsMessage }) => void) | null;
  postMessage(m: unknown): void;
}

export function runAnalysisWorker(): void {
  const scope = globalThis as unknown as WorkerScope;
  let maker: FactsMaker | undefined;
  scope.onmessage = (e) => {
    const m = e.data;
    if ('setup' in m) {
      maker = new FactsMaker(m.setup);
      return;
    }
    // The pool's WorkerAnswer (twins/io/workerPool.ts, which imports this module's name).
    let answer: { ok: BatchFacts } | { error: string };
    try {
      if (!maker) throw new Error('a batch before the setup');
      answer = { ok: maker.batch(m.files) };
    } catch (e) {
      answer = { error: e instanceof Error ? e.message : String(e) };
    }
    scope.postMessage(answer);
  };
}
