// A new (untitled) manifest is written for the workspace: its owner names complete from the workspace and
// resolve against it, and the whole-resource snippets of an empty document (which "New Cloud Resource
// Manifest…" inserts) offer the workspace's owners of the right kind for the owner placeholder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { account, blobService, container, eventSubscription, rg } from '../workspace/helpers';
import { cursor } from '../helpers/cursor';
import { WorkspaceClient } from './workspaceClient';

type Item = { label: string; textEdit?: { newText: string } };
const itemsOf = (res: Item[] | { items: Item[] }) => (Array.isArray(res) ? res : res.items);

describe('untitled manifests and the workspace', () => {
  let root: string;
  let client: WorkspaceClient;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'cm-untitled-'));
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    write('rg.yaml', `${rg('rg-app')}---\n${rg('rg-data')}`);
    write('storage/account.yaml', account('appstore', 'rg-app'));
    write('storage/blob.yaml', blobService('appstore-blob', 'appstore'));
    client = new WorkspaceClient({ rootDir: root });
    await client.initialize();
    await client.waitForScans(1);
  });

  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('owner.name completes from the workspace in an untitled document, and resolves there', async () => {
    const uri = 'untitled:Untitled-1';
    const { text, line, character } = cursor(container('downloads', '|'));
    await client.open(uri, text);
    const res = await client.request<Item[] | { items: Item[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character },
    });
    assert.deepEqual(
      itemsOf(res).map((i) => i.label),
      ['appstore-blob'],
    );
    // The owner found in the workspace: no "owner not found"; a name no file defines: information.
    assert.deepEqual(
      (await client.change(uri, container('downloads', 'appstore-blob'))).map((d) => d.code),
      [],
    );
    assert.deepEqual(
      (await client.change(uri, container('downloads', 'nowhere'))).map((d) => d.code),
      ['owner-not-found'],
    );
    await client.close(uri);
  });

  test('reference names complete from the workspace in an untitled document', async () => {
    const uri = 'untitled:Untitled-3';
    const owner = '    armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-app';
    const { text, line, character } = cursor(
      eventSubscription('to-queue', owner, { group: 'storage.cloud.example.com', kind: 'StorageAccount', name: '|' }),
    );
    await client.open(uri, text);
    const res = await client.request<Item[] | { items: Item[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character },
    });
    assert.deepEqual(
      itemsOf(res).map((i) => i.label),
      ['appstore'],
    );
    await client.close(uri);
  });

  test('the snippets of an empty document offer the workspace owners of the owner kind', async () => {
    const uri = 'untitled:Untitled-2';
    await client.open(uri, '');
    const res = await client.request<Item[] | { items: Item[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    const snippet = (label: string) => itemsOf(res).find((i) => i.label === label)!.textEdit!.newText;
    // A fixed owner kind (ResourceGroup): both resource groups, as a choice.
    assert.match(
      snippet('StorageAccount (storage v20220901)'),
      /\n {2}owner:\n {4}name: \$\{\d+\|rg-app,rg-data\|\}\n/,
    );
    assert.match(
      snippet('StorageAccountsBlobServicesContainer (storage v20220901)'),
      /\n {2}owner:\n {4}name: \$\{\d+\|appstore-blob\|\}\n/,
    );
    // An extension resource's snippet is owned by a resource group: the same choice after group and kind.
    assert.match(
      snippet('RoleAssignment (authorization v20220401)'),
      /\n {4}kind: ResourceGroup\n {4}name: \$\{\d+\|rg-app,rg-data\|\}\n/,
    );
    // No manifest of the owner kind in the workspace: the placeholder stays.
    assert.match(snippet('KeyValue (appconfiguration v20240601)'), /\n {4}name: \$\{\d+:[^}|]+\}\n/);
    await client.close(uri);
  });
});
