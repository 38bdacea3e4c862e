// A pool of worker threads running one script: each is started at once (its start-up overlaps what the
// caller does meanwhile), told the same setup (`tell`), then given jobs (plain data both ways, structured
// clone), each worker up to `depth` at a time so that it finds its next job waiting when it answers one
// (its answer is read only when the caller's thread next yields). Used for the files of a workspace
// (cli/checkPool.ts, the server's scan): see analysisWorker.ts.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The message a worker answers a job with: its result, or the error that stopped it. */
export type WorkerAnswer<O> = { ok: O } | { error: string };

interface Pending<I, O> {
  job: I;
  resolve: (o: O) => void;
  reject: (e: Error) => void;
}

export class WorkerPool<I, O> {
  /** Each worker's jobs sent and not answered yet, in the order sent (a worker answers in that order). */
  private readonly inFlight = new Map<Worker, Pending<I, O>[]>();
  private readonly queue: Pending<I, O>[] = [];
  private readonly depth: number;
  private closed = false;

  /**
   * `unref`: the workers do not keep the process alive (a server's pool that lives as long as the server: a
   * test that starts servers in its own process ends when its servers have stopped).
   */
  constructor(script: string, size: number, options: { depth?: number; unref?: boolean } = {}) {
    this.depth = Math.max(1, options.depth ?? 1);
    for (let i = 0; i < size; i++) {
      const w = script.endsWith('.ts')
        ? // From sources (tests under tsx): Node 20 loads a worker's entry before the loader its flags name,
          // so the worker registers tsx itself, found from the script's folder.
          new Worker(
            `const { register } = require(require.resolve('tsx/cjs/api', { paths: [${JSON.stringify(dirname(script))}] }));` +
              `register(); require(${JSON.stringify(script)});`,
            { eval: true },
          )
        : new Worker(script);
      w.on('message', (m: WorkerAnswer<O>) => this.answered(w, m));
      w.on('error', (e) => this.failed(w, e));
      w.on('exit', (code) => {
        if (!this.closed) this.failed(w, new Error(`a worker thread stopped (exit code ${code})`));
      });
      if (options.unref) w.unref();
      this.inFlight.set(w, []);
    }
  }

  get size(): number {
    return this.inFlight.size;
  }

  /** Tells every worker a message that needs no answer (a setup), before any job sent after it. */
  tell(message: unknown): void {
    for (const w of this.inFlight.keys()) w.postMessage(message);
  }

  /** Runs a job on a worker (in the order asked), as soon as one has fewer than `depth` jobs. */
  run(job: I): Promise<O> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.next();
    });
  }

  /**
   * The job asked for last that no worker has been sent, taken out of the queue for the caller to do itself
   * (a thread waiting for an answer works meanwhile); it settles the job's promise with `done`.
   */
  takeLast(): { job: I; done: (o: O) => void } | undefined {
    const p = this.queue.pop();
    return p && { job: p.job, done: p.resolve };
  }

  /** The first job asked for that no worker has been sent, taken out of the queue as `takeLast` does. */
  takeFirst(): { job: I; done: (o: O) => void } | undefined {
    const p = this.queue.shift();
    return p && { job: p.job, done: p.resolve };
  }

  /** Stops every worker (jobs not answered yet are refused). */
  async close(reason = new Error('the worker pool is closed')): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const p of [...this.queue, ...[...this.inFlight.values()].flat()]) p.reject(reason);
    this.queue.length = 0;
    const all = [...this.inFlight.keys()];
    this.inFlight.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  private next(): void {
    for (let sent = true; sent && this.queue.length > 0;) {
      sent = false;
      // The least loaded worker first, so that a job goes to a worker that will start it soonest.
      let least: [Worker, Pending<I, O>[]] | undefined;
      for (const entry of this.inFlight) if (!least || entry[1].length < least[1].length) least = entry;
      if (least && least[1].length < this.depth) {
        const p = this.queue.shift()!;
        least[1].push(p);
        least[0].postMessage(p.job);
        sent = true;
      }
    }
  }

  private answered(w: Worker, m: WorkerAnswer<O>): void {
    const p = this.inFlight.get(w)?.shift();
    if (!p) return;
    if ('ok' in m) p.resolve(m.ok);
    else p.reject(new Error(m.error));
    this.next();
  }

  /** A worker that fails stops the pool: every job is refused with its error. */
  private failed(w: Worker, e: Error): void {
    if (this.closed) return;
    void this.close(e);
  }
}

