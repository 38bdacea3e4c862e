// The snippets of Kubernetes' own kinds through the language server (issue 44, point 1): offered by completion
// in an empty document, and each one, inserted with its defaults, gets no diagnostic from the server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from './workspaceClient';

const LABELS = [
  'Deployment (apps/v1)',
  'Service (v1)',
  'ConfigMap (v1)',
  'Secret (v1)',
  'Ingress (networking.k8s.io/v1)',
  'CronJob (batch/v1)',
];

/** What the editor inserts when every tab stop keeps its default and every choice its first value. */
const expand = (snippet: string) =>
  snippet
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$0/g, '');

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('kube snippets, the editor: offered in an empty file, each inserted clean', async () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-kube-snip-'));
  dirs.push(root);
  const c = new WorkspaceClient({ rootDir: root });
  try {
    await c.initialize();
    await c.waitForScans(1);
    const uri = c.uri('new.yaml');
    await c.open(uri, '');
    const answer = await c.request<CompletionList | CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    const items = Array.isArray(answer) ? answer : answer.items;
    for (const [i, label] of LABELS.entries()) {
      const item = items.find((x) => x.label === label);
      assert.ok(item, `${label} among ${items.map((x) => x.label).join(', ')}`);
      const text = expand((item.textEdit as TextEdit).newText);
      const other = c.uri(`snippet-${i}.yaml`);
      const diagnostics = await c.open(other, text);
      // Information (an object the cluster may hold, not in the workspace) is not a problem of the snippet.
      assert.deepEqual(
        diagnostics.filter((d) => (d.severity ?? 1) <= 2).map((d) => `${d.code} ${d.message}`),
        [],
        `${label}:\n${text}`,
      );
    }
  } finally {
    await c.stop();
  }
});
