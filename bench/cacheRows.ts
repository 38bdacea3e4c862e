// The CI rows of issue 48: the 10,000-manifest workspace as a git repository, checked by the CLI as a CI
// would check it, each run against the cold full check of the same round (ratios of runs measured together,
// so a slow spell of the shared machine weighs on both): the full check with an empty cache (what filling
// it costs), the same files again with the cache warm, ten files changed and `--changed` with the warm
// cache, and the four shards of `--shard i/4` (with the warm cache, as a CI matrix restores it, and
// without). Every cached output is compared with the cold run's, byte for byte.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { OUR_CLI } from './measure';
import { pairedRatio } from './stats';
import type { Row } from './report';
import { workspaceWorkload } from './workload';
import { reopenRound } from './reopenRows';

export interface CacheRowsResult {
  cold: number[];
  filling: number[];
  unchanged: number[];
  changed: number[];
  /** The slowest of the four shards of each round, with the warm cache and without. */
  shardsCached: number[];
  shardsCold: number[];
  /** The editor (bench/reopenRows.ts): the cold scan, the scan filling an empty cache, the reopen with it warm. */
  editorCold: number[];
  editorFilling: number[];
  editorWarm: number[];
  sanity: string[];
}

/** One run of the CLI in `dir`: its wall time and what it printed. */
function cli(dir: string, args: readonly string[]): Promise<{ ms: number; out: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [OUR_CLI, 'check', '--format', 'json', ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CLOUD_MANIFESTS_WORKERS: '0' },
    });
    const chunks: Buffer[] = [];
    let err = '';
    p.stdout.on('data', (d: Buffer) => chunks.push(d));
    p.stderr.on('data', (d) => (err += String(d)));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`cli ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ ms: performance.now() - t0, out: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

const summaryOf = (out: string) =>
  (JSON.parse(out) as { summary: { errors: number; filesChecked: number; filesRead?: number } }).summary;

export async function cacheSession(
  tmp: string,
  workspace: { manifests: number; files: number },
  rounds: number,
  log: (s: string) => void,
): Promise<CacheRowsResult> {
  const r: CacheRowsResult = {
    cold: [],
    filling: [],
    unchanged: [],
    changed: [],
    shardsCached: [],
    shardsCold: [],
    editorCold: [],
    editorFilling: [],
    editorWarm: [],
    sanity: [],
  };
  const ws = workspaceWorkload(join(tmp, 'ci-workspace'), workspace.manifests, workspace.files);
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=b@example.com', ...args], {
      cwd: ws.dir,
      stdio: 'ignore',
    }).status === 0;
  if (!git('init', '-q', '-b', 'main') || !git('add', '.') || !git('commit', '-q', '-m', 'bench')) {
    r.sanity.push('cache rows: git is not usable here');
    return r;
  }
  // Ten files spread over the workspace, each with one resource moved to another location.
  const changedFiles = Array.from({ length: 10 }, (_, k) => ws.files[Math.floor(((k + 0.5) * ws.files.length) / 10)]);
  for (let round = 0; round < rounds; round++) {
    // The editor on the committed workspace: cold, filling its cache, reopened with it warm.
    const editor = await reopenRound(tmp, ws.dir, r.sanity, round);
    r.editorCold.push(editor.cold);
    r.editorFilling.push(editor.filling);
    r.editorWarm.push(editor.warm);
    log(
      `ci rows, round ${round + 1}: the editor's cold scan to its last diagnostics ${editor.cold.toFixed(0)} ms, filling the cache ${editor.filling.toFixed(0)}, reopened with it ${editor.warm.toFixed(0)} (the facts of ${editor.hits ?? '?'} files from the cache); the server's CPU time ${editor.cpu.cold.toFixed(0)}, ${editor.cpu.filling.toFixed(0)}, ${editor.cpu.warm.toFixed(0)} ms`,
    );
    const cache = mkdtempSync(join(tmp, 'ci-cache-'));
    const withCache = `--cache=${cache}`;
    const cold = await cli(ws.dir, []);
    r.cold.push(cold.ms);
    const filled = await cli(ws.dir, [withCache]);
    r.filling.push(filled.ms);
    const again = await cli(ws.dir, [withCache]);
    r.unchanged.push(again.ms);
    for (const [name, out] of [
      ['filling', filled.out],
      ['unchanged', again.out],
    ])
      if (out !== cold.out) r.sanity.push(`cache rows, round ${round}: the ${name} run's report is not the cold run's`);
    for (const f of changedFiles)
      writeFileSync(f, readFileSync(f, 'utf8').replace('location: westus2', 'location: eastus'));
    const changed = await cli(ws.dir, ['--changed', withCache]);
    r.changed.push(changed.ms);
    const s = summaryOf(changed.out);
    if (s.filesChecked < changedFiles.length || s.filesChecked >= ws.files.length)
      r.sanity.push(`cache rows: --changed checked ${s.filesChecked} of ${s.filesRead} files`);
    let slowest = 0;
    let checked = 0;
    for (let i = 1; i <= 4; i++) {
      const shard = await cli(ws.dir, [`--shard=${i}/4`, withCache]);
      slowest = Math.max(slowest, shard.ms);
      checked += summaryOf(shard.out).filesChecked;
    }
    r.shardsCached.push(slowest);
    if (checked !== ws.files.length)
      r.sanity.push(`cache rows: the shards checked ${checked} of ${ws.files.length} files`);
    slowest = 0;
    for (let i = 1; i <= 4; i++) slowest = Math.max(slowest, (await cli(ws.dir, [`--shard=${i}/4`])).ms);
    r.shardsCold.push(slowest);
    git('checkout', '-q', '-f', '.');
    rmSync(cache, { recursive: true, force: true });
    log(
      `ci rows, round ${round + 1}: cold ${cold.ms.toFixed(0)} ms, filling the cache ${filled.ms.toFixed(0)}, unchanged ${again.ms.toFixed(0)}, --changed (10 files) ${changed.ms.toFixed(0)}, slowest of 4 shards ${r.shardsCached[round].toFixed(0)} (cached) ${slowest.toFixed(0)} (no cache)`,
    );
  }
  return r;
}

/** The rows: each against the cold full check of the same rounds (the floor column). */
export function cacheRows(r: CacheRowsResult, workload: string, rounds: number): Row[] {
  const against = (ours: number[], max: number, what: string): Row => ({
    measure: what,
    workload,
    unit: 'ms',
    ours,
    floor: r.cold,
    peerNa: 'n/a',
    target: {
      text: `≤ ${Math.round(max * 100)}% of the cold full check (median of ${rounds} paired ratios)`,
      check: () => (ours.length > 0 ? pairedRatio(ours, r.cold) <= max : undefined),
    },
  });
  return [
    {
      measure: 'CI: full check with an empty `--cache` (floor column: the same check without it)',
      workload,
      unit: 'ms',
      ours: r.filling,
      floor: r.cold,
      peerNa: 'n/a',
    },
    against(r.unchanged, 0.2, 'CI: the same files again, `--cache` warm (floor: the cold full check)'),
    against(r.changed, 0.15, 'CI: 10 files changed, `--changed --cache` warm (floor: the cold full check)'),
    against(
      r.shardsCached,
      0.5,
      'CI: slowest of `--shard i/4`, 10 files changed, `--cache` warm (floor: the cold full check)',
    ),
    {
      measure: 'CI: slowest of `--shard i/4` without a cache (floor: the cold full check)',
      workload,
      unit: 'ms',
      ours: r.shardsCold,
      floor: r.cold,
      peerNa: 'n/a',
    },
    {
      measure: "editor: first start with an empty cache → last published diagnostic (floor: the cold scan's)",
      workload,
      unit: 'ms',
      ours: r.editorFilling,
      floor: r.editorCold,
      peerNa: 'n/a',
    },
    {
      measure: "editor: reopen with the cache warm → last published diagnostic (floor: the cold scan's)",
      workload,
      unit: 'ms',
      ours: r.editorWarm,
      floor: r.editorCold,
      peerNa: 'n/a',
      target: {
        text: `≤ 30% of the cold scan to its last published diagnostic (median of ${rounds} paired ratios)`,
        check: () => (r.editorWarm.length > 0 ? pairedRatio(r.editorWarm, r.editorCold) <= 0.3 : undefined),
      },
    },
  ];
}
