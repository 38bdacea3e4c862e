// kubeconform's own fixtures of built-in kinds (test/fixtures/kubeconform, see its README) with the verdict its
// acceptance.bats asserts for each: the CLI's verdict (an error in the file or none) is the same, but for the
// known differences listed with their reason (test/helpers/knownDifference.ts: a todo until it holds).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { caseTest } from '../helpers/knownDifference';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const DIR = join(__dirname, '..', 'fixtures', 'kubeconform');

/** acceptance.bats: file → valid (status 0) or invalid (status 1), and where a difference is known, why. */
const VERDICTS: [file: string, valid: boolean, known?: string][] = [
  ['valid.yaml', true],
  ['folder/valid.yaml', true],
  ['folder/multi_valid.yaml', true],
  ['int_or_string.yaml', true],
  ['generate_name.yaml', true],
  ['quantity.yaml', true],
  ['null_string.yaml', true],
  ['multi_valid.yaml', true],
  ['multi_invalid.yaml', false],
  ['invalid.yaml', false],
  ['blank.yaml', true],
  ['comment.yaml', true],
  // `-strict`: a field the schema does not have, a key written twice (the API server refuses both).
  ['extra_property.yaml', false],
  ['duplicate_property.yaml', false],
  ['list_valid.yaml', true],
  ['list_invalid.yaml', false],
  ['list_empty_valid.yaml', true],
  ['multi_with_list.yaml', true],
  [
    'missing_kind.yaml',
    false,
    'a document without `kind` is not known as a manifest (any YAML file may sit beside manifests): nothing is said of it',
  ],
  [
    'missing_kind_value.yaml',
    false,
    'a document whose `kind` is empty is not known as a manifest: nothing is said of it',
  ],
  [
    'missing_apiversion.yaml',
    false,
    'a built-in kind without `apiVersion` is not known as a manifest (only the operator kinds are recognised by their content): nothing is said of it',
  ],
];

interface Problem {
  file: string;
  severity: string;
  code: string;
  line: number;
}

// One run over the folder (what a user runs in CI); each file's verdict is whether it has an error.
const run = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: DIR, encoding: 'utf8' });
const problems = (JSON.parse(run.stdout) as { problems: Problem[] }).problems;
const invalid = new Set(problems.filter((p) => p.severity === 'error').map((p) => p.file));

for (const [file, valid, known] of VERDICTS)
  caseTest(`kubeconform ${file}: ${valid ? 'valid' : 'invalid'}, as its acceptance.bats says`, known, () => {
    assert.equal(
      !invalid.has(file),
      valid,
      problems
        .filter((p) => p.file === file)
        .map((p) => `${p.line} ${p.code}`)
        .join('\n'),
    );
  });

caseTest(
  'kubeconform valid.json (-kubernetes-version 1.20.0): valid',
  'JSON files are not read: the CLI checks .yaml and .yml files',
  () => {
    const r = spawnSync(process.execPath, [CLI, 'check', 'valid.json'], { cwd: DIR, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  },
);

test('kubeconform fixtures: every YAML file of the folder has its verdict here', () => {
  const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
  assert.deepEqual(
    files.filter((f) => !VERDICTS.some(([v]) => v === f)),
    [],
  );
  assert.equal(files.length, VERDICTS.length);
});
