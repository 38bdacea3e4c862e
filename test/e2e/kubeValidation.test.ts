// The API server's validation beyond the schema (checks/kube/) through the CLI and the language server: a
// Deployment whose selector misses its template's labels and whose container mounts no volume, a CronJob
// with an hour 25, and a TLS Secret without its key get the same four errors, at the same places, from both.
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
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: web
          image: nginx
          volumeMounts:
            - {name: config, mountPath: /etc/web}
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 25 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: job, image: busybox}]
---
apiVersion: v1
kind: Secret
metadata:
  name: cert
type: kubernetes.io/tls
data:
  tls.crt: LS0tLS1CRUdJTg==
`;

/** `line:col severity code`, one per mistake of MISTAKES. */
const EXPECTED = [
  '10:7 error kube-selector',
  '16:22 error kube-volume-mount',
  '23:13 error kube-cron-schedule',
  '35:7 error kube-secret-type',
];

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-kubeval-'));
  dirs.push(root);
  writeFileSync(join(root, 'app.yaml'), MISTAKES);
  return root;
}

test('kube validation, the CLI: selector, volume mount, schedule and Secret type, one error each', () => {
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
  assert.match(problems[0].message, /'spec\.selector' does not match the template's labels/);
  assert.match(problems[1].message, /Volume mount "config" .* names no volume of the pod/);
  assert.match(problems[2].message, /has 25 in the hour field, above its maximum 23/);
  assert.match(problems[3].message, /needs 'tls\.key' in 'data' or 'stringData'/);
});

test('kube validation, the editor: the same four errors on the open document', async () => {
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
