// Changes against the committed version, on real git repositories the tests make (commit, change, check):
// write-once fields, the operator's refusals on update, renames of resources that hold data and a CRD's
// transition rules are reported on the change and silent without it; a file new since HEAD gets nothing;
// `--base REF` compares with another ref, as a CI job checks a pull request against its base.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { committedRepository, git, hasGit } from '../helpers/git';
import { crdText } from '../helpers/manifests';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A repository holding `files`, committed. */
function repo(files: Record<string, string>): string {
  const dir = committedRepository(files);
  dirs.push(dir);
  return dir;
}

interface Problem {
  line: number;
  column: number;
  endColumn: number;
  code: string;
  severity: string;
  message: string;
}

function check(dir: string, ...args: string[]): { problems: Problem[]; status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd: dir, encoding: 'utf8' });
  const problems = r.stdout ? (JSON.parse(r.stdout).problems as Problem[]) : [];
  return { problems, status: r.status, stderr: r.stderr };
}

const changes = (ps: Problem[]) =>
  ps.filter((p) =>
    ['create-only-changed', 'update-refused', 'resource-renamed', 'crd-transition-rule'].includes(p.code),
  );

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
  namespace: data
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;

const SNAPSHOT = `apiVersion: appconfiguration.cloud.example.com/v20240601
kind: Snapshot
metadata:
  name: release
spec:
  owner:
    name: store
  filters:
    - key: app/*
  retentionPeriod: 7200
`;

const CONTAINER = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: logs
spec:
  owner:
    name: ingeststore-blob
  immutableStorageWithVersioning:
    enabled: false
`;

const CRD = crdText({
  group: 'example.org',
  kind: 'Volume',
  plural: 'volumes',
  spec: `              properties:
                class:
                  type: string
                  x-kubernetes-validations:
                    - rule: self == oldSelf
                      message: class is immutable
                size:
                  type: integer
                  x-kubernetes-validations:
                    - rule: self >= oldSelf.orValue(0)
                      message: size may only grow
                      optionalOldSelf: true
`,
});

const VOLUME = `apiVersion: example.org/v1
kind: Volume
metadata:
  name: data
spec:
  class: fast
  size: 10
