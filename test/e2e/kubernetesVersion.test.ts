// The `kubernetesVersion` setting through the language server and through the CLI: the same diagnostics for a
// CRD whose rule calls `ip()` (usable in new rules from Kubernetes 1.31) and a manifest of its kind, at 1.30
// (the CRD refused, the manifest not judged by the rule) and at the default (the rule evaluated); and a change
// of the setting in the editor checks the open CRD and manifest again.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Diagnostic, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { crdText } from '../helpers/manifests';
import { WorkspaceClient } from './workspaceClient';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

const CRD = crdText({
  group: 'example.org',
  kind: 'Probe',
  plural: 'probes',
  spec: `              x-kubernetes-validations:
                - rule: ip(self.addr).family() == 4
                  message: addr must be an IPv4 address
              properties:
                addr: {type: string}
`,
});
const PROBE = 'apiVersion: example.org/v1\nkind: Probe\nmetadata:\n  name: p\nspec:\n  addr: "2001:db8::1"\n';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(settings?: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-kver-'));
  dirs.push(root);
  writeFileSync(join(root, 'crd.yaml'), CRD);
  writeFileSync(join(root, 'probe.yaml'), PROBE);
  if (settings) writeFileSync(join(root, '.cloud-manifests.json'), JSON.stringify(settings));
  return root;
}

/** `file line:col-line:col severity code message`, sorted. */
const key = (file: string, r: { l: number; c: number; el: number; ec: number }, rest: string) =>
  `${file} ${r.l}:${r.c}-${r.el}:${r.ec} ${rest}`;

function cli(root: string, ...args: string[]): string[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args, '.'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const problems = (
    JSON.parse(r.stdout) as {
      problems: {
        file: string;
        line: number;
        column: number;
        endLine: number;
        endColumn: number;
        severity: string;
        code: string;
        message: string;
      }[];
    }
  ).problems;
  return problems
    .map((p) =>
      key(p.file, { l: p.line, c: p.column, el: p.endLine, ec: p.endColumn }, `${p.severity} ${p.code} ${p.message}`),
    )
    .sort();
}

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];
const editor = (file: string, ds: readonly Diagnostic[]) =>
  ds.map((d) =>
    key(
      file,
      {
        l: d.range.start.line + 1,
        c: d.range.start.character + 1,
        el: d.range.end.line + 1,
        ec: d.range.end.character + 1,
      },
      `${SEVERITY[d.severity ?? 1]} ${d.code} ${d.message}`,
    ),
  );

const codes = (lines: string[]) => lines.map((l) => `${l.split(' ')[0]} ${l.split(' ')[3]}`);

describe('kubernetesVersion: the CLI and the editor say the same thing', () => {
  test('the CLI: --kubernetes-version and the settings file agree; the default evaluates the rule', () => {
    const flag = cli(workspace(), '--kubernetes-version', '1.30');
    assert.deepEqual(codes(flag), ['crd.yaml crd-rule-refused', 'probe.yaml crd-rule-not-run']);
    assert.match(flag[0], /does not compile on Kubernetes 1\.30: undeclared reference to 'ip'/);
    assert.deepEqual(cli(workspace({ kubernetesVersion: '1.30' })), flag);
    const latest = cli(workspace());
    assert.deepEqual(codes(latest), ['probe.yaml crd-validation']);
    assert.match(latest[0], /addr must be an IPv4 address/);
    // The flag wins over the settings file.
    assert.deepEqual(cli(workspace({ kubernetesVersion: '1.30' }), '--kubernetes-version', '1.36'), latest);
    const bad = spawnSync(process.execPath, [CLI, 'check', '--kubernetes-version', '2.1', '.'], {
      cwd: workspace(),
      encoding: 'utf8',
    });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--kubernetes-version expects a Kubernetes release such as 1\.31, got "2\.1"/);
  });

  test('the editor: the same diagnostics at 1.30, and again after the setting changes', async () => {
    const root = workspace();
    const expected = cli(root, '--kubernetes-version', '1.30');
    const client = new WorkspaceClient({ rootDir: root, pull: true, settings: { kubernetesVersion: '1.30' } });
    try {
      await client.initialize();
      await client.waitForScans(1);
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
        previousResultIds: [],
      });
      const closed = report.items
        .flatMap((i) => (i.kind === 'full' ? editor(i.uri.slice(i.uri.lastIndexOf('/') + 1), i.items) : []))
        .sort();
      assert.deepEqual(closed, expected);
      // Both files open, then the setting changed to the default: each is checked again.
      const pull = async (file: string) => {
        const r = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', {
          textDocument: { uri: pathToFileURL(join(root, file)).href },
        });
        return editor(file, r.kind === 'full' ? r.items : []);
      };
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: pathToFileURL(join(root, 'crd.yaml')).href, languageId: 'yaml', version: 1, text: CRD },
      });
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri: pathToFileURL(join(root, 'probe.yaml')).href,
          languageId: 'yaml',
          version: 1,
          text: PROBE,
        },
      });
      assert.deepEqual([...(await pull('crd.yaml')), ...(await pull('probe.yaml'))].sort(), expected);
      await client.conn.sendNotification('workspace/didChangeConfiguration', {
        settings: { cloudManifests: { kubernetesVersion: '1.36' } },
      });
      const latest = cli(root);
      let now: string[] = [];
      for (let i = 0; i < 100; i++) {
        now = [...(await pull('crd.yaml')), ...(await pull('probe.yaml'))].sort();
        if (JSON.stringify(now) === JSON.stringify(latest)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(now, latest);
      assert.deepEqual(codes(now), ['probe.yaml crd-validation']);
    } finally {
      await client.stop();
    }
  });
});
