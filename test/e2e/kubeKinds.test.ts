// Kubernetes' own kinds (model/kube/) through the CLI and the language server: a Deployment and a ConfigMap
// with one mistake each of five kinds get the same five errors, at the same places, from both.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from './workspaceClient';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

const MISTAKES = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
  selectr:
    matchLabels: {app: web}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx
          imagePullPolicy: Sometimes
          ports:
            - containerPort: 99999
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data:
  a: 1
`;

/** `line:col code`, each a mistake of MISTAKES: one error each. */
const EXPECTED = [
  '6:13 error wrong-type',
  '7:3 error unknown-field',
  '15:28 error enum-value',
  '17:30 error value-range',
  '23:6 error wrong-type',
];

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-kube-'));
  dirs.push(root);
  writeFileSync(join(root, 'app.yaml'), MISTAKES);
  return root;
}

test('kube kinds, the CLI: a mistyped, misspelt, unlisted and out-of-range value, one error each', () => {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], {
    cwd: workspace(),
    encoding: 'utf8',
  });
  assert.equal(r.status, 1, r.stderr);
  const problems = (
    JSON.parse(r.stdout) as {
      problems: { line: number; column: number; severity: string; code: string; message: string }[];
    }
  ).problems;
  assert.deepEqual(
    problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`),
    EXPECTED,
    problems.map((p) => p.message).join('\n'),
  );
  assert.match(problems[1].message, /no field 'selectr'\. Did you mean 'selector' \(required, and missing\)\?/);
  assert.match(problems[2].message, /allowed: 'Always', 'IfNotPresent' or 'Never'/);
  assert.match(problems[3].message, /at least 1 and at most 65535/);
});

test('kube kinds, the editor: the same five errors on the open document', async () => {
  const root = workspace();
  const client = new WorkspaceClient({ rootDir: root, pull: true });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'app.yaml')).href;
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: MISTAKES },
    });
    const r = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri },
    });
    const items = r.kind === 'full' ? r.items : [];
    const severity = ['', 'error', 'warning', 'info', 'hint'];
    assert.deepEqual(
      items.map(
        (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${severity[d.severity ?? 1]} ${d.code}`,
      ),
      EXPECTED,
      items.map((d) => d.message).join('\n'),
    );
  } finally {
    await client.stop();
  }
});
