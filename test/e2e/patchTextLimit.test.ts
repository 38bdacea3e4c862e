// In the editor, as in the CLI (test/cli/patchTextLimit.test.ts): a kustomization too large to read (issue
// 30: 100,000 targeted inline patches blocked the server's hover for 14.8 s) shows one Information and
// nothing else, the patch file it names is still checked as a partial manifest, and a hover elsewhere is
// answered.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol/node';
import { MAX_PATCH_TEXT } from '../../server/src/service/workspace/kustomize/textLimit';
import { account, rg } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

test('e2e: a kustomization over the size read shows one Information; its patch file is a partial manifest', async () => {
  const patches: string[] = [];
  for (let i = 0, length = 0; length <= MAX_PATCH_TEXT; i++) {
    const line = `  - target: {name: acctsa}\n    patch: '[{op: add, path: /spec/tags/t${i}, value: "${i}"}]'\n`;
    patches.push(line);
    length += line.length;
  }
  const files: Record<string, string> = {
    'kustomization.yaml': `resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: location.yaml\n${patches.join('')}`,
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    'location.yaml':
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acctsa\nspec:\n  location: eastus\n',
  };
  const root = mkdtempSync(join(tmpdir(), 'cm-e2e-patch-limit-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const client = new WorkspaceClient({ rootDir: root });
  const uri = (name: string) => pathToFileURL(join(root, name)).href;
  try {
    await client.initialize();
    await client.waitForScans(1);
    const shown = await client.open(uri('kustomization.yaml'), files['kustomization.yaml']);
    assert.deepEqual(
      shown.map((d) => `${d.code} ${d.severity}`),
      ['kustomize-render-limit 3'],
    );
    assert.match(String(shown[0].message), /^This kustomization is too large to read here/);
    assert.deepEqual(shown[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
    // Read as a whole manifest it would miss its owner, kind and sku: nothing is said of it.
    assert.deepEqual(await client.open(uri('location.yaml'), files['location.yaml']), []);
    const h = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: uri('location.yaml') },
      position: { line: 5, character: 4 },
    });
    assert.ok(h, 'hover answered');
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
