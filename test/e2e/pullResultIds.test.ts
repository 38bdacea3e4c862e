// Pulled diagnostics with result ids (lsp/events.ts): a client that sends the result id of its last report
// is told `unchanged` when nothing in it changed, and gets the whole report when anything did. What the
// client shows after each answer (its last report, or the new one) is what a fresh pull shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const account = (name: string, tls: string) =>
  [
    'apiVersion: storage.cloud.example.com/v20220901',
    'kind: StorageAccount',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  location: westeurope',
    '  kind: StorageV2',
    '  owner:',
    '    name: group',
    '  sku:',
    '    name: Standard_LRS',
    `  minimumTlsVersion: ${tls}`,
    '  tags:',
    '    team: storage',
    '',
  ].join('\n');

type Report = { kind: 'full'; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };

test('a pull with the last result id: unchanged when nothing changed, the whole report when anything did', async () => {
  // `fresh` is told the same edits and always pulls without an id: what a client with no report is given.
  const client = new TestClient({ pull: true, transport: 'in-process' });
  const fresh = new TestClient({ pull: true, transport: 'in-process' });
  await client.initialize();
  await fresh.initialize();
  try {
    const uri = client.uri('pulled.yaml');
    let text = [account('first', 'TLS1_9'), account('second', 'TLS1_2'), account('third', 'TLS1_0')].join('---\n');
    let version = 1;
    for (const c of [client, fresh])
      await c.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'yaml', version, text },
      });
    const pull = (previousResultId?: string, c = client) =>
      c.conn.sendRequest('textDocument/diagnostic', {
        textDocument: { uri },
        ...(previousResultId ? { previousResultId } : {}),
      }) as Promise<Report>;
    // The client's view: its last full report's items, kept while the server says `unchanged`.
    let shown: Diagnostic[] = [];
    let lastId: string | undefined;
    const step = async (): Promise<Report['kind']> => {
      const r = await pull(lastId);
      if (r.kind === 'full') shown = r.items;
      lastId = r.resultId;
      assert.ok(lastId, 'every report has a result id');
      const whole = await pull(undefined, fresh);
      assert.equal(whole.kind, 'full');
      assert.deepEqual(shown, (whole as { items: Diagnostic[] }).items);
      return r.kind;
    };
    const edit = async (from: string, to: string) => {
      const at = text.indexOf(from);
      assert.ok(at >= 0, from);
      text = text.slice(0, at) + to + text.slice(at + from.length);
      version++;
      for (const c of [client, fresh])
        await c.conn.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [{ text }],
        });
    };

    assert.equal(await step(), 'full');
    assert.ok(shown.length > 0, 'the file has problems');
    // Asked again, nothing changed.
    assert.equal(await step(), 'unchanged');
    // A document with no problem edited (as long as before): the problems are the same. (In a document
    // with one, its fix data, which names the document's text, changes with the text.)
    await edit('name: second', 'name: sekond');
    assert.equal(await step(), 'unchanged');
    // A new problem.
    await edit('minimumTlsVersion: TLS1_2', 'minimumTlsVersion: TLS1_8');
    assert.equal(await step(), 'full');
    assert.equal(shown.length, 2);
    // A line added above the problems: the same problems, further down.
    await edit('metadata:\n  name: first', 'metadata:\n  # a comment\n  name: first');
    assert.equal(await step(), 'full');
    // A result id the server did not give last: the whole report.
    const r = await pull('not-an-id');
    assert.equal(r.kind, 'full');
  } finally {
    await client.stop();
    await fresh.stop();
  }
});
