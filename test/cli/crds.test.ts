// The CLI and CRDs: a CRD among the files checked makes kinds for the others; the `crds` setting of
// `.cloud-manifests.json` names a folder of bundles to read besides them (relative to the settings file);
// a name that does not exist is a usage error.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parseAllDocuments } from 'yaml';
import { kindsOfCrd } from '../../server/src/model/crd/kinds';
import { allKinds } from '../../server/src/model/registry';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CRD = readFileSync(join(ROOT, 'test', 'fixtures', 'crds', 'widgets', 'crd.yaml'), 'utf8');
const WIDGET = 'apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 15\n';
const dir = mkdtempSync(join(tmpdir(), 'cm-cli-crds-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string) {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

const check = (cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  return { status: r.status, out: r.stdout ? JSON.parse(r.stdout) : undefined, stderr: r.stderr };
};
const codesOf = (out: { problems: { code: string }[] }) => out.problems.map((p) => p.code);

test('cli crds: a CRD among the files checked gives its kind to the others', () => {
  write('together/crd.yaml', CRD);
  write('together/w.yaml', WIDGET);
  const r = check(join(dir, 'together'));
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(codesOf(r.out), ['value-range']);
});

test('cli crds: the crds setting reads a folder of bundles besides the files checked', () => {
  write('app/vendor/operator/crds.yaml', CRD);
  write('app/manifests/w.yaml', WIDGET);
  write('app/.cloud-manifests.json', JSON.stringify({ crds: ['vendor/operator'] }));
  const r = check(join(dir, 'app'), 'manifests');
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(codesOf(r.out), ['value-range']);
  assert.equal(r.out.summary.filesChecked, 1, 'the CRD files are read, not checked');
  const without = check(join(dir, 'app'), '--config', 'none.json', 'manifests');
  assert.equal(without.status, 2, 'a settings file named outright must exist');
  write('app/empty.json', '{}');
  const plain = check(join(dir, 'app'), '--config', 'empty.json', 'manifests');
  assert.deepEqual(codesOf(plain.out), [], 'without the setting, the kind is nobody the product knows');
  write('app/bad.json', JSON.stringify({ crds: ['no/such/folder'] }));
  const bad = spawnSync(process.execPath, [CLI, 'check', '--config', 'bad.json', 'manifests'], {
    cwd: join(dir, 'app'),
    encoding: 'utf8',
  });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /crds: no\/such\/folder: not a file or folder inside the repository/);
});

test('cli crds: --fix-dry-run fixes manifests of CRD kinds as of built-in ones', () => {
  write('fix/crd.yaml', CRD);
  write(
    'fix/w.yaml',
    'apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\n  color: Red\n',
  );
  const r = spawnSync(process.execPath, [CLI, 'check', '--fix-dry-run', 'w.yaml', 'crd.yaml'], {
    cwd: join(dir, 'fix'),
    encoding: 'utf8',
  });
  assert.match(r.stdout, /^- {2}color: Red$/m, r.stdout + r.stderr);
  assert.match(r.stdout, /^\+ {2}color: red$/m);
});

test('cli crds: the built-in kinds as CRDs, one per kind, each read back with all its versions', () => {
  const r = spawnSync(process.execPath, [CLI, 'crds', '--api-domain', 'example.net'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const docs = parseAllDocuments(r.stdout).map((d) => d.toJS() as Record<string, unknown>);
  assert.equal(docs.length, new Set(allKinds.map((d) => `${d.area}/${d.kind}`)).size);
  const kinds = docs.flatMap((d) => kindsOfCrd(d));
  assert.deepEqual(
    kinds.map((d) => `${d.area}.${d.domain}/${d.version} ${d.kind}`).sort(),
    allKinds.map((d) => `${d.area}.example.net/${d.version} ${d.kind}`).sort(),
  );
  assert.equal(spawnSync(process.execPath, [CLI, 'crds', 'x'], { encoding: 'utf8' }).status, 2);
});

test('cli crds: schemas --crds writes JSON Schemas of the CRD kinds, which accept and reject as the server does', () => {
  write('schemas/crds/widgets.yaml', CRD);
  const cwd = join(dir, 'schemas');
  const r = spawnSync(process.execPath, [CLI, 'schemas', '--crds', 'crds', '--out', 'out'], { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const schema = JSON.parse(readFileSync(join(cwd, 'out', 'example.org', 'v1', 'Widget.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const widget = (spec: Record<string, unknown>) => ({
    apiVersion: 'example.org/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec,
  });
  assert.ok(validate(widget({ size: 3 })), JSON.stringify(validate.errors));
  assert.equal(validate(widget({ size: 11 })), false);
  assert.equal(validate({ ...widget({ size: 3 }), apiVersion: 'other.org/v1' }), false, 'the exact group');
  const all = JSON.parse(readFileSync(join(cwd, 'out', 'index.json'), 'utf8'));
  assert.deepEqual(
    all.kinds.map((k: { version: string }) => k.version),
    ['v1', 'v1beta1'],
    'the served versions',
  );
  const usage = spawnSync(process.execPath, [CLI, 'schemas', '--crds', 'crds'], { cwd, encoding: 'utf8' });
  assert.equal(usage.status, 2);
});

describe('cli crds: a repository settings file names only files inside the repository', () => {
  // An operator's CRD outside the repository, and a name beside it that does not exist.
  write('elsewhere/operator/crds.yaml', CRD);
  write('repo/manifests/w.yaml', WIDGET);
  symlinkSync(join(dir, 'elsewhere', 'operator'), join(dir, 'repo', 'link-out'));
  symlinkSync(join(dir, 'elsewhere', 'gone'), join(dir, 'repo', 'dangling'));
  const repo = join(dir, 'repo');
  const refusal = (entry: string) =>
    `cloud-manifests: crds: ${entry}: not a file or folder inside the repository (a repository's settings name only its own files; name others with --crds or in your user settings)`;

  test('outside it, existing or not, through a link or not, /proc and /etc: one refusal, nothing read', () => {
    const entries = [
      '/etc/passwd',
      '/proc/self/environ',
      '/proc/self/mem',
      '../elsewhere/operator',
      '../elsewhere/gone',
      'link-out',
      'dangling',
    ];
    write('repo/.cloud-manifests.json', JSON.stringify({ crds: entries }));
    const r = spawnSync(process.execPath, [CLI, 'check', 'manifests'], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 2);
    // The same words for a path that exists and one that does not: the settings cannot probe the machine.
    assert.equal(r.stderr, entries.map((e) => refusal(e) + '\n').join(''));
    assert.equal(r.stdout, '', 'nothing was checked');
  });

  test('a walk of / or of the home folder is refused, whoever names it', () => {
    write('repo/.cloud-manifests.json', JSON.stringify({ crds: ['/'] }));
    const repoRoot = spawnSync(process.execPath, [CLI, 'check', 'manifests'], { cwd: repo, encoding: 'utf8' });
    assert.equal(repoRoot.status, 2);
    assert.equal(repoRoot.stderr, refusal('/') + '\n');
    write('repo/.cloud-manifests.json', '{}');
    for (const path of ['/', homedir()]) {
      const r = check(repo, '--crds', path, 'manifests');
      assert.equal(r.status, 2);
      assert.equal(
        r.stderr,
        `cloud-manifests: crds: ${path}: the root or home folder is not searched for CRDs; name the folder that holds them\n`,
      );
    }
    for (const path of ['/proc/self/environ', '/proc/self/cwd', '/dev/null', '/sys']) {
      const r = check(repo, '--crds', path, 'manifests');
      assert.equal(r.status, 2);
      assert.equal(r.stderr, `cloud-manifests: crds: ${path}: /proc, /sys and /dev are never read\n`);
    }
  });

  test('a folder with more YAML files than a CRD folder holds is refused with a word, not read', () => {
    for (let i = 0; i <= 2000; i++) write(`many/f${i}.yaml`, 'a: 1\n');
    const r = check(repo, '--crds', '../many', 'manifests');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /crds: \.\.\/many: more than 2000 YAML files or 10000 folders below it; none of it is read/);
  });

  test('outside paths come from the command line, or a settings file named outright outside the folder', () => {
    write('repo/.cloud-manifests.json', '{}');
    const cli = check(repo, '--crds', '../elsewhere/operator', 'manifests');
    assert.equal(cli.status, 1, cli.stderr);
    assert.deepEqual(codesOf(cli.out), ['value-range']);
    write('mine/settings.json', JSON.stringify({ crds: ['../elsewhere/operator'] }));
    const own = check(repo, '--config', join(dir, 'mine', 'settings.json'), 'manifests');
    assert.equal(own.status, 1, own.stderr);
    assert.deepEqual(codesOf(own.out), ['value-range']);
    // Inside the repository, the repository's settings file names what it holds.
    write('repo/vendor/crds.yaml', CRD);
    write('repo/.cloud-manifests.json', JSON.stringify({ crds: ['vendor'] }));
    assert.deepEqual(codesOf(check(repo, 'manifests').out), ['value-range']);
  });
});

describe('cli crds: a CRD that does not parse (issue 43)', () => {
  /** The widgets CRD with a second `size` under `spec.properties` (its header still reads). */
  const DUPLICATE = CRD.replace('                ratio:\n', '                size: {type: string}\n$&');
  const problems = (out: { problems: { file: string; line: number; severity: string; code: string }[] }) =>
    out.problems.map((p) => `${p.file}:${p.line} ${p.severity} ${p.code}`);

  test('a duplicate key under properties: yaml-syntax on the CRD, and its manifests say once they are not checked', () => {
    write('dup/crd.yaml', DUPLICATE);
    write('dup/w.yaml', WIDGET);
    const r = check(join(dir, 'dup'));
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(problems(r.out), ['crd.yaml:36 error yaml-syntax', 'w.yaml:2 info crd-unreadable']);
    const note = r.out.problems[1].message as string;
    assert.match(
      note,
      /^The CRD that defines Widget \('widgets\.example\.org' in crd\.yaml\) could not be read: duplicated mapping key\./,
    );
    // The same words as a manifest's duplicate key.
    assert.match(r.out.problems[0].message, /Map keys must be unique/);
  });

  test('a syntax error in the header: the kind it meant to define is recognised, not called unknown', () => {
    write('header/crd.yaml', CRD.replace('  scope: Namespaced', '  scope: [Namespaced'));
    write('header/w.yaml', WIDGET);
    const r = check(join(dir, 'header'));
    assert.deepEqual(problems(r.out), ['crd.yaml:12 error yaml-syntax', 'w.yaml:2 info crd-unreadable']);
  });

  test('a list of the kind says it once too, for the whole list', () => {
    const list = `apiVersion: example.org/v1\nkind: WidgetList\nitems:\n${['a', 'b'].map((n) => `  - ${WIDGET.replace(/\n/g, '\n    ').trimEnd().replace('name: w', `name: ${n}`)}\n`).join('')}`;
    write('lists/dup/crd.yaml', DUPLICATE);
    write('lists/dup/l.yaml', list);
    write('lists/header/crd.yaml', CRD.replace('  scope: Namespaced', '  scope: [Namespaced'));
    write('lists/header/l.yaml', list);
    for (const d of ['dup', 'header'])
      assert.deepEqual(
        problems(check(join(dir, 'lists', d)).out).filter((p) => p.startsWith('l.yaml')),
        ['l.yaml:2 info crd-unreadable'],
        d,
      );
  });

  test('nothing of the kind can be read: said on the CRD alone', () => {
    write(
      'nothing/crd.yaml',
      CRD.replace('  group: example.org', '  group: [example.org').replace(/ {4}kind: Widget/, '    kind: [Widget'),
    );
    write('nothing/w.yaml', WIDGET);
    const r = check(join(dir, 'nothing'));
    const said = new Set(problems(r.out).map((p) => p.replace(/:\d+ /, ' ')));
    assert.deepEqual([...said], ['crd.yaml error yaml-syntax'], 'nothing on the manifest');
  });

  test('named by --crds and by the crds setting: its manifests say it could not be read, never "no problems"', () => {
    write('named/vendor/crd.yaml', DUPLICATE);
    write('named/manifests/w.yaml', WIDGET);
    const byOption = check(join(dir, 'named'), '--crds', 'vendor', 'manifests');
    assert.deepEqual(problems(byOption.out), ['manifests/w.yaml:2 info crd-unreadable']);
    write('named/.cloud-manifests.json', JSON.stringify({ crds: ['vendor/crd.yaml'] }));
    const text = spawnSync(process.execPath, [CLI, 'check', 'manifests'], {
      cwd: join(dir, 'named'),
      encoding: 'utf8',
    });
    assert.doesNotMatch(text.stdout, /no problems/);
    assert.match(text.stdout, /manifests\/w\.yaml:2:7 info crd-unreadable The CRD that defines Widget/);
  });
});

test('cli crds: a CRD written as JSON makes kinds in the files checked, by --crds and by the crds setting; other JSON files stay silent', () => {
  const json = JSON.stringify(parseAllDocuments(CRD)[0].toJS(), null, 2);
  write('json/crd.json', json);
  write('json/w.yaml', WIDGET);
  write('json/package.json', '{"name": "x", "kind": "CustomResourceDefinition"}\n');
  write('json/broken.json', '{ not json');
  const r = check(join(dir, 'json'));
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(codesOf(r.out), ['value-range']);
  assert.equal(r.out.summary.filesChecked, 1, 'JSON files are read for CRDs, not checked');
  write('jsonNamed/vendor/crd.json', json);
  write('jsonNamed/m/w.yaml', WIDGET);
  assert.deepEqual(codesOf(check(join(dir, 'jsonNamed'), '--crds', 'vendor', 'm').out), ['value-range']);
  assert.deepEqual(codesOf(check(join(dir, 'jsonNamed'), '--crds', 'vendor/crd.json', 'm').out), ['value-range']);
  write('jsonNamed/.cloud-manifests.json', JSON.stringify({ crds: ['vendor'] }));
  assert.deepEqual(codesOf(check(join(dir, 'jsonNamed'), 'm').out), ['value-range']);
});
