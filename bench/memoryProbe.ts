// The memory row of `npm run bench` taken apart: the bench's editing session of our server on one file size
// (fileSession: warm-up, open, 10 edits, completions, hovers, code actions), then what the server holds: the
// RSS the bench reads, V8's heap (total and used), the live heap after a full collection, and the RSS once that
// collection's pages are returned. The bench's RSS is one sample of a figure that moves with the collector's
// timing (garbage not yet collected weighs up to half the live heap); the live heap is what the server keeps.
//   npx tsx bench/memoryProbe.ts [resources]        (default 5000; `npm run build` first)
//   SERVER_JS=/other/dist/server.js npx tsx bench/memoryProbe.ts     another build, for a before/after pair
//   HEAP_SNAPSHOT=/tmp/x.heapsnapshot …             also writes a heap snapshot of the server after the session
//   SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p' …   more Node options for the server (a CPU profile)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileSession, ourSpec } from './measure';
import { fileWorkload } from './workload';
import { LspSession, sleep } from './lsp';

/** Loaded into the server (`--require`): on SIGWINCH, writes its memory to `MEMORY_PROBE_OUT`. */
const PRELOAD = `
const fs = require('fs'), v8 = require('v8'), { runInNewContext } = require('vm');
const mb = (x) => Math.round((x / 1048576) * 10) / 10;
const rss = () => mb(Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024);
process.on('SIGWINCH', () => {
  const m = process.memoryUsage();
  const r = { rss: rss(), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed) };
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  gc();
  gc();
  r.live = mb(process.memoryUsage().heapUsed);
  setTimeout(() => {
    r.rssAfterCollection = rss();
    if (process.env.HEAP_SNAPSHOT) v8.writeHeapSnapshot(process.env.HEAP_SNAPSHOT);
    fs.writeFileSync(process.env.MEMORY_PROBE_OUT, JSON.stringify(r));
  }, 500);
});
`;

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 5000);
  const dir = mkdtempSync(join(tmpdir(), 'memory-probe-'));
  const preload = join(dir, 'preload.cjs');
  const out = join(dir, 'memory.json');
  writeFileSync(preload, PRELOAD);
  const spec = ourSpec(['--require', preload, ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)]);
  if (process.env.SERVER_JS) spec.script = process.env.SERVER_JS;
  spec.env = { ...spec.env, MEMORY_PROBE_OUT: out };
  let report: Record<string, number> | undefined;
  // Read the server's own figures just before the editing session's server stops (after the bench's RSS).
  // fileSession starts two servers, the opening session's (no opens here) and the editing session's: the second.
  const stop = LspSession.prototype.stop;
  let stops = 0;
  LspSession.prototype.stop = async function (this: LspSession) {
    if (++stops === 2 && this.proc.exitCode === null) {
      const bench = this.memory().rssMb;
      rmSync(out, { force: true });
      this.proc.kill('SIGWINCH');
      for (let i = 0; i < 600 && !report; i++) {
        await sleep(100);
        try {
          report = { benchRss: Math.round(bench * 10) / 10, ...JSON.parse(readFileSync(out, 'utf8')) };
        } catch {
          // not written yet
        }
      }
    }
    return stop.call(this);
  };
  const it = { warmups: 3, opens: 0, edits: 10, requests: 30, cliRuns: 0 };
  const r = await fileSession(spec, fileWorkload(n), it, dir, () => undefined);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  console.log(
    `${n} resources: RSS as the bench reads it ${report?.benchRss} MB (heap ${report?.heapTotal} MB, used ${report?.heapUsed}); ` +
      `live heap after a full collection ${report?.live} MB, RSS then ${report?.rssAfterCollection} MB; idle RSS ${r.idleRssMb.toFixed(1)} MB; ` +
      `edit median ${median(r.edit).toFixed(1)} ms, completion ${median(r.completion).toFixed(2)} ms, hover ${median(r.hover).toFixed(2)} ms`,
  );
  rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
