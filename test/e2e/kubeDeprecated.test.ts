// A deprecated apiVersion of a built-in kind (issue 44, point 3) through the CLI (`--kubernetes-version`) and
// the language server (the `kubernetesVersion` setting): the same warning, on the same value, from both.
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

const PDB = `apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels: {app: zookeeper}
`;

const EXPECTED = ['1:13 warning api-version-deprecated'];
// Plain text, as the CLI and the editor show a message (backquotes as quotes).
const MESSAGE =
  /^'policy\/v1beta1' PodDisruptionBudget is deprecated since Kubernetes 1\.22 \(the targeted release is 1\.24\) and removed in 1\.25\. Write 'policy\/v1'/;

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-kube-dep-'));
  dirs.push(root);
  writeFileSync(join(root, 'pdb.yaml'), PDB);
  return root;
}

test('kube deprecation, the CLI: --kubernetes-version 1.24 warns; the default release refuses it', () => {
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args, '.'], {
      cwd: workspace(),
      encoding: 'utf8',
    });
    return (
      JSON.parse(r.stdout) as {
        problems: { line: number; column: number; severity: string; code: string; message: string }[];
      }
    ).problems;
  };
  const at24 = run('--kubernetes-version', '1.24');
  assert.deepEqual(
    at24.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`),
    EXPECTED,
  );
  assert.match(at24[0].message, MESSAGE);
  assert.deepEqual(
    run().map((p) => `${p.severity} ${p.code}`),
    ['error api-version-removed'],
  );
});

test('kube deprecation, the editor: the same warning with kubernetesVersion 1.24', async () => {
  const root = workspace();
  const client = new WorkspaceClient({ rootDir: root, pull: true, settings: { kubernetesVersion: '1.24' } });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'pdb.yaml')).href;
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: PDB },
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
    );
    assert.match(String(items[0].message), MESSAGE);
  } finally {
    await client.stop();
  }
});
