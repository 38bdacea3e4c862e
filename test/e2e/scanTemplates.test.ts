// The workspace scan parses a Helm template as a template (its actions masked): with workspace-wide problems
// (the default) it read each one as plain YAML first, an error per action, and then again masked: for 30,000
// nested if/else that was 360,000 YAML errors, seconds of CPU and a gigabyte (issue 30). Observed on the
// texts the server parses: no chunk holding an action is ever parsed.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { rg } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

const TEMPLATE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  labels:
{{- if .Values.a }}
    a: {{ .Values.a }}
{{- else }}
    b: x
{{- end }}
spec:
  location: westus2
  owner:
    name: rg-app
`;

const ws = mkdtempSync(join(tmpdir(), 'cm-scan-templates-'));
after(() => rmSync(ws, { recursive: true, force: true }));

test("the scan parses a chart's template only as a template, never its actions as YAML", async () => {
  const files = {
    'rg.yaml': rg('rg-app'),
    'chart/Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
    'chart/templates/t.yaml': TEMPLATE,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(ws, rel, '..'), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  const client = new WorkspaceClient({ rootDir: ws });
  // Every chunk text the analysis parses (its store's hook for its work counters).
  const parsed: string[] = [];
  const store = (client.serverState!.host as unknown as { store: { parsed(c: { text: string }): void } }).store;
  const count = store.parsed.bind(store);
  store.parsed = (c) => {
    parsed.push(c.text);
    count(c);
  };
  try {
    await client.initialize();
    await client.waitForScans(1);
    // The template was parsed (masked: its literal text is there, its actions are not).
    assert.ok(
      parsed.some((t) => t.includes('location: westus2') && t.includes('name: rg-app')),
      parsed.join('\n---\n'),
    );
    assert.deepEqual(
      parsed.filter((t) => t.includes('{{')),
      [],
    );
  } finally {
    await client.stop();
  }
});
