// `check --shard i/n` through the built command (dist/cli.js): for n = 1..5 the shards of a fixture workspace
// split its files (each file in exactly one shard) and the union of their reports is the unsharded report,
// cross-file problems included (owners, duplicates, cycles, overlays, charts: every file is still read).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

/** Fixture workspaces whose files tell about one another. */
const WORKSPACES = ['test/fixtures/workspace', 'test/fixtures/repositories'];

interface Report {
  summary: { errors: number; warnings: number; info: number; hints: number; filesChecked: number };
  problems: { file: string }[];
}

function check(cwd: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, 'check', '--format', 'json', ...args, '.'], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** A run's JSON report; a run that wrote none fails the test with what it said and how it ended. */
function reportOf(r: { status: number | null; stdout: string; stderr: string }, what: string): Report {
  try {
    return JSON.parse(r.stdout) as Report;
  } catch {
    return assert.fail(`${what}: no JSON report (exit ${r.status}); stderr: ${r.stderr || '(empty)'}`);
  }
}

/** The problems as comparable lines, in one order whatever the shard. */
const lines = (problems: readonly object[]): string[] => problems.map((p) => JSON.stringify(p)).sort();

before(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` before these tests`);
});

for (const ws of WORKSPACES) {
  test(`--shard i/n for n = 1..5: the union of the shards' reports is the full report (${ws})`, async () => {
    const cwd = join(ROOT, ws);
    const full = await check(cwd, []);
    const whole = reportOf(full, 'the full run');
    assert.ok(whole.problems.length > 5, `${ws} has problems to split`);
    for (let n = 1; n <= 5; n++) {
      // The shards of one n run side by side, as a CI matrix runs them.
      const runs = await Promise.all(Array.from({ length: n }, (_, i) => check(cwd, ['--shard', `${i + 1}/${n}`])));
      const reports = runs.map((r, i) => reportOf(r, `shard ${i + 1}/${n}`));
      const files = new Set<string>();
      for (const [i, r] of reports.entries()) {
        // A shard fails exactly when it holds an error.
        assert.equal(runs[i].status, r.summary.errors > 0 ? 1 : 0, runs[i].stderr);
        for (const p of r.problems) files.add(`${i}:${p.file}`);
      }
      // No file is in two shards.
      const byFile = new Map<string, number>();
      for (const k of files) {
        const file = k.slice(k.indexOf(':') + 1);
        byFile.set(file, (byFile.get(file) ?? 0) + 1);
      }
      for (const [file, count] of byFile) assert.equal(count, 1, `${file} is in one shard of ${n}`);
      const sum = (key: keyof Report['summary']) => reports.reduce((s, r) => s + r.summary[key], 0);
      for (const key of ['errors', 'warnings', 'info', 'hints', 'filesChecked'] as const)
        assert.equal(sum(key), whole.summary[key], `${key} of ${n} shards`);
      assert.deepEqual(
        lines(reports.flatMap((r) => r.problems)),
        lines(whole.problems),
        `the ${n} shards' problems are the full report's`,
      );
      if (n > 1) assert.ok(reports.filter((r) => r.summary.filesChecked > 0).length > 1, `${n} shards split the files`);
    }
  });
}

test('--shard: a malformed split, or one with --fix, is a usage error', () => {
  for (const [args, message] of [
    [
      ['--shard', '0/4'],
      /--shard expects I\/N with 1 ≤ I ≤ N ≤ 1000 \(e\.g\. 2\/4 for the second of four shards\), got "0\/4"/,
    ],
    [['--shard', '5/4'], /got "5\/4"/],
    [['--shard', 'two'], /got "two"/],
    [['--shard', '1/2', '--fix'], /--fix and --fix-dry-run fix every file: run them without --shard/],
  ] as const) {
    const r = spawnSync(process.execPath, [CLI, 'check', ...args, '.'], {
      cwd: join(ROOT, WORKSPACES[0]),
      encoding: 'utf8',
    });
    assert.equal(r.status, 2);
    assert.match(r.stderr, message);
  }
});
