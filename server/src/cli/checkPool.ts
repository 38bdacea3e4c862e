// A run's files parsed and checked on every core (issue 35): worker threads (analysisWorker.ts) compute
// each file's own diagnostics and manifests in batches while this thread takes them, in the files' order,
// into the run's one analysis (runWorkspace.ts); the cross-file checks, fixes and report then run here as
// on one thread, so the output is the same byte for byte. This thread does the last batches no worker has
// started while it waits (it is one of the cores: poolSize). A small run stays on this thread.
import { existsSync } from 'node:fs';
import { mayHoldCrds } from '../service/host/crdKinds';
import type { Settings } from '../service/core/settings';
import { FactsMaker, takeFacts, type BatchFacts, type FactsFile, type FactsMessage } from '../service/host/fileFacts';
import { batchesOf, poolSize, WORKERS_ENV, WorkerPool, workerScript } from '../io/workerPool';
import { analyseRunFile, startRun, type Workspace, type WorkspaceRun } from './runWorkspace';

export { WORKERS_ENV, poolSize };

/** A batch holds about this much text, so that the workers share the run evenly and answer early. */
const BATCH_BYTES = 256 * 1024;

/** Starts the workers now: their start-up overlaps the reading of the files. */
export function startPool(size: number): CheckPool | undefined {
  const script = workerScript(__dirname, __filename, 'analysisWorker');
  // A bundle copied without its worker's file checks on one thread.
  if (size < 1 || !existsSync(script)) return undefined;
  return new WorkerPool<{ files: FactsFile[] }, BatchFacts>(script, size);
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
  options: { renderOverlays?: boolean; steal?: boolean } = {},
): Promise<WorkspaceRun> {
  const run = startRun(workspace, settings, options);
  const { analysis, uris } = run;
  // The CRDs in the order the analysis read them: the workers' kinds are the same kinds, in the same order.
  const crds = [
    ...workspace.files.flatMap((f, i) => (mayHoldCrds(f.parsed.text) ? [{ uri: uris[i], text: f.parsed.text }] : [])),
    ...(workspace.crds ?? []).map((c) => ({ uri: c.uri, text: c.text })),
  ];
  pool.tell({ setup: { settings, crds } } satisfies FactsMessage);
  // What each file is as far as the context tells: a template, or a file too large to check, is left to
  // this thread (its own pass differs); a patch's documents are read as partial manifests.
  const sent = workspace.files.map((f, i): FactsFile | undefined => {
    const role = analysis.roleOf(uris[i]).role;
    if (role === 'template' || analysis.isTooLarge(f.parsed.text)) return undefined;
    return { text: f.parsed.text, partial: role === 'patch' };
  });
  const total = sent.reduce((n, f) => n + (f?.text.length ?? 0), 0);
  // At least four batches a worker, so that none waits long for the last ones; at most BATCH_BYTES each.
  const budget = Math.max(1, Math.min(BATCH_BYTES, Math.ceil(total / (pool.size * 4))));
  const batches = batchesOf(
    sent.map((f) => f?.text.length),
    budget,
  ).map((b) => ({ from: b.from, to: b.to, files: b.sent }));
  const none: BatchFacts = { kinds: 0, files: [] };
  const answers = batches.map((b) =>
    b.files.length === 0 ? Promise.resolve(none) : pool.run({ files: b.files.map((i) => sent[i]!) }),
  );
  // One failure refuses every job: the first awaited says why, the others are not left unhandled.
  const answered = answers.map(() => false);
  answers.forEach((a, k) =>
    a.then(
      () => (answered[k] = true),
      () => (answered[k] = true),
    ),
  );
  // This thread does the last batches no worker has started while it waits for the next one in order.
  const local = new FactsMaker(analysis);
  for (const [k, b] of batches.entries()) {
    for (let job; options.steal !== false && !answered[k] && (job = pool.takeLast());) {
      job.done(local.batch(job.job.files));
      // The workers' answers that came meanwhile are read before the next one is taken.
      await new Promise((r) => setImmediate(r));
    }
    let facts: BatchFacts;
    try {
      facts = await answers[k];
    } catch (e) {
      throw new Error(`a worker thread failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    let at = 0;
    for (let i = b.from; i < b.to; i++) {
      const f = b.files[at] === i ? facts.files[at++] : undefined;
      analyseRunFile(
        run,
        i,
        f &&
          ((parsed, partial) => {
            if (partial === sent[i]!.partial) takeFacts(analysis, parsed, f, facts.kinds, partial);
          }),
      );
    }
  }
  return run;
}
