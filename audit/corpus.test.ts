// The operator's own sample manifests (../shared/corpus): the product reports no error on them except the
// genuine mistakes the corpus README lists.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { test } from 'node:test';
import { actualDiagnostics } from '../test/expectations';
import { CORPUS as corpus, yamlFiles as files } from './shared';

/** file → 1-based lines with a genuine error (corpus README). */
const GENUINE: Record<string, { line: number; code: string }[]> = {
  'appconfiguration/v1api20240601/v1api20240601_complete_sample.yaml': [
    { line: 78, code: 'cel-unknown-function' },
    { line: 112, code: 'wrong-type' },
  ],
  'appconfiguration/v1api20240601/v1api20240601_keyvalue_with_configmap.yaml': [
    { line: 16, code: 'cel-unknown-function' },
  ],
  'appconfiguration/v1api20240601/v1api20240601_snapshot.yaml': [{ line: 17, code: 'wrong-type' }],
};

test('corpus is present', () => {
  assert.ok(existsSync(corpus), `expected the shared corpus at ${corpus}`);
  assert.ok(files(corpus).length >= 40);
});

for (const file of existsSync(corpus) ? files(corpus) : []) {
  const rel = relative(corpus, file).split('\\').join('/');
  test(`corpus: ${rel}`, () => {
    const errors = actualDiagnostics(readFileSync(file, 'utf8')).filter((d) => d.severity === 'error');
    const got = errors.map((e) => ({ line: e.line + 1, code: e.code }));
    assert.deepEqual(
      got,
      GENUINE[rel] ?? [],
      errors.map((e) => `${e.line + 1}:${e.start + 1} ${e.code} ${e.message}`).join('\n'),
    );
  });
}
