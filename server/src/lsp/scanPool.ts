// The workspace scan's files parsed on worker threads (issue 35): the scan reads the files, worker threads
// (analysisWorker.ts) compute each one's manifests (and, with workspace-wide problems, its own diagnostics)
// in batches, and this thread indexes the files in their order with those as their documents' cached
// values (service/host/fileFacts.ts), yielding every few milliseconds: requests are answered meanwhile, and
// the index holds what the scan on one thread makes of the same files.
import { builtinRegistry } from '../model/registry';
import { builtWorkerScript, serverPoolSize, WorkerPool } from '../io/workerPool';
import {
  FactsMaker,
  type BatchFacts,
  type FactsFile,
  type FactsMessage,
  type TakenFacts,
} from '../service/host/fileFacts';
import { workerJob } from '../service/host/ingest';
import { WORKSPACE_SCOPE } from '../service/core/scope';
import { templateInSlices } from './templateSlices';
import type { ScanCache } from './scanCache';
import type { ServerState } from './state';

/**
 * A batch holds about this much text (some 20 files, a few milliseconds of work): the first answers come
 * early, this thread does a batch between two looks at its requests, and the threads end together.
 */
const BATCH_BYTES = 32 * 1024;

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ScanFiles {
  uris: readonly string[];
  /** Reads a file of the scan (undefined: gone or left out, the index forgets it). */
  read(uri: string): string | undefined;
  /** The scan was overtaken by a newer one. */
  stopped(): boolean;
  /** `done` files of the scan read and indexed. */
  progress(done: number): void;
  /** The facts cache (scanCache.ts): a file found there is not sent, and what the workers compute is kept. */
  cache?: ScanCache;
}

/**
 * Indexes the scan's files with a pool of workers; false when the scan stays on this thread (few files, one
 * core, or kinds from CRDs the workers would not know: the pool knows the built-in kinds alone).
 */
export async function indexInPool(s: ServerState, scan: ScanFiles): Promise<boolean> {
  const { uris } = scan;
  // This thread is one of the cores: it does batches too, between requests.
  const size = serverPoolSize(uris.length);
  const script = builtWorkerScript('analysisWorker');
  // The built-in kinds at the targeted Kubernetes release (Registry.atRelease keeps the kinds' list) are
  // what the workers build from the same settings; a registry with CRDs' kinds (or unreadable CRDs) is not.
  const registry = s.host.status().kinds;
  const builtIn = registry.kinds === builtinRegistry().kinds && registry.unreadable.length === 0;
  if (size === 0 || !builtIn || !script) return false;
  // Two batches in flight a worker: it finds its next one waiting while this thread is busy.
  const pool = new WorkerPool<{ files: FactsFile[] }, BatchFacts>(script, size, { depth: 2 });
  try {
    const setup = s.host.factsSetup();
    pool.tell({ setup } satisfies FactsMessage);
    const wide = s.client.settings.problemsScope === 'workspace';
    // Read in slices (requests answered in between), each batch sent as soon as it is read.
    const texts: (string | undefined)[] = [];
    const sent: (FactsFile | undefined)[] = [];
    // Facts found in the cache, taken as a worker's (the file is not sent).
    const stored: ({ job: FactsFile; facts: TakenFacts } | undefined)[] = [];
    const batches: { from: number; to: number; answer: Promise<BatchFacts | undefined> }[] = [];
    let slice = Date.now();
    let from = 0;
    let bytes = 0;
    // At least eight batches a thread, so that a small scan is shared too.
    const perBatch = Math.max(1, Math.ceil(uris.length / ((size + 1) * 8)));
    for (let i = 0; i < uris.length; i++) {
      if (scan.stopped()) return true;
      const text = s.documents.get(uris[i]) ? undefined : scan.read(uris[i]);
      texts.push(text);
      // What the file is sent as, host/ingest.ts's choice (the CLI's pool asks the same).
      const job = text === undefined ? undefined : workerJob(s.host.file(uris[i]).entry(text), text, wide);
      const found = job && scan.cache?.take(job);
      stored.push(found && { job, facts: found });
      const file = found ? undefined : job;
      sent.push(file);
      bytes += file?.text.length ?? 0;
      if (bytes >= BATCH_BYTES || i + 1 - from >= perBatch || i === uris.length - 1) {
        const files = sent.slice(from, i + 1).flatMap((f) => (f ? [f] : []));
        // A worker that fails leaves its files to this thread, as without the pool.
        const answer = files.length === 0 ? Promise.resolve(undefined) : pool.run({ files }).catch(() => undefined);
        batches.push({ from, to: i + 1, answer });
        from = i + 1;
        bytes = 0;
      }
      if (Date.now() - slice > 15) {
        await yieldNow();
        slice = Date.now();
      }
    }
    // Taken in the files' order, each with its worker's facts while the kinds are the ones the pool knows;
    // while the next batch's are not there, this thread computes those of the first batch not sent yet.
    const local = new FactsMaker(s.host);
    for (const b of batches) {
      let answered = false;
      void b.answer.then(() => (answered = true));
      for (
        let job;
        !answered && !s.ws.workersAlone && s.host.status().kinds === registry && (job = pool.takeFirst());
      ) {
        job.done(local.batch(job.job.files));
        // Requests and the workers' answers are read between two batches.
        await yieldNow();
        slice = Date.now();
        if (scan.stopped()) return true;
      }
      const facts = await b.answer;
      let at = 0;
      for (let i = b.from; i < b.to; i++) {
        if (scan.stopped()) return true;
        const f = sent[i] && facts ? facts.files[at++] : undefined;
        const text = texts[i];
        if (text !== undefined && s.host.file(uris[i]).role.role === 'template') {
          // Lexed and masked in slices, requests answered in between (templateSlices.ts).
          const file = await templateInSlices(s, uris[i], text, scan.stopped);
          if (!file) return true;
          if (!s.documents.get(uris[i]))
            s.host.apply({ kind: 'file', uri: uris[i], file, scope: WORKSPACE_SCOPE, affected: false });
          slice = Date.now();
        } else if (!s.documents.get(uris[i])) {
          indexOne(
            s,
            uris[i],
            text,
            stored[i]?.facts ?? (f && { facts: f, kinds: facts!.kinds, partial: sent[i]!.partial, stamp: setup.stamp }),
            wide,
          );
          // Computed for the setup the cache's key names (the pool is told it once, first); a file taken from
          // the cache is kept again only where it holds diagnostics the stored facts lack.
          if (f) scan.cache?.computed(sent[i]!, f, facts!.kinds);
          else if (stored[i]) scan.cache?.computedHere(stored[i]!.job, uris[i]);
        }
        stored[i] = undefined;
        texts[i] = undefined;
        if (Date.now() - slice > 15) {
          scan.progress(i + 1);
          await yieldNow();
          slice = Date.now();
        }
      }
    }
    scan.progress(uris.length);
    return true;
  } finally {
    await pool.close();
  }
}

/**
 * A file indexed as the scan on one thread indexes it (workspaceFolders.ts), its documents' cached values
 * taken from a worker's facts first where they were computed as what the file is now (the host checks).
 */
function indexOne(s: ServerState, uri: string, text: string | undefined, facts: TakenFacts | undefined, wide: boolean) {
  // A template is indexed by the caller, in slices.
  s.host.apply(
    text === undefined
      ? { kind: 'file', uri, file: undefined }
      : { kind: 'file', uri, file: text, scope: WORKSPACE_SCOPE, analyse: wide, facts, affected: false },
  );
}
