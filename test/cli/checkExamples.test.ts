// `npm run check:examples` (scripts/check-examples.mjs), the README's first command: the checker's report on
// examples/, then one line saying its errors are the deliberate mistakes of examples/mistakes/; it fails when
// that verdict changes (an error in another example, or the mistakes no longer reported).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const repo = join(__dirname, '..', '..');
const SCRIPT = join(repo, 'scripts', 'check-examples.mjs');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

const run = (cwd: string, ...args: string[]) => {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd, env, encoding: 'utf8' });
};

describe('npm run check:examples', () => {
  let dir: string;
  before(() => {
    if (!existsSync(join(repo, 'dist', 'cli.js'))) throw new Error('dist/cli.js does not exist: run `npm run build`');
    dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-examples-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is the script, and says in its last line that the errors are the example file’s deliberate mistakes', () => {
    assert.equal(pkg.scripts['check:examples'], 'node scripts/check-examples.mjs');
    const r = run(repo);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines.at(-2)!, /^\d+ errors, \d+ warnings? in 1 file \(\d+ files checked\)$/);
    assert.match(
      lines.at(-1)!,
      /^As expected: the (\d+) errors and \d+ warnings? above are the deliberate mistakes examples\/mistakes\/common-mistakes\.yaml shows \(each marked "# mistake:"\); every other example is clean\.$/,
    );
    // The count it names is the checker's.
    assert.equal(/the (\d+) errors/.exec(lines.at(-1)!)![1], /^(\d+) errors/.exec(lines.at(-2)!)![1]);
  });

  test('fails when another example has an error', () => {
    const copy = join(dir, 'broken');
    cpSync(join(repo, 'examples'), copy, { recursive: true });
    const file = join(copy, 'resource-group.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/location: \S+/, 'location: 42'));
    const r = run(dir, 'broken');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /check:examples: problems outside broken\/mistakes\/: broken\/resource-group\.yaml/);
  });

  test('fails when the deliberate mistakes are no longer errors', () => {
    const copy = join(dir, 'fixed');
    cpSync(join(repo, 'examples'), copy, { recursive: true });
    rmSync(join(copy, 'mistakes'), { recursive: true });
    const r = run(dir, 'fixed');
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /check:examples: expected exit 1 \(the deliberate mistakes of fixed\/mistakes\/ are errors\), got 0/,
    );
  });
});
