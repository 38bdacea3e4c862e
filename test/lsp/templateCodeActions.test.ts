// Quick fixes in a Helm template through the real server (in-process over streams): a problem in the
// `else` branch of an if/else gets its "Disable" comment at the indentation of its own line, as one in the
// first branch does (the checks read each branch in its own variant of the masked template).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import { WorkspaceClient } from '../e2e/workspaceClient';

const TEMPLATE = [
  'apiVersion: storage.cloud.example.com/v20220901',
  'kind: StorageAccount',
  'metadata:',
  '  name: {{ .Release.Name }}',
  'spec:',
  '  location: {{ .Values.location }}',
  '  owner:',
  '    name: {{ .Values.rg }}',
  '  kind: StorageV2',
  '  sku:',
  '    name: Standard_LRS',
  '  {{- if .Values.tls }}',
  '  minimumTlsVersion: {{ .Values.tls }}',
  '  {{- else }}',
  '  minimumTlsVersion: TLS1_3',
  '  {{- end }}',
  '',
].join('\n');

const root = mkdtempSync(join(tmpdir(), 'cm-template-actions-'));
mkdirSync(join(root, 'templates'));
writeFileSync(join(root, 'Chart.yaml'), 'apiVersion: v2\nname: shop\nversion: 0.1.0\n');
writeFileSync(join(root, 'templates', 'account.yaml'), TEMPLATE);
const client = new WorkspaceClient({ rootDir: root });
after(async () => {
  await client.stop();
  rmSync(root, { recursive: true, force: true });
});

test('a problem in an else branch: the Disable comment is indented as its line, and the problem is gone', async () => {
  await client.initialize();
  await client.waitForScans(1);
  const uri = pathToFileURL(join(root, 'templates', 'account.yaml')).href;
  const diags = await client.open(uri, TEMPLATE);
  const d = diags.find((x) => x.code === 'enum-value');
  assert.ok(d, JSON.stringify(diags));
  assert.equal(d.range.start.line, 14);
  const actions = (await client.conn.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d], only: ['quickfix'] },
  })) as CodeAction[];
  const disable = actions.find((a) => /^Disable enum-value/.test(a.title));
  assert.ok(disable, JSON.stringify(actions.map((a) => a.title)));
  const e = disable.edit!;
  const edits: TextEdit[] = e.documentChanges
    ? (e.documentChanges as { edits: TextEdit[] }[])[0].edits
    : e.changes![uri];
  const after = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, TEMPLATE), edits).split('\n');
  assert.equal(after[14], '  # cloud-manifests-disable-next-line enum-value');
  assert.equal(after[15], '  minimumTlsVersion: TLS1_3');
  // The fixed template, opened beside it: nothing left, nothing new.
  const fixed = pathToFileURL(join(root, 'templates', 'fixed.yaml')).href;
  assert.deepEqual(await client.open(fixed, after.join('\n')), []);
});
