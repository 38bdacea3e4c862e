// In the browser build, in place of io/workerPool.ts (the exports the server uses): no worker threads, the
// work stays on the server's one worker (as `CLOUD_MANIFESTS_WORKERS=0` on Node), in slices.
export type WorkerAnswer<O> = { ok: O } | { error: string };

export class WorkerPool<I, O> {
  constructor(_script: string, _size: number, _options: { depth?: number; unref?: boolean } = {}) {
    throw new Error('no worker threads in the browser build');
  }
  tell(_message: unknown): void {}
  run(_job: I): Promise<O> {
    return Promise.reject(new Error('no worker threads in the browser build'));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export const builtWorkerScript = (_name: string, _options: { unlessNone?: boolean } = {}): string | undefined =>
  undefined;
export const serverPoolSize = (_files: number): number => 0;
