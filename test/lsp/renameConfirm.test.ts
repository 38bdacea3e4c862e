// Renaming a resource that holds data deletes it and its data (a new `metadata.name` is a delete and a
// create): with a client that takes change annotations, every edit of such a rename carries one that needs
// confirmation and names what is lost, so the editor shows the edits before applying any (VS Code's
// refactor preview) rather than warning after the rename. A resource that holds nothing, and a client
// without the capability, get the plain edits as before.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { AnnotatedTextEdit, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { WorkspaceClient } from '../e2e/workspaceClient';

const FILES: Record<string, string> = {
  'group.yaml':
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westeurope\n',
  'account.yaml': `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata:
  name: ingestblobs
spec:
  owner:
    name: ingeststore
`,
};

const renameIn = (
  annotations: boolean,
): { edit: (file: string, line: number, character: number, newName: string) => Promise<WorkspaceEdit> } => {
  const root = mkdtempSync(join(tmpdir(), 'cm-rename-confirm-'));
  const client = new WorkspaceClient({
    rootDir: root,
    workspaceEdit: {
      documentChanges: true,
      ...(annotations ? { changeAnnotationSupport: { groupsOnLabel: true } } : {}),
    },
  });
  before(async () => {
    for (const [rel, text] of Object.entries(FILES)) writeFileSync(join(root, rel), text);
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    edit: async (file, line, character, newName) => {
      const uri = pathToFileURL(join(root, file)).href;
      await client.open(uri, FILES[file], 'yaml', 1);
      return client.request<WorkspaceEdit>('textDocument/rename', {
        textDocument: { uri },
        position: { line, character },
        newName,
      });
    },
  };
};

const editsOf = (e: WorkspaceEdit) =>
  (e.documentChanges as TextDocumentEdit[]).flatMap((c) => c.edits as AnnotatedTextEdit[]);

describe('rename of a resource that holds data, with a client that takes change annotations', () => {
  const r = renameIn(true);

  for (const from of [
    { what: 'its metadata.name', line: 3, character: 10 },
    { what: 'the owner that names it', line: 18, character: 12 },
  ])
    test(`from ${from.what}: every edit needs confirmation, naming what is lost`, async () => {
      const e = await r.edit('account.yaml', from.line, from.character, 'lakestore');
      const edits = editsOf(e);
      assert.equal(edits.length, 2);
      assert.deepEqual(
        edits.map((x) => x.newText),
        ['lakestore', 'lakestore'],
      );
      const ids = new Set(edits.map((x) => x.annotationId));
      assert.equal(ids.size, 1);
      const annotation = e.changeAnnotations?.[[...ids][0] as string];
      assert.deepEqual(annotation, {
        label: "Deletes the StorageAccount 'ingeststore' with its blobs, files, queues and tables",
        description:
          "Renaming 'ingeststore' deletes the StorageAccount 'ingeststore' and creates a new one: its blobs, files, queues and tables are lost.",
        needsConfirmation: true,
      });
    });

  test('a resource that holds no data is renamed without asking', async () => {
    const e = await r.edit('group.yaml', 3, 8, 'rg2');
    assert.equal(e.changeAnnotations, undefined);
    const edits = editsOf(e);
    assert.equal(edits.length, 2);
    assert.ok(edits.every((x) => x.annotationId === undefined));
  });
});

describe('rename of a resource that holds data, with a client without change annotations', () => {
  const r = renameIn(false);
  test('the plain edits, as before', async () => {
    const e = await r.edit('account.yaml', 3, 10, 'lakestore');
    assert.equal(e.changeAnnotations, undefined);
    const edits = editsOf(e);
    assert.equal(edits.length, 2);
    assert.ok(edits.every((x) => x.annotationId === undefined));
  });
});
