// How a pool of workers is given its jobs, whatever the workers are (Node's worker threads: workerPool.ts;
// Web Workers in the browser build: web/twins/io/workerPool.ts): jobs queued in the order asked, each sent to
// the least loaded worker while it has fewer than `depth` (so that it finds its next job waiting when it
// answers one), answers taken in the order sent, and everything refused once the pool is closed. No Node
// module: the browser build bundles it as it is.

/** The message a worker answers a job with: its result, or the error that stopped it. */
export type WorkerAnswer<O> = { ok: O } | { error: string };

/** What is used of a worker here: a message is sent to it. */
export interface JobPort {
  postMessage(message: unknown): void;
}

interface Pending<I, O> {
  job: I;
  resolve: (o: O) => void;
  reject: (e: Error) => void;
}

export class JobDispatch<W extends JobPort, I, O> {
  /** Each worker's jobs sent and not answered yet, in the order sent (a worker answers in that order). */
  private readonly inFlight = new Map<W, Pending<I, O>[]>();
  private readonly queue: Pending<I, O>[] = [];
  private readonly depth: number;
  protected closed = false;

  constructor(depth = 1) {
    this.depth = Math.max(1, depth);
  }

  protected add(worker: W): void {
    this.inFlight.set(worker, []);
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

  /** A worker's answer to its oldest job in flight (a malformed one refuses the job). */
  protected answered(worker: W, m: WorkerAnswer<O>): void {
    const p = this.inFlight.get(worker)?.shift();
    if (!p) return;
    if (m && typeof m === 'object' && 'ok' in m) p.resolve(m.ok);
    else p.reject(new Error(m && typeof m === 'object' && 'error' in m ? m.error : 'a malformed answer'));
    this.next();
  }

  /** Closes the pool: every job not answered yet is refused with `reason`; the workers, to stop, are returned. */
  protected closeJobs(reason: Error): W[] {
    if (this.closed) return [];
    this.closed = true;
    for (const p of this.queue) p.reject(reason);
    for (const list of this.inFlight.values()) for (const p of list) p.reject(reason);
    this.queue.length = 0;
    const all = [...this.inFlight.keys()];
    this.inFlight.clear();
    return all;
  }

  private next(): void {
    for (let sent = true; sent && this.queue.length > 0;) {
      sent = false;
      // The least loaded worker first, so that a job goes to a worker that will start it soonest.
      let least: [W, Pending<I, O>[]] | undefined;
      for (const entry of this.inFlight) if (!least || entry[1].length < least[1].length) least = entry;
      if (least && least[1].length < this.depth) {
        const p = this.queue.shift()!;
        least[1].push(p);
        least[0].postMessage(p.job);
        sent = true;
      }
    }
  }
}
