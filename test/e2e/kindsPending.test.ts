// End-to-end: no publish known to be incomplete (issue 46). A manifest of a kind that a CRD of the workspace
// defines, opened while the scan is still finding and reading the workspace's CRDs, is not published as
// clean first and with the CRD's errors seconds later: it waits for the kinds (the scan's progress shows
// meanwhile), in push and in pull mode alike. A manifest of a kind already known is not held back.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from './workspaceClient';

const CRD = readFileSync(join(__dirname, '..', 'fixtures', 'crds', 'widgets', 'crd.yaml'), 'utf8');
/** `size: 15` is over the CRD's maximum: value-range, which only the CRD's kind can say. */
const WIDGET = 'apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 15\n';

/**
 * A workspace whose CRDs take the scan a while to read: the Widget CRD among many others of groups of their
 * own (each read, converted and checked like any CRD), and many files before them.
 */
function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-kinds-pending-'));
  mkdirSync(join(root, 'crds'));
  mkdirSync(join(root, 'apps'));
  const others = Array.from({ length: 400 }, (_, i) =>
    CRD.replace(/example\.org/g, `g${i}.example.org`).replace(/kind: Widget/, `kind: Widget${i}`),
  );
  writeFileSync(join(root, 'crds', 'bundle.yaml'), [...others, CRD].join('\n---\n'));
  for (let i = 0; i < 200; i++)
    writeFileSync(join(root, 'apps', `cm${i}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n`);
  return root;
}

const codes = (ds: readonly Diagnostic[]) => ds.map((d) => String(d.code)).sort();

test('e2e kinds pending: a manifest of a workspace CRD opened during the scan is first published with its errors', async () => {
  const root = workspace();
  const client = new WorkspaceClient({ rootDir: root });
  try {
    await client.initialize();
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    const cm = pathToFileURL(join(root, 'cm.yaml')).href;
    const published: PublishDiagnosticsParams[] = [];
    client.publishListeners.push((p) => {
      if (p.uri === uri || p.uri === cm) published.push(p);
    });
    // Opened before the scan has ended (its CRDs are read last).
    const [widget, configMap] = await Promise.all([
      client.open(uri, WIDGET),
      client.open(cm, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: 1\n'),
    ]);
    assert.ok(published.length > 0);
    assert.deepEqual(codes(widget), ['value-range'], "the first publish holds the CRD kind's error");
    for (const p of published.filter((x) => x.uri === uri))
      assert.deepEqual(codes(p.diagnostics), ['value-range'], 'no publish of the Widget without its error');
    // A kind known from the start (Kubernetes' own) did not wait for the CRDs: its error came with its publish.
    assert.ok(codes(configMap).length > 0, 'the ConfigMap is checked');
    // The scan's progress said the workspace was being read while the Widget waited.
    await client.waitForScans(1);
    assert.ok(client.progress.some((p) => p.value.kind === 'begin'));
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('e2e kinds pending: pulled diagnostics of such a manifest are answered once the CRDs are read', async () => {
  const root = workspace();
  const client = new WorkspaceClient({ rootDir: root, pull: true });
  try {
    await client.initialize();
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: WIDGET },
    });
    const report = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(codes(report.items), ['value-range']);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
