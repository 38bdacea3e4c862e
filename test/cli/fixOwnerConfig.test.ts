// `check --fix` creates the owner-references configuration the editor's quick fix creates (issue 45,
// cli/ownerConfigFix.ts): `--fix-dry-run` shows the new file and the kustomization's `configurations:` entry
// as a diff and writes nothing; `--fix` writes both, the re-check is clean of kustomize-owner-renamed, and
// `kubectl kustomize` builds the overlay with the owner names following the prefix. Never created where it
// exists already, nor through a folder that leads out of the folders checked.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { hasKubectl, kubectlKustomize } from '../helpers/kubectl';
import { account, blobService, docs, rg } from '../workspace/helpers';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const FILES: Record<string, string> = {
  'base/kustomization.yaml': 'resources:\n  - all.yaml\n',
  'base/all.yaml': docs(rg('rg'), account('acct', 'rg'), blobService('default', 'acct')),
  'overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: dev\n',
};
const K = 'overlays/dev/kustomization.yaml';
const CONFIG = 'overlays/dev/kustomizeconfig/owner-references.yaml';

describe('check --fix creates the owner-references configuration of an overlay', () => {
  const made: string[] = [];
  let dir = '';
  const fresh = () => {
    dir = mkdtempSync(join(tmpdir(), 'cm-fix-owner-'));
    made.push(dir);
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
  };
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  before(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` first`);
  });
  after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('--fix-dry-run shows the new file and the entry, and writes nothing', () => {
    fresh();
    const r = cli('--fix-dry-run', '.');
    assert.match(r.stdout, /^overlays\/dev\/kustomization\.yaml:3:1 warning kustomize-owner-renamed/m);
    assert.ok(r.stdout.includes(`--- /dev/null\n+++ b/${CONFIG}\n@@ -0,0 +1,`), `the new file as a diff:\n${r.stdout}`);
    assert.match(r.stdout, /\n\+nameReference:\n/);
    assert.ok(
      r.stdout.includes(
        `--- a/${K}\n+++ b/${K}\n@@ -1,3 +1,5 @@\n resources:\n   - ../../base\n namePrefix: dev\n+configurations:\n+  - kustomizeconfig/owner-references.yaml\n`,
      ),
      r.stdout,
    );
    assert.match(r.stderr, /would fix 1 problem in 2 files/);
    assert.equal(existsSync(join(dir, CONFIG)), false);
    assert.equal(readFileSync(join(dir, K), 'utf8'), FILES[K]);
  });

  test('--fix writes both; the re-check is clean, and kubectl builds it with the owner names renamed', () => {
    fresh();
    const r = cli('--fix', '.');
    assert.match(r.stderr, /fixed 1 problem in 2 files/);
    // The report is of what is left: the overlay's warning is gone.
    assert.doesNotMatch(r.stdout, /kustomize-owner-renamed/);
    assert.equal(
      readFileSync(join(dir, K), 'utf8'),
      `${FILES[K]}configurations:\n  - kustomizeconfig/owner-references.yaml\n`,
    );
    assert.match(readFileSync(join(dir, CONFIG), 'utf8'), /^nameReference:\n {2}- kind: ResourceGroup\n/m);
    const again = cli('.');
    assert.doesNotMatch(again.stdout, /kustomize-owner-renamed|\berror\b/, again.stdout);
    assert.match(cli('--fix', '.').stderr, /fixed 0 problems in 0 files/, 'nothing left to fix');
    if (hasKubectl) {
      const out = parseAllDocuments(kubectlKustomize(join(dir, 'overlays/dev'))).map(
        (d) => d.toJS() as { metadata: { name: string }; spec: { owner?: { name: string } } },
      );
      const owner = (name: string) => out.find((x) => x.metadata.name === name)?.spec.owner?.name;
      assert.equal(owner('devacct'), 'devrg');
      assert.equal(owner('devdefault'), 'devacct');
    }
  });

  test('a folder of that name leading outside the folders checked: nothing created, the kustomization kept', () => {
    fresh();
    const outside = mkdtempSync(join(tmpdir(), 'cm-fix-owner-outside-'));
    made.push(outside);
    symlinkSync(outside, join(dir, 'overlays/dev/kustomizeconfig'));
    const r = cli('--fix', '.');
    assert.match(r.stderr, /the owner-references configuration not created: .*symbolic link/);
    assert.equal(existsSync(join(outside, 'owner-references.yaml')), false);
    assert.equal(readFileSync(join(dir, K), 'utf8'), FILES[K]);
  });
});
