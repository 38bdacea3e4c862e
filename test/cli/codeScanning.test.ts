// Code scanning through the built command (dist/cli.js): fingerprints that survive moved lines and tell
// resources apart, `--category`, and `--baseline` (a previous JSON or SARIF report hides its problems).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const KEY = 'cloudManifests/v1';

/** A StorageAccount; `kind` and `sku` chosen by the test (StorageV9 and Standard_XYZ are enum-value errors). */
const account = (name: string, kind: string, sku: string) => `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ${name}
spec:
  location: westus
  kind: ${kind}
  sku:
    name: ${sku}
  owner:
    name: rg-app
`;

// Three enum-value errors: two fields of `one`, and the same field of `two`.
const TWO = `${account('one', 'StorageV9', 'Standard_XYZ')}---\n${account('two', 'StorageV2', 'Standard_XYZ')}`;

let dir: string;

function write(rel: string, text: string): void {
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, input: '', env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonProblem {
  file: string;
  line: number;
  code: string;
  message: string;
  fingerprints?: Record<string, string>;
}

const problems = (args: string[]): JsonProblem[] =>
  JSON.parse(cli(['check', '--format', 'json', ...args]).stdout).problems;

before(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` before these tests`);
  dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-scan-'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('fingerprints: one per problem, distinct for two resources and two fields, kept when lines move', () => {
  write('fp/a.yaml', TWO);
  const before = problems(['fp/a.yaml']);
  assert.deepEqual(
    before.map((p) => [p.line, p.code]),
    [
      [7, 'enum-value'],
      [9, 'enum-value'],
      [21, 'enum-value'],
    ],
  );
  const prints = before.map((p) => p.fingerprints?.[KEY]);
  for (const p of prints) assert.match(p ?? '', /^[0-9a-f]{32}$/);
  assert.equal(new Set(prints).size, 3, 'two fields of one resource, and one field of two resources, differ');

  // Lines inserted above both resources, and between them: every problem moves, none changes fingerprint.
  const moved = `# a comment\n\n${TWO.replace('---\n', '---\n# another\n# and another\n')}`;
  write('fp/a.yaml', moved);
  const after = problems(['fp/a.yaml']);
  assert.deepEqual(
    after.map((p) => p.line),
    [9, 11, 25],
  );
  assert.deepEqual(
    after.map((p) => p.fingerprints?.[KEY]),
    prints,
  );

  // The SARIF report carries the same fingerprints, and the category asked for.
  const sarif = JSON.parse(cli(['check', '--format', 'sarif', '--category', 'manifests/shard-1', 'fp/a.yaml']).stdout);
  const schema = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'sarif-2.1.0-subset.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  assert.ok(validate(structuredClone(sarif)), JSON.stringify(validate.errors, null, 2));
  // Code scanning's category is the id up to its last `/`: the whole category given.
  assert.deepEqual(sarif.runs[0].automationDetails, { id: 'manifests/shard-1/' });
  assert.deepEqual(
    sarif.runs[0].results.map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints[KEY]),
    prints,
  );
  // Without --category, no automationDetails.
  assert.equal(
    JSON.parse(cli(['check', '--format', 'sarif', 'fp/a.yaml']).stdout).runs[0].automationDetails,
    undefined,
  );
});

