// A patch of Kubernetes' own kinds checked as kubectl kustomize renders it: the Deployment its overlay builds
// (containers merged by name, env by name: strategicMerge.ts) is checked whole, and a problem only the whole
// shows lands on the patch's line, naming the overlay.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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
