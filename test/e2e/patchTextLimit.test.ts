// In the editor, as in the CLI (test/cli/patchTextLimit.test.ts): a kustomization too large to read (issue
// 30: 100,000 targeted inline patches blocked the server's hover for 14.8 s) shows one Information and
// nothing else, the patch file it names is still checked as a partial manifest, a hover elsewhere is
// answered, and nothing the editor asks of the file itself (code actions, hover, completion, outline,
// lenses, definition) parses it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { CodeAction, Hover } from 'vscode-languageserver-protocol/node';
import { ChunkStore } from '../../server/src/service/core/parse';
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
  // The server runs in this process: every YAML text it parses is seen here.
  let largeParses = 0;
  const count = ChunkStore.prototype.parsed;
  ChunkStore.prototype.parsed = function (c) {
    if (c.text.length > MAX_PATCH_TEXT) largeParses++;
    count.call(this, c);
  };
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
    // Its one message can be silenced on its line, without parsing the file to make sure of it.
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: uri('kustomization.yaml') },
      range: shown[0].range,
      context: { diagnostics: shown },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Disable kustomize-render-limit for this line'],
    );
    // Nor is it parsed for a hover, completion or the outline there.
    await client.request('textDocument/hover', {
      textDocument: { uri: uri('kustomization.yaml') },
      position: { line: 5, character: 6 },
    });
    await client.request('textDocument/completion', {
      textDocument: { uri: uri('kustomization.yaml') },
      position: { line: 5, character: 6 },
    });
    await client.request('textDocument/documentSymbol', { textDocument: { uri: uri('kustomization.yaml') } });
    await client.request('textDocument/codeLens', { textDocument: { uri: uri('kustomization.yaml') } });
    await client.request('textDocument/definition', {
      textDocument: { uri: uri('kustomization.yaml') },
      position: { line: 5, character: 6 },
    });
    assert.equal(largeParses, 0);
  } finally {
    ChunkStore.prototype.parsed = count;
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
