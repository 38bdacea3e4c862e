// Times each test file on its own: `node scripts/time-tests.mjs [path-filter...] [--jobs=N] [--out=file.json]`.
// Each file runs as `node --import tsx --test <file>` under /usr/bin/time, which reports the wall time and the
// CPU time (user + system) of the process and every child it waited for (kubectl, the CLI, the editors). On a
// machine shared with other work the CPU time is the figure to compare: the wall time grows with the load.
// Prints the files slowest first and the totals; --out writes the rows as JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { testFiles } from './test-files.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const jobs = Number(opt('jobs', '1'));
const out = opt('out', '');
const filters = args.filter((a) => !a.startsWith('--'));
const files = testFiles('test', filters);
const scratch = mkdtempSync(join(tmpdir(), 'time-tests-'));

const timeOne = (file, i) =>
  new Promise((resolve) => {
    const stats = join(scratch, `${i}.time`);
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%e %U %S', '-o', stats, process.execPath, '--import', 'tsx', '--test', '--test-reporter=tap', file],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let tap = '';
    child.stdout.on('data', (d) => (tap += d));
    child.stderr.on('data', () => {});
    child.on('close', (code) => {
      // The last line of /usr/bin/time's report (before it: "Command exited with non-zero status 1").
      const line = readFileSync(stats, 'utf8')
        .trim()
        .split('\n')
        .findLast((l) => /^[\d.]+ [\d.]+ [\d.]+$/.test(l));
      const [wall, user, sys] = (line ?? 'NaN NaN NaN').split(' ').map(Number);
      const count = (k) => Number(new RegExp(`^# ${k} (\\d+)`, 'm').exec(tap)?.[1] ?? 0);
      resolve({ file, wall, cpu: +(user + sys).toFixed(2), tests: count('tests'), fail: count('fail'), code });
    });
  });

const rows = [];
let next = 0;
const load0 = loadavg()[0];
const t0 = Date.now();
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < files.length) {
      const i = next++;
      const r = await timeOne(files[i], i);
      rows.push(r);
      console.error(`${r.wall.toFixed(1).padStart(6)}s wall ${r.cpu.toFixed(1).padStart(6)}s cpu  ${r.file}`);
    }
  }),
);
rmSync(scratch, { recursive: true, force: true });
rows.sort((a, b) => b.wall - a.wall);
const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
console.log('| wall s | CPU s | tests | file |');
console.log('|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.tests} | ${r.file} |`);
console.log(
  `\n${rows.length} files, ${sum('tests')} tests, ${sum('fail')} failing; sum of wall ${sum('wall').toFixed(0)} s, ` +
    `sum of CPU ${sum('cpu').toFixed(0)} s; elapsed ${((Date.now() - t0) / 1000).toFixed(0)} s with ${jobs} job(s); ` +
    `load average ${load0.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
);
if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
