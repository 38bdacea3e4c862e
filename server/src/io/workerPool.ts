// A pool of worker threads running one script: each is started at once (its start-up overlaps what the
// caller does meanwhile), told the same setup (`tell`), then given jobs (plain data both ways, structured
// clone), each worker up to `depth` at a time so that it finds its next job waiting when it answers one
// (its answer is read only when the caller's thread next yields). Used for the files of a workspace
// (cli/checkPool.ts, the server's scan): see analysisWorker.ts.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { JobDispatch, type WorkerAnswer } from './jobDispatch';

export type { WorkerAnswer } from './jobDispatch';

export class WorkerPool<I, O> extends JobDispatch<Worker, I, O> {
  /**
   * `unref`: the workers do not keep the process alive (a server's pool that lives as long as the server: a
   * test that starts servers in its own process ends when its servers have stopped).
   */
  constructor(script: string, size: number, options: { depth?: number; unref?: boolean } = {}) {
    super(options.depth);
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
      w.on('error', (e) => this.failed(e));
      w.on('exit', (code) => {
        if (!this.closed) this.failed(new Error(`a worker thread stopped (exit code ${code})`));
      });
      if (options.unref) w.unref();
      this.add(w);
    }
  }

  /** Stops every worker (jobs not answered yet are refused). */
  async close(reason = new Error('the worker pool is closed')): Promise<void> {
    await Promise.all(this.closeJobs(reason).map((w) => w.terminate()));
  }

  /** A worker that fails stops the pool: every job is refused with its error. */
  private failed(e: Error): void {
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
