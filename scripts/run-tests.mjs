// Runs every test/**/*.test.ts under node's test runner (Node 20 does not expand globs itself).
// Extra arguments narrow the run to paths containing them: `npm test -- cli e2e`. `--dir=audit` runs the
// audit's files instead (audit/**/*.test.ts, `npm run audit:spec`: they read the spec documents and the
// operator's samples beside the repository, so `npm test` never runs them).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const find = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'node_modules' || n === 'fixtures') return [];
    return statSync(p).isDirectory() ? find(p) : n.endsWith('.test.ts') ? [p] : [];
  });
const args = process.argv.slice(2);
const dir = args.find((a) => a.startsWith('--dir='))?.slice('--dir='.length) ?? 'test';
const filters = args.filter((a) => !a.startsWith('--dir='));
const files = find(dir)
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
