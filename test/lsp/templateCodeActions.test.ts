// Quick fixes in a Helm template through the real server (in-process over streams): a problem in the
// `else` branch of an if/else gets its "Disable" comment at the indentation of its own line, as one in the
// first branch does (the checks read each branch in its own variant of the masked template). The fixes a
// message names are offered, and fix-all makes them, where their edits touch only what the mask left as
// written (service/workspace/helm/literalEdits.ts): never an action, never a line next to a control action.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { FIXABLE_TEMPLATE_LINES, STATUS_WITH_ACTION } from '../helpers/manifests';

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

const FIXABLE = [...FIXABLE_TEMPLATE_LINES, ...STATUS_WITH_ACTION, ''].join('\n');

/** The edits of a code action, applied to a text. */
function applied(uri: string, text: string, a: CodeAction): string {
  const e = a.edit!;
  const edits: TextEdit[] = e.documentChanges
    ? (e.documentChanges as { edits: TextEdit[] }[])[0].edits
    : e.changes![uri];
  return TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), edits);
}
const actionsOf = (t: string) => t.match(/\{\{[\s\S]*?\}\}/g);

test('the fixes messages name, made where the mask left the text as written; none that would touch an action', async () => {
  await client.initialize();
  await client.waitForScans(1);
  const uri = pathToFileURL(join(root, 'templates', 'fixable.yaml')).href;
  const diags = await client.open(uri, FIXABLE);
  const ask = async (code: string, line: number) => {
    const d = diags.find((x) => x.code === code && x.range.start.line === line);
    assert.ok(d, `${code} at line ${line + 1}: ${JSON.stringify(diags.map((x) => [x.code, x.range.start.line]))}`);
    return (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    })) as CodeAction[];
  };
  // In the else branch, beside an action in a flow mapping, and on a line of its own.
  for (const [line, fixedLine] of [
    [13, '  accessTier: Cool'],
    [9, '  sku: { name: {{ .Values.sku }}, tier: Standard }'],
    [15, '  minimumTlsVersion: TLS1_2'],
  ] as const) {
    const change = (await ask('enum-case', line)).find((a) => a.title.startsWith('Change to'));
    assert.ok(change, `no fix at line ${line + 1}`);
    const after = applied(uri, FIXABLE, change);
    assert.equal(after.split('\n')[line], fixedLine);
    assert.deepEqual(actionsOf(after), actionsOf(FIXABLE));
  }
  // Removing the status block would remove an action: only "Disable" is offered.
  const status = await ask('status-read-only', 16);
  assert.deepEqual(
    status.map((a) => a.title),
    ['Disable status-read-only for this line'],
  );
  // Fix-all (as on save): the three values fixed, every action as it was, and the template checked again
  // has none of those problems left and nothing new.
  const all = (await client.conn.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll.cloudManifests'] },
  })) as CodeAction[];
  assert.equal(all.length, 1);
  const fixed = applied(uri, FIXABLE, all[0]);
  assert.deepEqual(actionsOf(fixed), actionsOf(FIXABLE));
  assert.deepEqual(
    fixed.split('\n').filter((l, i) => l !== FIXABLE.split('\n')[i]),
    ['  sku: { name: {{ .Values.sku }}, tier: Standard }', '  accessTier: Cool', '  minimumTlsVersion: TLS1_2'],
  );
  const again = await client.open(pathToFileURL(join(root, 'templates', 'fixable-fixed.yaml')).href, fixed);
  assert.deepEqual(
    again.map((d) => d.code),
    ['status-read-only'],
  );
});
