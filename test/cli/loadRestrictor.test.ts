// `check --load-restrictor` (issue 45): kubectl's own option names; LoadRestrictionsNone accepts a file a
// kustomization reads from outside its folder (as Flux builds), the default refuses it as kubectl does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-load-restrictor-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('check --load-restrictor: RootOnly refuses a file outside the folder, None accepts it', () => {
  mkdirSync(join(dir, 'o'));
  mkdirSync(join(dir, 'shared'));
  writeFileSync(join(dir, 'o', 'kustomization.yaml'), 'resources:\n  - ../shared/cm.yaml\n');
  writeFileSync(
    join(dir, 'shared', 'cm.yaml'),
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n',
  );
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, 'check', ...args, '.'], { cwd: dir, encoding: 'utf8' });
  const strict = run();
  assert.match(strict.stdout, /o\/kustomization\.yaml:2:5 error kustomize-outside-root/);
  assert.equal(strict.status, 1);
  assert.equal(run('--load-restrictor', 'LoadRestrictionsRootOnly').status, 1);
  const none = run('--load-restrictor', 'LoadRestrictionsNone');
  assert.doesNotMatch(none.stdout, /kustomize-outside-root/);
  assert.equal(none.status, 0, none.stdout + none.stderr);
  const bad = run('--load-restrictor', 'none');
  assert.match(bad.stderr, /--load-restrictor expects LoadRestrictionsRootOnly or LoadRestrictionsNone/);
  assert.equal(bad.status, 2);
});