`;

describe(
  'changes against the committed version',
  { skip: !hasGit && !process.env.CI && 'git is not installed' },
  () => {
    test('a new location of an existing account fails the check naming the committed value; the same region is fine', () => {
      const dir = repo({ 'account.yaml': ACCOUNT });
      assert.deepEqual(changes(check(dir).problems), [], 'nothing changed, nothing said');
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT.replace('westeurope', 'northeurope'));
      const run = check(dir, '--base', 'HEAD');
      const [p, ...rest] = changes(run.problems);
      assert.equal(rest.length, 0);
      const commit = git(dir, 'rev-parse', '--short', 'HEAD');
      assert.equal(p.code, 'create-only-changed');
      // The cloud refuses it: the deployment would fail, so the check does (as update-refused).
      assert.equal(p.severity, 'error');
      assert.equal(run.status, 1, 'a change the cloud refuses fails CI');
      // On the value that is wrong, not its key: `  location: northeurope`.
      assert.deepEqual([p.line, p.column, p.endColumn], [7, 13, 24]);
      assert.match(p.message, /new 'location' for an existing account: it was 'westeurope' at HEAD/);
      assert.ok(p.message.includes(commit), p.message);
      // Another edit of the same resource leaves location alone: nothing about it.
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT.replace('Standard_LRS', 'Standard_GRS'));
      assert.deepEqual(changes(check(dir).problems), []);
    });

    test("the operator's refusals: a new owner name and a new cloudName are errors", () => {
      const dir = repo({ 'account.yaml': ACCOUNT });
      writeFileSync(
        join(dir, 'account.yaml'),
        ACCOUNT.replace('name: rg', 'name: rg-2').replace('  location:', '  cloudName: other\n  location:'),
      );
      const found = changes(check(dir).problems);
      assert.deepEqual(
        found.map((p) => [p.code, p.severity]),
        [
          ['update-refused', 'error'],
          ['update-refused', 'error'],
        ],
      );
      assert.deepEqual(
        found.map((p) => [p.line, p.column]),
        [
          [7, 14],
          [13, 11],
        ],
        'on the new values, not their keys',
      );
      assert.match(found[0].message, /new 'cloudName'.*it was 'ingeststore' at HEAD/);
      assert.match(found[1].message, /new 'owner.name'.*it was 'rg' at HEAD/);
      // Writing the default cloud name out (the object's name) changes nothing the webhook sees.
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT.replace('  location:', '  cloudName: ingeststore\n  location:'));
      assert.deepEqual(changes(check(dir).problems), []);
    });

    test('a snapshot retention period and turning on container immutability are write-once', () => {
      const dir = repo({ 'snapshot.yaml': SNAPSHOT, 'container.yaml': CONTAINER });
      writeFileSync(join(dir, 'snapshot.yaml'), SNAPSHOT.replace('7200', '3600'));
      writeFileSync(join(dir, 'container.yaml'), CONTAINER.replace('enabled: false', 'enabled: true'));
      const found = changes(check(dir).problems);
      assert.deepEqual(
        found.map((p) => [p.code, p.severity, p.line, p.column]),
        [
          // The container's `enabled` is a ≈ fact (reference-shapes.md): known approximately, a warning.
          ['create-only-changed', 'warning', 9, 14],
          ['create-only-changed', 'error', 10, 20],
        ],
      );
      assert.ok(found.some((p) => /retentionPeriod.*7200/.test(p.message)));
      assert.ok(found.some((p) => /turn on 'immutableStorageWithVersioning.enabled'/.test(p.message)));
    });

    test('a rename of an account is a delete and a create: a warning; in a new file, nothing', () => {
      const dir = repo({ 'account.yaml': ACCOUNT });
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT.replace('name: ingeststore', 'name: ingest2'));
      writeFileSync(join(dir, 'new.yaml'), ACCOUNT.replace('westeurope', 'northeurope'));
      const found = changes(check(dir).problems);
      assert.equal(found.length, 1);
      assert.equal(found[0].code, 'resource-renamed');
      assert.deepEqual([found[0].line, found[0].column, found[0].endColumn], [4, 9, 16], 'on the new name');
      assert.match(found[0].message, /Renaming 'ingeststore' to 'ingest2' deletes the StorageAccount/);
    });

    test('CRD transition rules run with oldSelf the committed object (self == oldSelf, optionalOldSelf)', () => {
      const dir = repo({ 'crd.yaml': CRD, 'volume.yaml': VOLUME });
      assert.deepEqual(changes(check(dir).problems), []);
      writeFileSync(join(dir, 'volume.yaml'), VOLUME.replace('fast', 'slow').replace('size: 10', 'size: 5'));
      const found = changes(check(dir).problems);
      assert.deepEqual(
        found.map((p) => [p.code, p.line]),
        [
          ['crd-transition-rule', 6],
          ['crd-transition-rule', 7],
        ],
      );
      assert.match(found[0].message, /class is immutable/);
      assert.match(found[1].message, /size may only grow/);
      // Growing is allowed; a class written the same is too.
      writeFileSync(join(dir, 'volume.yaml'), VOLUME.replace('size: 10', 'size: 20'));
      assert.deepEqual(changes(check(dir).problems), []);
    });

    test('a transition rule whose evaluation fails is an Invalid value, as the API server reports it', () => {
      const crd = crdText({
        group: 'example.org',
        kind: 'Tagged',
        plural: 'taggeds',
        spec: `              x-kubernetes-validations:
                - rule: self.labels['tier'] == oldSelf.labels['tier']
                  message: the tier is immutable
              properties:
                labels:
                  type: object
                  additionalProperties: {type: string}
`,
      });
      const tagged =
        'apiVersion: example.org/v1\nkind: Tagged\nmetadata:\n  name: t\nspec:\n  labels:\n    tier: gold\n';
      const dir = repo({ 'crd.yaml': crd, 'tagged.yaml': tagged });
      writeFileSync(join(dir, 'tagged.yaml'), tagged.replace('tier: gold', 'team: blue'));
      const found = changes(check(dir).problems);
      assert.deepEqual(
        found.map((p) => [p.code, p.severity, p.line]),
        [['crd-transition-rule', 'error', 5]],
      );
      assert.match(
        found[0].message,
        /^'spec': Invalid value: "object": no such key: tier evaluating rule: the tier is immutable \(The CRD's transition rule 'self.labels\['tier'\] == oldSelf.labels\['tier'\]' fails to evaluate against HEAD \([0-9a-f]+\)\.\)$/,
      );
      // The tier kept: the rule holds.
      writeFileSync(join(dir, 'tagged.yaml'), tagged.replace('tier: gold', 'tier: gold\n    team: blue'));
      assert.deepEqual(changes(check(dir).problems), []);
    });

    test('self == oldSelf on a set or a map list: reordering its items is no change, as for the API server', () => {
      const crd = crdText({
        group: 'example.org',
        kind: 'Pool',
        plural: 'pools',
        spec: `              x-kubernetes-validations:
                - rule: self == oldSelf
                  message: the pool is immutable
              properties:
                zones: {type: array, items: {type: string}, x-kubernetes-list-type: set}
                nodes:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [name]
                  items:
                    type: object
                    required: [name]
                    properties:
                      name: {type: string}
                      size: {type: integer}
