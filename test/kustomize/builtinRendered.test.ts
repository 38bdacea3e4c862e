// A patch of Kubernetes' own kinds checked as kubectl kustomize renders it: the Deployment its overlay builds
// (containers merged by name, env by name: strategicMerge.ts) is checked whole, and a problem only the whole
// shows lands on the patch's line, naming the overlay — in the analysis and in `cloud-manifests check`, which
// finds nothing else in the built-in fixtures (bases and the overlays kubectl renders alike).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { LineIndex } from '../../server/src/service/core/lineIndex';

const FIXTURES = join(__dirname, '..', 'fixtures', 'kustomize');

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name)) : [join(dir, e.name)],
  );

test('a new env entry of a merged container missing its configMapKeyRef key: required, at the patch line', () => {
  const a = new Analysis();
  const dir = join(FIXTURES, 'checked', '32-builtin-env-ref');
  for (const f of [...filesIn(join(FIXTURES, 'builtin-base')), ...filesIn(dir)])
    a.indexFile(pathToFileURL(f).href, readFileSync(f, 'utf8'));
  const file = join(dir, 'env.yaml');
  const text = readFileSync(file, 'utf8');
  const lines = new LineIndex(text);
  const found = a
    .fileDiagnostics(pathToFileURL(file).href, undefined, { complete: true })
    .map((d) => `${lines.positionAt(d.start).line + 1} ${d.code}: ${d.message}`);
  const required = found.filter((d) => d.includes('missing-required'));
  assert.equal(required.length, 1, found.join('\n'));
  // Line 13: `configMapKeyRef:`, the map that lacks `key` in the rendered Deployment.
  assert.match(required[0], /^13 missing-required: .*key.*\(in checked\/32-builtin-env-ref\)$/);
});

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

test('cloud-manifests check: the same problem at the same line, and no other in the built-in fixtures', () => {
  assert.ok(existsSync(CLI), `${CLI} does not exist: run \`npm run build\` before these tests`);
  const overlays = readdirSync(join(FIXTURES, 'overlays')).filter((d) => d.includes('builtin'));
  const r = spawnSync(
    process.execPath,
    [
      CLI,
      'check',
      '--format',
      'json',
      'builtin-base',
      'builtin-cluster',
      'checked',
      ...overlays.map((d) => `overlays/${d}`),
    ],
    { cwd: FIXTURES, encoding: 'utf8' },
  );
  assert.equal(r.status, 1, r.stderr);
  const problems = (
    JSON.parse(r.stdout) as { problems: { file: string; line: number; code: string; severity?: string }[] }
  ).problems;
  const errors = problems.filter((p) => p.severity === undefined || p.severity === 'error');
  assert.deepEqual(
    errors.map((p) => `${p.file}:${p.line} ${p.code}`),
    ['checked/32-builtin-env-ref/env.yaml:13 missing-required'],
    JSON.stringify(problems, null, 1),
  );
});
