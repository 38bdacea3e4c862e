// A run's files parsed and checked on every core (issue 35): worker threads (analysisWorker.ts) compute
// each file's own diagnostics and manifests in batches while this thread takes them, in the files' order,
// into the run's one analysis (runWorkspace.ts); the cross-file checks, fixes and report then run here as
// on one thread, so the output is the same byte for byte. This thread does the last batches no worker has
// started while it waits (it is one of the cores: poolSize). A small run stays on this thread.
import { existsSync } from 'node:fs';
import { workerJob } from '../service/host/ingest';
import type { Settings } from '../service/core/settings';
import { FactsMaker, type BatchFacts, type FactsFile, type FactsMessage } from '../service/host/fileFacts';
import { batchesOf, poolSize, WORKERS_ENV, WorkerPool, workerScript } from '../io/workerPool';
import { analyseRunFile, startRun, type RunOptions, type Workspace, type WorkspaceRun } from './runWorkspace';

export { WORKERS_ENV, poolSize };

/**
 * A batch holds at most this much text (some 20 files, a few milliseconds of work): the threads share the
 * run evenly and this thread takes the facts as they come, not all at the end.
 */
const BATCH_BYTES = 32 * 1024;

/** Starts the workers now: their start-up overlaps the reading of the files. */
export function startPool(size: number): CheckPool | undefined {
  const script = workerScript(__dirname, __filename, 'analysisWorker');
  // A bundle copied without its worker's file checks on one thread.
  if (size < 1 || !existsSync(script)) return undefined;
  // Two batches in flight a worker: it finds the next one waiting while this thread is busy.
  return new WorkerPool<{ files: FactsFile[] }, BatchFacts>(script, size, { depth: 2 });
}

export type CheckPool = WorkerPool<{ files: FactsFile[] }, BatchFacts>;

/**
 * `analyseWorkspace` with the files' own analysis done by the pool: the same run, the same analysis, the
 * same files taken in the same order (only the caches of their documents were filled by a worker).
 */
export async function analyseInPool(
  pool: CheckPool,
  workspace: Workspace,
  settings: Settings,
  /** `steal: false`: this thread does no batch itself (a test tells the workers' work from its own). */
  options: RunOptions & { steal?: boolean } = {},
): Promise<WorkspaceRun> {
  const run = startRun(workspace, settings, options);
  const { host, uris } = run;
  // The CRDs in the order the host read them: the workers' kinds are the same kinds, in the same order.
  const setup = host.factsSetup();
  pool.tell({ setup } satisfies FactsMessage);
  // What each file is sent as, host/ingest.ts's choice (the scan's pool asks the same).
  const sent = workspace.files.map((f, i): FactsFile | undefined =>
    workerJob(host.file(uris[i]).entry(f.parsed.text), f.parsed.text),
  );
  const total = sent.reduce((n, f) => n + (f?.text.length ?? 0), 0);
  // Small batches (a few milliseconds each), at least eight a thread: both threads finish together.
  const budget = Math.max(1, Math.min(BATCH_BYTES, Math.ceil(total / ((pool.size + 1) * 8))));
  const batches = batchesOf(
    sent.map((f) => f?.text.length),
    budget,
  ).map((b) => ({ from: b.from, to: b.to, files: b.sent }));
  const none: BatchFacts = { kinds: 0, files: [] };
  // Each batch's facts once computed (by a worker or by this thread), until this thread takes them.
  const ready: (BatchFacts | undefined)[] = batches.map((b) => (b.files.length === 0 ? none : undefined));
  let failure: unknown;
  const answers = batches.map((b, k) =>
    ready[k]
      ? Promise.resolve()
      : pool.run({ files: b.files.map((i) => sent[i]!) }).then(
          (facts) => void (ready[k] = facts),
          // One failure refuses every job: the first says why.
          (e: unknown) => void (failure ??= e),
        ),
  );
  const local = new FactsMaker(host);
  // In the files' order, each batch as soon as its facts are there; meanwhile this thread computes the
  // facts of the first batch no worker has been sent, so that the files are taken as they come and both
  // threads end at about the same time.
  for (let k = 0; k < batches.length;) {
    if (failure !== undefined) {
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`a worker thread failed: ${message}`, { cause: failure });
    }
    const facts = ready[k];
    if (facts) {
      takeBatch(run, batches[k], facts, sent, setup.stamp);
      ready[k] = undefined;
      k++;
      continue;
    }
    const job = options.steal === false ? undefined : pool.takeFirst();
    if (job) {
      job.done(local.batch(job.job.files));
      // The workers' answers that came meanwhile are read before the next batch.
      await new Promise((r) => setImmediate(r));
    } else await answers[k];
  }
  return run;
}

/** A batch's files analysed and indexed in their order, each with its facts (a file sent to no worker alone). */
function takeBatch(
  run: WorkspaceRun,
  b: { from: number; to: number; files: number[] },
  facts: BatchFacts,
  sent: readonly (FactsFile | undefined)[],
  stamp: number | undefined,
): void {
  let at = 0;
  for (let i = b.from; i < b.to; i++) {
    const f = b.files[at] === i ? facts.files[at++] : undefined;
    analyseRunFile(run, i, f && { facts: f, kinds: facts.kinds, partial: sent[i]!.partial, stamp });
  }
}