test('fingerprints: a list item is known by its name, so one inserted before it changes nothing', () => {
  const pod = (containers: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n${containers}`;
  const web = '    - name: web\n      image: nginx\n      imagePullPolicy: always\n';
  write('pod/pod.yaml', pod(web));
  const [alone] = problems(['pod/pod.yaml']);
  write('pod/pod.yaml', pod(`    - name: sidecar\n      image: envoy\n${web}`));
  const [after] = problems(['pod/pod.yaml']);
  // The same problem: moved two lines down, its message now says containers[1], its fingerprint is the same.
  assert.equal(alone.code, 'enum-case');
  assert.deepEqual([alone.line, after.line], [9, 11]);
  assert.notEqual(alone.message, after.message);
  assert.equal(after.fingerprints?.[KEY], alone.fingerprints?.[KEY]);
});

test('fingerprints: a document that names no resource is known by its file', () => {
  // Two files with the same unnamed manifest: the same problems at the same places, each file's own fingerprints.
  const unnamed =
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nspec:\n  sku:\n    name: Standard_XYZ\n';
  write('nm/x.yaml', unnamed);
  write('nm/y.yaml', unnamed);
  const found = problems(['nm']);
  assert.equal(found.length, 6, JSON.stringify(found));
  const of = (file: string) => found.filter((p) => p.file === file).map((p) => p.fingerprints?.[KEY]);
  assert.equal(new Set([...of('nm/x.yaml'), ...of('nm/y.yaml')]).size, 6);
});

test('--baseline: a JSON or SARIF report hides its problems; a new one is reported and fails the run', () => {
  write('bl/a.yaml', TWO);
  write('bl/b.yaml', account('three', 'StorageV2', 'Standard_XYZ'));
  for (const format of ['json', 'sarif']) {
    const made = cli(['check', '--format', format, 'bl']);
    assert.equal(made.status, 1);
    write(`base.${format}`, made.stdout);

    // Nothing new: exit 0, every format says how many the baseline hid.
    const text = cli(['check', '--baseline', `base.${format}`, 'bl']);
    assert.equal(text.status, 0, text.stderr);
    assert.equal(text.stdout, 'no problems (2 files checked; 4 problems of the baseline not shown)\n');
    const json = JSON.parse(cli(['check', '--format', 'json', '--baseline', `base.${format}`, 'bl']).stdout);
    assert.deepEqual(json.problems, []);
    assert.equal(json.summary.baselined, 4);
    const junit = cli(['check', '--format', 'junit', '--baseline', `base.${format}`, 'bl']);
    assert.equal(junit.status, 0);
    assert.match(junit.stdout, /failures="0"/);
    assert.match(junit.stdout, /4 problems of the baseline not shown/);
    const sarif = JSON.parse(cli(['check', '--format', 'sarif', '--baseline', `base.${format}`, 'bl']).stdout);
    assert.deepEqual(sarif.runs[0].results, []);
    assert.equal(sarif.runs[0].invocations[0].toolExecutionNotifications[0].descriptor.id, 'baseline');
  }

  // A new mistake in a resource of the baseline (another field), with lines moved above it: only it is
  // reported, and it alone fails the run.
  write(
    'bl/a.yaml',
    `# moved\n${TWO.replace('location: westus\n  kind: StorageV2', 'location: westus\n  kind: StorageV8')}`,
  );
  const text = cli(['check', '--baseline', 'base.json', 'bl']);
  assert.equal(text.status, 1);
  assert.equal(text.stdout.split('\n')[0].replace(/ '.*$/, ''), 'bl/a.yaml:20:9 error enum-value');
  assert.match(
    text.stdout,
    /^1 error, 0 warnings in 1 file \(2 files checked; 4 problems of the baseline not shown\)$/m,
  );
  assert.equal(text.stdout.trim().split('\n').length, 2);

  // Never across files: b.yaml moved to c.yaml, the same resource with the same problem, is reported there.
  rmSync(join(dir, 'bl/b.yaml'));
  write('bl/c.yaml', account('three', 'StorageV2', 'Standard_XYZ'));
  const copied = problems(['--baseline', 'base.sarif', 'bl']);
  assert.deepEqual(
    copied.map((p) => `${p.file}:${p.line}`),
    ['bl/a.yaml:20', 'bl/c.yaml:9'],
  );
});

test('--baseline: a report of another tool or version, or no report, is a usage error', () => {
  write('ok/a.yaml', account('one', 'StorageV2', 'Standard_LRS'));
  const cases: [string, string, RegExp][] = [
    [
      'other.sarif',
      JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'kubeconform' } }, results: [] }] }),
      /is not a report of cloud-manifests/,
    ],
    [
      'old.json',
      JSON.stringify({
        tool: 'cloud-manifests',
        version: '0.0.1',
        summary: {},
        problems: [{ file: 'ok/a.yaml', line: 1, code: 'enum-value' }],
      }),
      /problem 1 has no cloudManifests\/v1 fingerprint \(a report of another version\); make the baseline again/,
    ],
    ['notjson.json', 'a: b\n', /is not a JSON or SARIF report \(not JSON\)/],
  ];
  for (const [name, text, message] of cases) {
    write(name, text);
    const r = cli(['check', '--baseline', name, 'ok']);
    assert.equal(r.status, 2, name);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, message);
    assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
  }
  const missing = cli(['check', '--baseline', 'none.json', 'ok']);
  assert.equal(missing.status, 2);
  assert.equal(missing.stderr, 'cloud-manifests: --baseline none.json cannot be read: no such file\n');
});