`,
      });
      const pool =
        'apiVersion: example.org/v1\nkind: Pool\nmetadata:\n  name: p\nspec:\n  zones: [a, b]\n  nodes:\n    - {name: n1, size: 1}\n    - {name: n2, size: 2}\n';
      const dir = repo({ 'crd.yaml': crd, 'pool.yaml': pool });
      const reordered = pool
        .replace('[a, b]', '[b, a]')
        .replace(
          '    - {name: n1, size: 1}\n    - {name: n2, size: 2}',
          '    - {name: n2, size: 2}\n    - {name: n1, size: 1}',
        );
      writeFileSync(join(dir, 'pool.yaml'), reordered);
      assert.deepEqual(changes(check(dir).problems), []);
      // A value changed is a change.
      writeFileSync(join(dir, 'pool.yaml'), reordered.replace('size: 2', 'size: 3'));
      assert.deepEqual(
        changes(check(dir).problems).map((p) => [p.code, p.line]),
        [['crd-transition-rule', 5]],
      );
    });

    test('a transition rule our engine cannot evaluate is said once, as information, never in silence', () => {
      const crd = crdText({
        group: 'example.org',
        kind: 'Weights',
        plural: 'weights',
        spec: `              x-kubernetes-validations:
                - rule: self.ratios == oldSelf.ratios
              properties:
                ratios: {type: array, items: {type: number}, x-kubernetes-list-type: set}
`,
      });
      const weights = 'apiVersion: example.org/v1\nkind: Weights\nmetadata:\n  name: w\nspec:\n  ratios: [0.5, 1.5]\n';
      const dir = repo({ 'crd.yaml': crd, 'weights.yaml': weights });
      writeFileSync(join(dir, 'weights.yaml'), weights.replace('[0.5, 1.5]', '[1.5, 0.5]'));
      const notRun = check(dir).problems.filter((p) => p.code === 'crd-rule-not-run');
      assert.deepEqual(
        notRun.map((p) => [p.severity, p.line]),
        [['info', 5]],
      );
      assert.match(notRun[0].message, /transition rule 'self.ratios == oldSelf.ratios' is not evaluated against HEAD/);
    });

    test('--base compares with another ref (a pull request against its base); an unknown ref is a usage error', () => {
      const dir = repo({ 'account.yaml': ACCOUNT });
      git(dir, 'checkout', '-q', '-b', 'feature');
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT.replace('westeurope', 'northeurope'));
      git(dir, 'commit', '-q', '-am', 'move region');
      assert.deepEqual(changes(check(dir).problems), [], 'committed: HEAD holds the change');
      const against = changes(check(dir, '--base', 'main').problems);
      assert.equal(against.length, 1);
      assert.match(against[0].message, /it was 'westeurope' at main/);
      // SARIF and JUnit say the same.
      const sarif = spawnSync(process.execPath, [CLI, 'check', '--format', 'sarif', '--base', 'main'], {
        cwd: dir,
        encoding: 'utf8',
      });
      assert.match(sarif.stdout, /create-only-changed/);
      const junit = spawnSync(process.execPath, [CLI, 'check', '--format', 'junit', '--base', 'main'], {
        cwd: dir,
        encoding: 'utf8',
      });
      assert.match(junit.stdout, /create-only-changed/);
      assert.deepEqual(changes(check(dir, '--base', '').problems), [], "--base '' compares with nothing");
      const bad = check(dir, '--base', 'no-such-branch');
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /no commit named 'no-such-branch'/);
      assert.equal(check(dir, '--base', '--upload-pack=x').status, 2, 'a ref is never an option');
    });

    test('outside a git repository nothing is compared', () => {
      const dir = mkdtempSync(join(tmpdir(), 'cm-nogit-'));
      dirs.push(dir);
      writeFileSync(join(dir, 'account.yaml'), ACCOUNT);
      const r = check(dir);
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(changes(r.problems), []);
    });
  },
);
