// `cloud-manifests check` on real-repository fixtures (test/fixtures/repositories): a folder with Kustomize
// overlays or a Helm chart gets exactly the problems its files expect inline (patches partial, templates
// masked, `Kustomization` files found), and so does a patch or a template named alone on the command line
// (its kustomization or Chart.yaml is read beside it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { before, test } from 'node:test';
import { readExpectations } from '../expectations';
import { REPOSITORIES, repositoryFiles } from '../helpers/files';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

interface Problem {
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
}

function check(args: string[], cwd = REPOSITORIES): Problem[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], {
    cwd,
    encoding: 'utf8',
  });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return (JSON.parse(r.stdout) as { problems: Problem[] }).problems;
}

/** The expectations of files, as the CLI's JSON writes problems (1-based; multi-line ranges not used here). */
const expected = (files: string[]) =>
  files
    .flatMap((f) =>
      readExpectations(readFileSync(f, 'utf8')).map(
        (e) => `${relative(REPOSITORIES, f)}:${e.line + 1}:${e.start + 1}-${e.end + 1} ${e.code}`,
      ),
    )
    .sort();
const got = (problems: Problem[]) =>
  problems.map((p) => `${p.file}:${p.line}:${p.column}-${p.endColumn} ${p.code}`).sort();

before(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` before these tests`);
});

for (const name of ['overlays', 'chart'])
  test(`check ${name}: only the mistakes`, () => {
    assert.deepEqual(got(check([name])), expected(repositoryFiles(join(REPOSITORIES, name))));
  });

test('a patch and a template named alone are read as what they are', () => {
  const files = ['overlays/overlays/prod/tls.yaml', 'chart/templates/storageaccount.yaml'];
  assert.deepEqual(got(check(files)), expected(files.map((f) => join(REPOSITORIES, f))));
});

// Each named alone: the overlay's base is not named, yet its rendered result is checked (the base read as
// the rendering needs it): the access tier the staging patch makes required, the name the prod prefix
// makes too long, the dev patch's reference shape, all found as in a run over the whole folder.
for (const file of [
  'overlays/overlays/staging/ops.yaml',
  'overlays/overlays/prod/kustomization.yaml',
  'overlays/overlays/dev/location.yaml',
])
  test(`${file} named alone gets its rendered checks`, () => {
    const alone = check([file]);
    assert.deepEqual(got(alone), expected([join(REPOSITORIES, file)]));
    assert.ok(
      alone.some((p) => / \(in overlays\/(?:prod|dev|staging)\)$/.test(p.message)),
      'a problem of the rendered overlay',
    );
    // --no-kustomize: the file's own problems only.
    assert.ok(got(check(['--no-kustomize', file])).length < alone.length);
  });

test('a kustomization outside the current folder is not read', () => {
  // From inside the prod overlay's patch folder… the patch's kustomization is one level up: outside.
  const fromBelow = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'ops.yaml'], {
    cwd: join(REPOSITORIES, 'overlays', 'overlays', 'staging'),
    encoding: 'utf8',
  });
  const problems = (JSON.parse(fromBelow.stdout) as { problems: Problem[] }).problems;
  // Its kustomization is in the current folder: read; the base (../../base) is outside it: not read, so
  // nothing rendered and nothing false either (the patch stays a patch: no "missing" field).
  assert.deepEqual(
    problems.map((p) => p.code),
    ['enum-value'],
  );
});

test('helmTemplates names templates outside a chart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-templates-'));
  try {
    cpSync(join(REPOSITORIES, 'chart', 'templates', 'storageaccount.yaml'), join(dir, 'deploy', 'account.yaml'));
    const mistake = expected([join(REPOSITORIES, 'chart', 'templates', 'storageaccount.yaml')]).map((e) =>
      e.replace(/^[^:]*/, 'deploy/account.yaml'),
    );
    // Without the setting, the actions are YAML flow mappings: far more than the one mistake.
    assert.ok(got(check(['deploy'], dir)).length > mistake.length);
    writeFileSync(join(dir, '.cloud-manifests.json'), JSON.stringify({ helmTemplates: ['deploy/**'] }));
    assert.deepEqual(got(check(['deploy'], dir)), mistake);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the rendered results name their overlay (JSON, SARIF); --no-kustomize leaves them out', () => {
  const all = check(['overlays']);
  // An overlay's broken owner references are its own, on its kustomization: found by rendering it too.
  const rendered = all.filter(
    (p) => / \(in overlays\/(?:prod|dev|staging)\)$/.test(p.message) || p.code === 'kustomize-owner-renamed',
  );
  assert.deepEqual(rendered.map((p) => `${p.file} ${p.code}`).sort(), [
    'overlays/overlays/dev/kustomization.yml name-limit',
    'overlays/overlays/dev/location.yaml reference-shape',
    'overlays/overlays/prod/kustomization.yaml kustomize-owner-renamed',
    'overlays/overlays/prod/kustomization.yaml name-limit',
    'overlays/overlays/prod/sku-ops.yaml kustomize-patch-failed',
    'overlays/overlays/staging/ops.yaml access-tier-required',
    'overlays/overlays/staging/ops.yaml kustomize-patch-failed',
  ]);
  const sarif = spawnSync(process.execPath, [CLI, 'check', '--format', 'sarif', 'overlays'], {
    cwd: REPOSITORIES,
    encoding: 'utf8',
  });
  const messages = (
    JSON.parse(sarif.stdout) as { runs: { results: { message: { text: string } }[] }[] }
  ).runs[0].results.map((r) => r.message.text);
  assert.equal(messages.filter((m) => m.includes('(in overlays/staging)')).length, 2);
  assert.deepEqual(got(check(['--no-kustomize', 'overlays'])), got(all.filter((p) => !rendered.includes(p))));
});
