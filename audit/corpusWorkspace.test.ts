// The operator's sample manifests as one workspace: over the pure index (cross-document checks) and through
// the real language server (what an editor shows). No error but the genuine ones the corpus README lists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { severityOf } from '../server/src/service/core/diag';
import { checkFile, createWorkspaceIndex } from '../server/src/service/workspace/checks';
import { WorkspaceClient } from '../test/e2e/workspaceClient';
import { CORPUS, yamlFiles } from './shared';

test('the operator samples, as one workspace: no error; missing owners are information, duplicates warnings', () => {
  const index = createWorkspaceIndex();
  const list = yamlFiles(CORPUS);
  for (const f of list) index.setText(pathToFileURL(f).href, readFileSync(f, 'utf8'));
  const all = list.flatMap((f) => checkFile(index, pathToFileURL(f).href, { complete: true }));
  assert.deepEqual(
    all.filter((d) => severityOf(d) === 'error').map((d) => d.message),
    [],
  );
  const codes = new Set(all.map((d) => d.code));
  assert.deepEqual([...codes].sort(), ['duplicate-resource', 'owner-not-found', 'reference-not-found']);
  for (const d of all.filter((x) => x.code !== 'duplicate-resource')) assert.equal(severityOf(d), 'info');
});

test('the operator samples through the server: no error but the genuine ones; missing owners are information', async () => {
  const client = new WorkspaceClient({ rootDir: CORPUS });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const genuine = [
      'v1api20240601_complete_sample.yaml:112 wrong-type',
      'v1api20240601_snapshot.yaml:17 wrong-type',
      // The corpus README: `configmap(...)` is not a function of the operator's CEL environment.
      'v1api20240601_complete_sample.yaml:78 cel-unknown-function',
      'v1api20240601_keyvalue_with_configmap.yaml:16 cel-unknown-function',
    ];
    const errors: string[] = [];
    let infos = 0;
    for (const file of yamlFiles(CORPUS)) {
      const diags = await client.open(pathToFileURL(file).href, readFileSync(file, 'utf8'));
      for (const d of diags) {
        if (d.severity === 1) errors.push(`${file.split('/').pop()}:${d.range.start.line + 1} ${d.code}`);
        if (d.code === 'owner-not-found' || d.code === 'reference-not-found') {
          infos++;
          assert.equal(d.severity, 3);
        }
      }
    }
    assert.deepEqual(errors.sort(), genuine.sort());
    assert.ok(infos >= 4, `missing owners reported as information (${infos})`);
  } finally {
    await client.stop();
  }
});
