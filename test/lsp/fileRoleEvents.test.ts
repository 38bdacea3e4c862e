// A kustomization or a Chart.yaml created, changed or deleted on disk (workspace/didChangeWatchedFiles)
// changes what other files are: a patch, a Helm template, or a plain manifest again. Their diagnostics are
// published again at once, open or closed: no stale "missing kind" on a file that became a patch, no stale
// silence on one that is a manifest again; the same for templates.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { account, docs, rg } from '../workspace/helpers';

const PATCH = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  minimumTlsVersion: TLS1_9
`;
const TEMPLATE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  labels:
    {{- include "chart.labels" . | nindent 4 }}
spec:
  location: {{ .Values.location | quote }}
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: {{ .Values.group }}
  accessTier: Lukewarm
`;
const KUSTOMIZATION = 'resources:\n  - ../../base\npatches:\n  - path: patch.yaml\n';
const CHART = 'apiVersion: v2\nname: store\nversion: 0.1.0\n';

const codes = (ds: readonly Diagnostic[]) => [...new Set(ds.map((d) => String(d.code)))].sort();

function workspace(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'cm-role-events-'));
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return { root, write, uri: (rel: string) => pathToFileURL(join(root, rel)).href };
}

for (const open of [true, false])
  describe(`file roles changed on disk: the ${open ? 'open' : 'closed'} files they concern are published again`, () => {
    const ws = workspace({
      'base/kustomization.yaml': 'resources:\n  - all.yaml\n',
      'base/all.yaml': docs(rg('rg'), account('acct', 'rg')),
      'overlays/prod/patch.yaml': PATCH,
      'chart/templates/account.yaml': TEMPLATE,
    });
    const client = new WorkspaceClient({ rootDir: ws.root });
    const patch = ws.uri('overlays/prod/patch.yaml');
    const template = ws.uri('chart/templates/account.yaml');
    /** The next diagnostics of `uri` whose codes are `want`. */
    const published = (uri: string, want: string[]): Promise<PublishDiagnosticsParams> =>
      client
        .waitForDiagnostics(uri, (p) => JSON.stringify(codes(p.diagnostics)) === JSON.stringify(want), 20000)
        .catch((e: Error) => {
          const last = client.published().get(uri);
          throw new Error(`${e.message}; last published: ${last ? codes(last.diagnostics).join(', ') : 'nothing'}`);
        });
    before(async () => {
      await client.initialize();
      await client.waitForScans(1);
      if (open) {
        await client.open(patch, PATCH);
        await client.open(template, TEMPLATE);
      }
    });
    after(async () => {
      await client.stop();
      rmSync(ws.root, { recursive: true, force: true });
    });

    test('a kustomization created makes a file a patch; deleted, a manifest again', async () => {
      // Alone, the patch is a manifest missing most of what a StorageAccount needs.
      const before = await published(patch, ['enum-value', 'missing-required']);
      assert.ok(before.diagnostics.some((d) => /location/.test(String(d.message))));
      ws.write('overlays/prod/kustomization.yaml', KUSTOMIZATION);
      await client.filesChanged({ uri: ws.uri('overlays/prod/kustomization.yaml'), type: 1 });
      const asPatch = await published(patch, ['enum-value']);
      assert.equal(asPatch.diagnostics.length, 1);
      assert.equal(asPatch.diagnostics[0].range.start.line, 5);
      // Changed to name another file: no longer a patch.
      ws.write('overlays/prod/kustomization.yaml', KUSTOMIZATION.replace('patch.yaml', 'other.yaml'));
      await client.filesChanged({ uri: ws.uri('overlays/prod/kustomization.yaml'), type: 2 });
      await published(patch, ['enum-value', 'missing-required']);
      ws.write('overlays/prod/kustomization.yaml', KUSTOMIZATION);
      await client.filesChanged({ uri: ws.uri('overlays/prod/kustomization.yaml'), type: 2 });
      await published(patch, ['enum-value']);
      unlinkSync(join(ws.root, 'overlays/prod/kustomization.yaml'));
      await client.filesChanged({ uri: ws.uri('overlays/prod/kustomization.yaml'), type: 3 });
      await published(patch, ['enum-value', 'missing-required']);
    });

    test('a Chart.yaml created makes the files under its templates/ templates; deleted, plain YAML again', async () => {
      // Without a chart, the actions are YAML: flow mappings and syntax errors.
      const plain = await client.waitForDiagnostics(template, (p) => codes(p.diagnostics).length > 1, 20000);
      assert.ok(plain.diagnostics.length > 1);
      ws.write('chart/Chart.yaml', CHART);
      await client.filesChanged({ uri: ws.uri('chart/Chart.yaml'), type: 1 });
      const masked = await published(template, ['enum-value']);
      assert.equal(masked.diagnostics.length, 1);
      assert.equal(masked.diagnostics[0].range.start.line, 13);
      unlinkSync(join(ws.root, 'chart/Chart.yaml'));
      await client.filesChanged({ uri: ws.uri('chart/Chart.yaml'), type: 3 });
      await client.waitForDiagnostics(template, (p) => p.diagnostics.length > 1, 20000);
    });
  });