/** The machine's cores (the pool's size unless told otherwise). */
export const cores = (): number => availableParallelism();

/**
 * The path of a worker script bundled beside the caller (dist/) or, run from sources (tsx), its source in
 * server/src/, one folder above the caller's (cli/, lsp/).
 */
export function workerScript(dir: string, file: string, name: string): string {
  return file.endsWith('.ts') ? join(dir, '..', `${name}.ts`) : join(dir, `${name}.js`);
}

/** A number of workers (`0`: none) whatever the work's size, or `auto` (the cores, for 64 files or more). */
export const WORKERS_ENV = 'CLOUD_MANIFESTS_WORKERS';

/** Below this many files the work stays on one thread: a worker's start-up (~0.1 s) would eat the gain. */
const MIN_FILES = 64;

/** From this many cores on, the pool is the default (issue 48's decision; see `poolSize`). */
export const POOL_FROM_CORES = 4;

/**
 * The pool's size for `files` files: 0 for none (one thread). A thread that works too while it waits for the
 * workers (`mainWorks`: the CLI's) counts as one of the cores: on 2 cores, it and one worker, which costs less
 * CPU than two workers and a thread mostly waiting (each worker loads and warms up the code on its own).
 *
 * By default, a pool from POOL_FROM_CORES cores on, one thread below: on the 2-core machines it was measured
 * on, the pool's threads end together, yet on 10,000 manifests it takes about the wall time of one thread
 * and 1.37x its CPU (2.3 s against 1.68 s; 200 MB peak RSS against 133 MB). One thread already keeps the
 * second core ~40% busy (V8 compiles the hot code and collects garbage on its own threads: ~0.5 s of CPU),
 * and a worker adds its own start-up, its own warm-up and compilation of the same code (~0.35 s on V8's
 * threads), its own garbage, and the copying of its results back. With 4 cores or more, the workers have
 * cores of their own. `CLOUD_MANIFESTS_WORKERS` decides otherwise: a number (`0`: none) or `auto` (the cores).
 */
export function poolSize(
  env: NodeJS.ProcessEnv,
  files: number,
  options: { mainWorks?: boolean; cores?: number } = {},
): number {
  const told = env[WORKERS_ENV]?.trim();
  if (told !== undefined && /^\d+$/.test(told)) return Math.min(Number(told), 64);
  const n = options.cores ?? cores();
  if (told !== 'auto' && n < POOL_FROM_CORES) return 0;
  return files >= MIN_FILES && n > 1 ? n - (options.mainWorks ? 1 : 0) : 0;
}

/**
 * Consecutive items (`from`–`to`) in batches of about `budget` bytes, each with the ones that go to a worker
 * (`sent`: those with a size).
 */
export function batchesOf(sizes: readonly (number | undefined)[], budget: number) {
  const out: { from: number; to: number; sent: number[] }[] = [];
  let cur = { from: 0, to: 0, sent: [] as number[] };
  let bytes = 0;
  sizes.forEach((size, i) => {
    cur.to = i + 1;
    if (size !== undefined) {
      cur.sent.push(i);
      bytes += size;
    }
    if (bytes >= budget) {
      out.push(cur);
      cur = { from: i + 1, to: i + 1, sent: [] };
      bytes = 0;
    }
  });
  if (cur.to > cur.from) out.push(cur);
  return out;
}

/**
 * The worker script of the language server (`name` beside this bundle, or its source: `workerScript`) when
 * it is there; undefined when not, or (`unlessNone`) when `CLOUD_MANIFESTS_WORKERS=0` says none.
 */
export function builtWorkerScript(name: string, options: { unlessNone?: boolean } = {}): string | undefined {
  if (options.unlessNone && process.env[WORKERS_ENV]?.trim() === '0') return undefined;
  const script = workerScript(__dirname, __filename, name);
  return existsSync(script) ? script : undefined;
}

/** The language server's scan pool's size for `files` files (its thread works too). */
export const serverPoolSize = (files: number): number => poolSize(process.env, files, { mainWorks: true });
