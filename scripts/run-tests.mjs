// Runs the test files under node's test runner (Node 20 does not expand globs itself).
//
//   node scripts/run-tests.mjs                 every test/**/*.test.ts (npm test, after its static checks)
//   node scripts/run-tests.mjs --quick         the quick set: the unit and service tests (npm run test:quick),
//                                              `--jobs` processes each running its share of the files in itself
//   node scripts/run-tests.mjs cli e2e         only the files whose path contains one of the words
//   node scripts/run-tests.mjs --jobs=3        how many files run at once (default: the cores)
//   node scripts/run-tests.mjs --dir=audit     audit/**/*.test.ts instead (npm run audit:spec: they read the
//                                              spec documents beside the repository; npm test never runs them)
//
// Which folder is in which set: scripts/test-files.mjs. Node 20's runner runs files one at a time on two
// cores (its default is the cores less one), while most files wait on processes, editors and git more than
// they compute; so files run `--jobs` at a time, and the real editors' files (a browser each) run in a lane of
// their own, one at a time, beside them. Their output is printed as a block when their lane ends.
// The code-server files share one .vsix packaged here first (CLOUD_MANIFESTS_VSIX, unless already set).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderOf, isEditor, isQuick, testFiles } from './test-files.mjs';

const args = process.argv.slice(2);
const opt = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = args.includes('--quick');
const dir = opt('dir') ?? 'test';
const jobs = Number(opt('jobs') ?? availableParallelism());
const filters = args.filter((a) => !a.startsWith('--'));
const files = testFiles(dir, filters).filter((f) => !quick || isQuick(f));
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}

/** `node --test` over `files`, `concurrency` at a time; resolves to its exit status. */
function nodeTest(list, concurrency, env, collect) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...list],
    { stdio: ['ignore', collect ? 'pipe' : 'inherit', collect ? 'pipe' : 'inherit'], env },
  );
  if (collect) {
    child.stdout.on('data', (d) => collect.push(d));
    child.stderr.on('data', (d) => collect.push(d));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/**
 * The quick set: `jobs` processes (scripts/test-shard.mjs), each running its share of the files one after the
 * other in itself. The first one's output is shown as it comes, the others' when they end, then the totals.
 */
async function quickShards() {
  const shares = Array.from({ length: Math.min(jobs, files.length) }, (_, k) =>
    files.filter((_f, i) => i % jobs === k),
  );
  const outs = shares.map(() => []);
  const statuses = await Promise.all(
    shares.map((share, k) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--test-reporter=spec', join('scripts', 'test-shard.mjs'), ...share],
        { stdio: ['ignore', k === 0 ? 'inherit' : 'pipe', k === 0 ? 'inherit' : 'pipe'] },
      );
      if (k > 0) {
        child.stdout.on('data', (d) => outs[k].push(d));
        child.stderr.on('data', (d) => outs[k].push(d));
      }
      return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    }),
  );
  const totals = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0 };
  for (const [k, out] of outs.entries()) {
    if (k === 0) continue;
    const text = Buffer.concat(out).toString();
    process.stdout.write(`\n── quick set, process ${k + 1} of ${shares.length} ──\n${text}`);
    for (const key of Object.keys(totals)) totals[key] += Number(new RegExp(`ℹ ${key} (\\d+)`).exec(text)?.[1] ?? 0);
  }
  if (shares.length > 1)
    process.stdout.write(
      `\n── quick set: ${files.length} files in ${shares.length} processes; the processes after the first: ` +
        `${Object.entries(totals)
          .map(([key, n]) => `${key} ${n}`)
          .join(', ')} (the first one's totals above) ──\n`,
    );
  return statuses.find((s) => s !== 0) ?? 0;
}
if (quick) process.exit(await quickShards());

const editors = dir === 'test' ? files.filter(isEditor) : [];
const others = files.filter((f) => !editors.includes(f));
const scratch = mkdtempSync(join(tmpdir(), 'cloud-manifests-tests-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** The editors' lane: the .vsix packaged once, then its files one at a time, output kept for the end. */
async function editorLane() {
  const env = { ...process.env };
  if (editors.some((f) => ['code-server', 'web'].includes(folderOf(f))) && !env.CLOUD_MANIFESTS_VSIX) {
    const vsix = join(scratch, 'cloud-manifests.vsix');
    const r = spawnSync(process.execPath, [join('scripts', 'package.mjs'), '--out', vsix], { encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(`npm run package failed (the code-server tests need the .vsix):\n${r.stdout}\n${r.stderr}`);
      return 1;
    }
    env.CLOUD_MANIFESTS_VSIX = vsix;
  }
  const out = [];
  const status = await nodeTest(editors, 1, env, out);
  process.stdout.write(`\n── the real editors (${editors.length} files, one at a time) ──\n`);
  process.stdout.write(Buffer.concat(out));
  return status;
}

const statuses = await Promise.all([
  others.length > 0 ? nodeTest(others, jobs, process.env) : 0,
  editors.length > 0 ? editorLane() : 0,
]);
process.exit(statuses.find((s) => s !== 0) ?? 0);
