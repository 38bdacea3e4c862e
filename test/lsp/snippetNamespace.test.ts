// A new manifest's snippet (completion in an empty document, "New Cloud Resource Manifest…") writes the
// namespace its folder's manifests use, and offers the owners of that namespace first: where every manifest
// is in `data`, a snippet in `default` named an owner it would then not find (issue 31).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { account, docs, rg } from '../workspace/helpers';

const withNs = (text: string, ns: string) =>
  text.replace(/\n {2}name: ([^\n]+)\n/, `\n  name: $1\n  namespace: ${ns}\n`);
const FILES: Record<string, string> = {
  // The folder the new file is in: everything in `data`.
  'apps/all.yaml': docs(rg('rg-data', 'data'), withNs(account('datastore', 'rg-data'), 'data')),
  // More manifests elsewhere, in another namespace (and a group whose name sorts first).
  'other/all.yaml': docs(
    rg('aaa-other', 'other'),
    withNs(account('s1', 'aaa-other'), 'other'),
    withNs(account('s2', 'aaa-other'), 'other'),
  ),
  'apps/new.yaml': '',
  'fresh/new.yaml': '',
};

interface Item {
  label: string;
  textEdit?: { newText: string };
}

describe("a new manifest's snippet takes the namespace of its folder's manifests", () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-snippet-ns-'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({ rootDir: root });
  before(async () => {
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** The StorageAccount snippet offered in an empty file. */
  async function accountSnippet(rel: string): Promise<string> {
    await client.open(uri(rel), '');
    const r = await client.request<{ items: Item[] } | Item[]>('textDocument/completion', {
      textDocument: { uri: uri(rel) },
      position: { line: 0, character: 0 },
    });
    const items = Array.isArray(r) ? r : r.items;
    const item = items.find((i) => i.label.startsWith('StorageAccount (storage '));
    assert.ok(item?.textEdit, items.map((i) => i.label).join(', '));
    return item.textEdit.newText;
  }

  test('in a folder whose manifests are in `data`: namespace data, its group offered first', async () => {
    const snippet = await accountSnippet('apps/new.yaml');
    assert.match(snippet, /\n {2}namespace: \$\{\d+:data\}\n/, snippet);
    const owner = /\n {4}name: \$\{\d+\|([^|]*)\|\}/.exec(snippet);
    assert.ok(owner, snippet);
    assert.deepEqual(owner[1].split(','), ['rg-data', 'aaa-other']);
  });

  test('in a folder with no manifest: the namespace most of the workspace uses', async () => {
    const snippet = await accountSnippet('fresh/new.yaml');
    assert.match(snippet, /\n {2}namespace: \$\{\d+:other\}\n/, snippet);
    assert.match(snippet, /\n {4}name: \$\{\d+\|aaa-other,rg-data\|\}/, snippet);
  });
});

describe("a new manifest's snippet takes the location the workspace's manifests use most (issue 47)", () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-snippet-location-'));
  const inEurope = (text: string) => text.replace('location: westus\n', 'location: westeurope\n');
  const files: Record<string, string> = {
    'infra/all.yaml': docs(inEurope(rg('rg-eu')), inEurope(account('eustore', 'rg-eu'))),
    'infra/more.yaml': docs(inEurope(account('eulogs', 'rg-eu')), account('usstore', 'rg-eu')),
    'fresh/new.yaml': '',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const client = new WorkspaceClient({ rootDir: root });
  before(async () => {
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('three of four manifests in westeurope: the snippet writes westeurope, not the sample westus', async () => {
    const at = pathToFileURL(join(root, 'fresh/new.yaml')).href;
    await client.open(at, '');
    const r = await client.request<{ items: Item[] } | Item[]>('textDocument/completion', {
      textDocument: { uri: at },
      position: { line: 0, character: 0 },
    });
    const items = Array.isArray(r) ? r : r.items;
    for (const label of ['StorageAccount (storage ', 'ResourceGroup (resources ']) {
      const snippet = items.find((i) => i.label.startsWith(label))?.textEdit?.newText ?? '';
      assert.match(snippet, /\n {2}location: \$\{\d+:westeurope\}\n/, snippet);
    }
  });
});
