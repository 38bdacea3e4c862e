// Snippets of Kubernetes' own kinds (issue 44, point 1): offered in an empty document and after `---`, and
// each one, expanded as the editor would with its defaults, checks clean — no error or warning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InsertTextFormat, type CompletionItem, type TextEdit } from 'vscode-languageserver-types';
import { Analysis } from '../../server/src/service/analysis';
import { complete } from '../../server/src/service/features/complete';
import { severityOf } from '../../server/src/service/checks/validate';

const KINDS = [
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

const snippetsAt = (a: Analysis, text: string) =>
  complete(a.parse(text), text.length).filter((i) => i.insertTextFormat === InsertTextFormat.Snippet);

const byLabel = (items: CompletionItem[], label: string) => {
  const found = items.find((i) => i.label === label);
  assert.ok(found, `${label} among ${items.map((i) => i.label).join(', ')}`);
  return found;
};

test('kube snippets: an empty document offers a Deployment, Service, ConfigMap, Secret, Ingress and CronJob', () => {
  const items = snippetsAt(new Analysis(), '');
  for (const label of KINDS) byLabel(items, label);
  const deployment = (byLabel(items, 'Deployment (apps/v1)').textEdit as TextEdit).newText;
  // One tab stop names the app everywhere: the selector matches the template's labels as the name is typed.
  assert.equal(deployment.match(/\$\{1:web\}/g)?.length, 5);
  assert.match(deployment, /selector:\n {4}matchLabels:\n {6}app: \$\{1:web\}/);
});

test('kube snippets: every one, expanded, checks clean (no error or warning), also after `---`', () => {
  const a = new Analysis();
  const first = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\ndata: {}\n---\n';
  const items = snippetsAt(a, first);
  for (const label of KINDS) {
    const edit = byLabel(items, label).textEdit as TextEdit;
    assert.deepEqual(edit.range.start, { line: 6, character: 0 }, label);
    const text = first + expand(edit.newText);
    // Information (an object the cluster may hold, not in the workspace) is not a problem of the snippet.
    const problems = a
      .fileDiagnostics('file:///w/new.yaml', a.parse(text))
      .filter((d) => severityOf(d) === 'error' || severityOf(d) === 'warning');
    assert.deepEqual(
      problems.map((d) => `${d.code}: ${d.message}`),
      [],
      `${label}:\n${text}`,
    );
  }
});
