// A worker thread's entry (bundled to dist/analysisWorker.js): the facts of batches of files for the host
// that started it (service/host/fileFacts.ts), set up once by its first message, one answer per batch.
import { parentPort } from 'node:worker_threads';
import type { WorkerAnswer } from './io/workerPool';
import { FactsMaker, type BatchFacts, type FactsMessage } from './service/host/fileFacts';

let maker: FactsMaker | undefined;
parentPort?.on('message', (m: FactsMessage) => {
  if ('setup' in m) {
    maker = new FactsMaker(m.setup);
    return;
  }
  let answer: WorkerAnswer<BatchFacts>;
  try {
    if (!maker) throw new Error('a batch before the setup');
    answer = { ok: maker.batch(m.files) };
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(answer);
});
