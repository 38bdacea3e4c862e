// The worker pool (server/src/io/workerPool.ts) keeps each worker `depth` jobs ahead, so a worker finds its
// next job waiting instead of idling until the thread that feeds it yields; the caller can take the first
// job no worker was sent and do it itself; answers come back in the order the jobs were asked.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { WorkerPool } from '../../server/src/io/workerPool';

let dir: string;
let script: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'cm-worker-pool-'));
  script = join(dir, 'echo.js');
  // Answers each job a little later with its number and how many jobs had reached the worker by then.
  writeFileSync(
    script,
    `const { parentPort } = require('node:worker_threads');
let seen = 0;
parentPort.on('message', (m) => { seen++; setTimeout(() => parentPort.postMessage({ ok: { n: m.n, seen } }), 20); });`,
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('a worker is sent `depth` jobs at once; the caller takes the first job not sent', async () => {
  const pool = new WorkerPool<{ n: number }, { n: number; seen: number }>(script, 1, { depth: 2 });
  try {
    const asked = [1, 2, 3, 4].map((n) => pool.run({ n }));
    // Jobs 1 and 2 went to the worker; 3 is the first still queued, 4 the last.
    const first = pool.takeFirst();
    assert.deepEqual(first?.job, { n: 3 });
    first!.done({ n: 3, seen: 0 });
    assert.deepEqual(pool.takeLast()?.job, { n: 4 });
    assert.equal(pool.takeFirst(), undefined);
    const [a, b, c] = await Promise.all(asked.slice(0, 3));
    assert.deepEqual([a.n, b.n, c.n], [1, 2, 3]);
  } finally {
    await pool.close();
  }
});

test('with depth 1 a worker has one job at a time; with depth 3 it has its next ones waiting', async () => {
  for (const depth of [1, 3]) {
    const pool = new WorkerPool<{ n: number }, { n: number; seen: number }>(script, 1, { depth });
    try {
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pool.run({ n })));
      assert.deepEqual(
        answers.map((a) => a.n),
        [1, 2, 3, 4, 5, 6],
      );
      // With depth 1 the worker is sent a job once it answered the one before; with depth 3 it holds the
      // next two before it answers the first.
      if (depth === 1) for (const a of answers) assert.equal(a.seen, a.n);
      else assert.equal(answers[0].seen, 3);
    } finally {
      await pool.close();
    }
  }
});
