// What a Helm chart's templates show through the server, surface by surface: the code lens, the outline,
// the owner tree and completion read a template's actions as the user wrote them
// (`{{ .Values.name }}-blob`), never the mask the service checks them with (helm/mask.ts, read back in
// one place: helm/unmask.ts `asWritten`); owner-name completion never offers a name a template writes as
// an action. A real VS Code showed the mask on each of these (issue 31).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { OWNER_GRAPH, type OwnerGraphResult } from '../../server/src/protocol/customRequests';
import { WorkspaceClient } from '../e2e/workspaceClient';

const D = 'storage.cloud.example.com/v20220901';
const ACCOUNT = `apiVersion: ${D}
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  namespace: {{ .Release.Namespace }}
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: {{ .Values.group }}
`;
// The container's owner is the blob service the chart does not hold: an owner "not in workspace".
const CONTAINER = `apiVersion: ${D}
kind: StorageAccountsBlobServicesContainer
metadata:
  name: {{ .Values.name }}-logs
  namespace: {{ .Release.Namespace }}
spec:
  owner:
    name: {{ .Values.name }}-blob
`;
// Being written: the owner's name is where completion is asked.
const BLOB = `apiVersion: ${D}
kind: StorageAccountsBlobService
metadata:
  name: blob
  namespace: {{ .Release.Namespace }}
spec:
  owner:
    name: 
`;
const FILES: Record<string, string> = {
  'chart/Chart.yaml': 'apiVersion: v2\nname: store\nversion: 0.1.0\n',
  'chart/values.yaml': 'name: store\ngroup: rg\n',
  'chart/templates/account.yaml': ACCOUNT,
  'chart/templates/container.yaml': CONTAINER,
  'chart/templates/blob.yaml': BLOB,
};
/** The mask's characters (helm/mask.ts) or the old mask's run of underscores. */
const MASK = /[\uE000-\uF8FF]|__/;

describe("a Helm chart's templates as the user sees them through the server", () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-template-surfaces-'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({ rootDir: root });
  before(async () => {
    await client.initialize();
    await client.waitForScans(1);
    for (const rel of ['chart/templates/account.yaml', 'chart/templates/blob.yaml'])
      await client.open(uri(rel), FILES[rel]);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('the code lens reads the resource path with the action as written', async () => {
    const lenses = await client.request<{ command: { title: string; tooltip?: string; arguments: string[] } }[]>(
      'textDocument/codeLens',
      { textDocument: { uri: uri('chart/templates/account.yaml') } },
    );
    assert.ok(lenses.length > 0);
    const text = JSON.stringify(lenses);
    assert.doesNotMatch(text, MASK, text);
    assert.match(lenses[0].command.title, /storageAccounts\/\{\{ \.Values\.name \}\}/, lenses[0].command.title);
  });

  test('the outline shows the namespace and the name as written', async () => {
    const symbols = await client.request<unknown[]>('textDocument/documentSymbol', {
      textDocument: { uri: uri('chart/templates/account.yaml') },
    });
    const text = JSON.stringify(symbols);
    assert.doesNotMatch(text, MASK, text);
    assert.match(text, /\{\{ \.Release\.Namespace \}\}/);
    assert.match(text, /\{\{ \.Values\.name \}\}/);
  });

  test('the owner tree names an owner the chart does not hold as the template wrote it', async () => {
    const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
    const names = r.nodes.map((n) => `${n.name} ${n.kind}${n.external ? ' (external)' : ''}`);
    assert.ok(!names.some((n) => MASK.test(n)), names.join('\n'));
    assert.ok(names.includes('{{ .Values.name }}-blob StorageAccountsBlobService (external)'), names.join('\n'));
    assert.ok(names.includes('{{ .Values.name }}-logs StorageAccountsBlobServicesContainer'), names.join('\n'));
  });

  test("owner-name completion in a chart offers no template's action, and shows nothing masked", async () => {
    const line = BLOB.split('\n').indexOf('    name: ');
    const r = await client.request<{ items: { label: string }[] } | { label: string }[]>('textDocument/completion', {
      textDocument: { uri: uri('chart/templates/blob.yaml') },
      position: { line, character: '    name: '.length },
    });
    const items = Array.isArray(r) ? r : r.items;
    const text = JSON.stringify(items);
    assert.doesNotMatch(text, MASK, text);
    assert.ok(!items.some((i) => /\{\{/.test(i.label)), text);
  });

  test("workspace symbols name the chart's resources as written", async () => {
    const symbols = await client.request<{ name: string; containerName?: string }[]>('workspace/symbol', { query: '' });
    const text = JSON.stringify(symbols);
    assert.doesNotMatch(text, MASK, text);
    assert.ok(
      symbols.some((x) => x.name === 'StorageAccountsBlobServicesContainer {{ .Values.name }}-logs'),
      text,
    );
  });

  test('a name written as an action is not renamed, and the refusal names it as written', async () => {
    const line = ACCOUNT.split('\n').indexOf('  name: {{ .Values.name }}');
    const error = await client
      .request('textDocument/prepareRename', {
        textDocument: { uri: uri('chart/templates/account.yaml') },
        position: { line, character: 12 },
      })
      .then(
        (r) => `answered ${JSON.stringify(r)}`,
        (e: Error) => e.message,
      );
    assert.doesNotMatch(error, MASK, error);
    assert.match(error, /`\{\{ \.Values\.name \}\}` is written by a Helm template action/, error);
  });
});
