// A manifest without `apiVersion` through the real server (in-process over streams): the diagnostic names
// the apiVersion to write with the domain of `cloudManifests.apiDomain`, else of the workspace's manifests,
// and the quick fix (title and message in plain text, as plainText.ts renders them) adds it as the document's first line; a settings change is seen.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { WorkspaceClient } from '../e2e/workspaceClient';

const ACCOUNT = [
  'kind: StorageAccount',
  'metadata:',
  '  name: stordersprod',
  'spec:',
  '  location: westeurope',
  '  owner:',
  '    name: rg-orders',
  '  kind: StorageV2',
  '  sku:',
  '    name: Standard_LRS',
  '',
].join('\r\n');

const RG =
  'apiVersion: resources.contoso.io/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westeurope\n';

const editsOf = (a: CodeAction, uri: string): TextEdit[] => {
  const e = a.edit!;
  if (e.documentChanges)
    return (e.documentChanges as { textDocument: { uri: string }; edits: TextEdit[] }[]).find(
      (c) => c.textDocument.uri === uri,
    )!.edits;
  return e.changes![uri];
};

describe('a missing apiVersion through the server', () => {
  const dirs: string[] = [];
  const folder = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'cm-missing-api-'));
    dirs.push(root);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    return root;
  };
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** The missing-required diagnostic of the account and its quick fixes. */
  async function fixesOf(client: WorkspaceClient, uri: string): Promise<{ d: Diagnostic; actions: CodeAction[] }> {
    const diags = await client.open(uri, ACCOUNT);
    const d = diags.find((x) => x.code === 'missing-required');
    assert.ok(d, JSON.stringify(diags));
    const actions = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    })) as CodeAction[];
    return { d, actions };
  }

  test('with cloudManifests.apiDomain: its domain, and the fix adds the line (CRLF kept)', async () => {
    const root = folder({ 'rg.yaml': RG });
    const client = new WorkspaceClient({ rootDir: root, settings: { apiDomain: 'azure.com' } });
    try {
      await client.initialize();
      await client.waitForScans(1);
      const uri = pathToFileURL(join(root, 'account.yaml')).href;
      const { d, actions } = await fixesOf(client, uri);
      assert.deepEqual(d.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } });
      assert.match(
        String(d.message),
        /^The manifest is missing required field 'apiVersion': write 'apiVersion: storage\.azure\.com\/v20220901'/,
      );
      const add = actions.find((a) => a.title === "Add 'apiVersion: storage.azure.com/v20220901'");
      assert.ok(add, actions.map((a) => a.title).join(' | '));
      assert.equal(add.isPreferred, true);
      const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, ACCOUNT), editsOf(add, uri));
      assert.equal(fixed, `apiVersion: storage.azure.com/v20220901\r\n${ACCOUNT}`);
      // The setting changed: the open document's message follows.
      await client.conn.sendNotification('workspace/didChangeConfiguration', {
        settings: { cloudManifests: { apiDomain: 'example.org' } },
      });
      const changed = await client.waitForDiagnostics(uri, (p) =>
        p.diagnostics.some((x) => String(x.message).includes('storage.example.org/v20220901')),
      );
      assert.equal(changed.diagnostics.length, 1);
      const after = await client.change(uri, fixed);
      assert.deepEqual(
        after.map((x) => x.code),
        [],
      );
    } finally {
      await client.stop();
    }
  });

  test('without the setting: the domain the workspace uses', async () => {
    const root = folder({ 'rg.yaml': RG });
    const client = new WorkspaceClient({ rootDir: root });
    try {
      await client.initialize();
      await client.waitForScans(1);
      const uri = pathToFileURL(join(root, 'account.yaml')).href;
      const { d, actions } = await fixesOf(client, uri);
      assert.match(String(d.message), /write 'apiVersion: storage\.contoso\.io\/v20220901'/);
      assert.deepEqual(
        actions.map((a) => a.title),
        ["Add 'apiVersion: storage.contoso.io/v20220901'", 'Disable missing-required for this line'],
      );
    } finally {
      await client.stop();
    }
  });
});
