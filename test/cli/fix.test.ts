// `cloud-manifests check --fix` and `--fix-dry-run` as a process, on a copy of examples/ (the mistakes and
// the manifests that own them): the safe fixes are written (or shown as a diff and not written), the report
// and the exit code are about what is left, and a file that does not parse is never written.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXABLE_TEMPLATE_LINES, STATUS_WITH_ACTION } from '../helpers/manifests';

const repo = join(__dirname, '..', '..');
const CLI = join(repo, 'dist', 'cli.js');
const MISTAKES = 'mistakes/common-mistakes.yaml';
let dir: string;

const cli = (...args: string[]) => {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const original = readFileSync(join(repo, 'examples', MISTAKES), 'utf8');

describe('check --fix', () => {
  before(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` first`);
  });
  const made: string[] = [];
  const fresh = () => {
    dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-fix-'));
    made.push(dir);
    cpSync(join(repo, 'examples'), dir, { recursive: true });
  };
  after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('--fix-dry-run prints the fixes as a diff and writes nothing', () => {
    fresh();
    const before = cli('mistakes');
    const r = cli('--fix-dry-run', 'mistakes');
    assert.equal(r.status, 1, 'errors are left');
    assert.match(
      r.stdout,
      /^--- a\/mistakes\/common-mistakes\.yaml\n\+\+\+ b\/mistakes\/common-mistakes\.yaml\n@@ -13,7 \+13,7 @@\n/,
    );
    assert.match(r.stdout, /\n- {2}accessTier: hot # mistake[^\n]*\n\+ {2}accessTier: Hot # mistake/);
    assert.match(r.stdout, /\n- {2}retentionPeriod: "P30D"[^\n]*\n\+ {2}retentionPeriod: 2592000 /);
    assert.match(r.stderr, /would fix 3 problems in 1 file/);
    assert.equal(read(MISTAKES), original, 'nothing written');
    // The report is of the files as they are on disk: nothing was fixed.
    const count = (out: string) => out.split('\n').filter((l) => l.startsWith(MISTAKES)).length;
    assert.equal(count(r.stdout), count(before.stdout));
  });

  test('--fix writes the safe fixes, reports what is left, and a second run finds nothing to fix', () => {
    fresh();
    const r = cli('--fix', 'mistakes');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /fixed 3 problems in 1 file/);
    const fixed = read(MISTAKES);
    assert.match(fixed, /accessTier: Hot /);
    assert.match(fixed, /retentionPeriod: 2592000 /);
    assert.match(fixed, /conditionVersion: "2.0" /);
    assert.doesNotMatch(r.stdout, /enum-case|retentionPeriod|conditionVersion/);
    assert.match(r.stdout, /exclusive-members/, 'a choice between members is left to the user');
    // Only the three lines changed.
    const a = original.split('\n');
    const b = fixed.split('\n');
    assert.equal(a.length, b.length);
    assert.deepEqual(
      a.flatMap((l, i) => (l === b[i] ? [] : [i + 1])),
      [16, 116, 133],
    );
    const again = cli('--fix', 'mistakes');
    assert.match(again.stderr, /fixed 0 problems in 0 files/);
    assert.equal(again.stdout, r.stdout);
    assert.equal(read(MISTAKES), fixed);
  });

  test('exit 0 when the fixes leave no error; CRLF and a BOM are kept', () => {
    fresh();
    const text =
      '\ufeffapiVersion: storage.cloud.example.com/v20220901\r\nkind: StorageAccount\r\nmetadata:\r\n  name: fixme\r\nspec:\r\n  location: westus\r\n  owner:\r\n    name: rg-app\r\n  kind: storagev2\r\n  sku:\r\n    name: Standard_LRS\r\n';
    writeFileSync(join(dir, 'crlf.yaml'), text);
    assert.equal(cli('crlf.yaml').status, 1, 'a case error, the one problem, which --fix mends');
    const r = cli('--fix', '--max-warnings', '0', 'crlf.yaml');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(join(dir, 'crlf.yaml'), 'utf8'), text.replace('kind: storagev2', 'kind: StorageV2'));
  });

  test('a missing apiVersion is added where one version fits, with the domain of the files, else the setting', () => {
    fresh();
    const rg =
      'apiVersion: resources.contoso.io/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westus\n';
    const account =
      'kind: StorageAccount\nmetadata:\n  name: stordersprod\nspec:\n  location: westus\n  owner:\n    name: rg-orders\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n';
    // Both RoleAssignment shapes fit: the choice is the author's.
    const role =
      'kind: RoleAssignment\nmetadata:\n  name: ra-orders\nspec:\n  owner:\n    name: rg-orders\n  principalId: 00000000-0000-0000-0000-000000000001\n  roleDefinitionReference:\n    wellKnownName: Reader\n';
    writeFileSync(join(dir, 'rg.yaml'), rg);
    writeFileSync(join(dir, 'account.yaml'), account);
    writeFileSync(join(dir, 'role.yaml'), role);
    const r = cli('--fix', 'rg.yaml', 'account.yaml', 'role.yaml');
    assert.match(r.stderr, /fixed 1 problem in 1 file/, r.stdout + r.stderr);
    assert.equal(read('account.yaml'), `apiVersion: storage.contoso.io/v20220901\n${account}`);
    assert.equal(read('role.yaml'), role);
    assert.match(
      r.stdout,
      /role\.yaml:1:1 error missing-required The manifest is missing required field 'apiVersion': write 'authorization\.contoso\.io\/v20220401' or 'authorization\.contoso\.io\/v1api20220401'/,
    );
    assert.equal(r.status, 1);
    // The apiDomain setting comes first; alone, without it, the placeholder domain is not written.
    writeFileSync(join(dir, 'alone.yaml'), account);
    assert.match(cli('--fix', 'alone.yaml').stderr, /fixed 0 problems in 0 files/);
    assert.equal(read('alone.yaml'), account);
    writeFileSync(join(dir, '.cloud-manifests.json'), JSON.stringify({ apiDomain: 'azure.com' }));
    assert.match(cli('--fix', 'alone.yaml').stderr, /fixed 1 problem in 1 file/);
    assert.equal(read('alone.yaml'), `apiVersion: storage.azure.com/v20220901\n${account}`);
  });

  test('a file that does not parse is never written', () => {
    fresh();
    const text =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: broken\nspec:\n  accessTier: hot\n  location: "westus\n';
    writeFileSync(join(dir, 'broken.yaml'), text);
    const r = cli('--fix', 'broken.yaml');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /yaml-syntax/);
    assert.equal(read('broken.yaml'), text);
  });

  test('a Helm chart: fixes made as the editor makes them, on the literal text only; every action kept', () => {
    fresh();
    const template = [...FIXABLE_TEMPLATE_LINES, ...STATUS_WITH_ACTION, ''].join('\r\n');
    mkdirSync(join(dir, 'chart', 'templates'), { recursive: true });
    writeFileSync(join(dir, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: shop\nversion: 0.1.0\n');
    writeFileSync(join(dir, 'chart', 'templates', 'account.yaml'), template);
    const r = cli('--fix', 'chart');
    assert.match(r.stderr, /fixed 3 problems in 1 file/);
    const fixed = read('chart/templates/account.yaml');
    const lines = fixed.split('\r\n');
    assert.equal(lines[9], '  sku: { name: {{ .Values.sku }}, tier: Standard }');
    assert.equal(lines[13], '  accessTier: Cool');
    assert.equal(lines[15], '  minimumTlsVersion: TLS1_2');
    const actions = (t: string) => t.match(/\{\{[\s\S]*?\}\}/g);
    assert.deepEqual(actions(fixed), actions(template));
    // What is left is what no edit of the literal text fixes: the status block holds an action.
    assert.equal(fixed.split('\r\n').filter((l, i) => l !== template.split('\r\n')[i]).length, 3);
    assert.match(r.stdout, /status-read-only/);
    assert.doesNotMatch(r.stdout, /enum-case/);
  });

  test('--help lists the options; SARIF rules say how to fix', () => {
    fresh();
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    assert.match(help, /--fix {2,}write the safe fixes/);
    assert.match(help, /--fix-dry-run {2,}print the safe fixes as a unified diff/);
    const sarif = JSON.parse(cli('--format', 'sarif', 'mistakes').stdout);
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'enum-case');
    assert.match(rule.help.text, /\n\nFix: Write the value in the case the API defines\./);
  });

  test('--fix and --fix-dry-run together, or a diff in JSON, are usage errors', () => {
    fresh();
    assert.equal(cli('--fix', '--fix-dry-run', 'mistakes').status, 2);
    const r = cli('--fix-dry-run', '--format', 'json', 'mistakes');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--fix-dry-run prints a diff/);
  });

  test('the fixes a message names are written by --fix where safe (5m, Private, AzureServices), not the others', () => {
    fresh();
    const text = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: appstore-c
  namespace: default
spec:
  owner:
    name: appstore-blob
  publicAccess: Private
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata:
  name: appstore-blob
  namespace: default
spec:
  owner:
    name: appstore
  deleteRetentionPolicy:
    enabled: true
    days: 0
`;
    writeFileSync(join(dir, 'named.yaml'), text);
    const rules = read('alerts.yaml').replace('for: PT5M', 'for: 5m');
    writeFileSync(join(dir, 'alerts.yaml'), rules);
    const account = read('storage/account.yaml').replace('bypass: CloudServices', 'bypass: AzureServices');
    writeFileSync(join(dir, 'storage/account.yaml'), account);
    const r = cli('--fix', 'named.yaml', 'alerts.yaml', 'storage/account.yaml');
    assert.equal(r.status, 1, 'the retention of 0 days is left: its fix is not safe');
    assert.equal(read('named.yaml'), text.replace('publicAccess: Private', 'publicAccess: None'));
    assert.equal(read('alerts.yaml'), rules.replace('for: 5m', 'for: PT5M'));
    assert.equal(read('storage/account.yaml'), account.replace('bypass: AzureServices', 'bypass: CloudServices'));
    assert.match(r.stdout, /value-range 'spec\.deleteRetentionPolicy\.days' is 0/);
  });
});
