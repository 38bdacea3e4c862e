// End-to-end: references between Kubernetes objects through the real server (in-process) on a workspace in
// a temporary folder: the information and warning an open Deployment gets, go to definition from a
// `secretKeyRef` to the operator's `operatorSpec` destination that writes the Secret, find references on a
// ConfigMap's name, rename of the ConfigMap with its references, and the referrer published again when the
// missing ConfigMap appears on disk.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { WorkspaceClient } from './workspaceClient';

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

const STORE = `apiVersion: resources.cloud.example.com/v20200601
kind: ResourceGroup
metadata:
  name: rg
spec:
  location: westus2
---
apiVersion: appconfiguration.cloud.example.com/v20240601
kind: ConfigurationStore
metadata:
  name: store
spec:
  location: westus2
  owner:
    name: rg
  sku:
    name: standard
  operatorSpec:
    secrets:
      primaryConnectionString:
        name: store-secrets
        key: primaryConnectionString
`;

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-settings
data:
  timeout: "45"
`;

const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx
          envFrom:
            - configMapRef:
                name: app-settings
          env:
            - name: TIMEOUT
              valueFrom:
                configMapKeyRef:
                  name: app-settings
                  key: timout
            - name: CONNECTION
              valueFrom:
                secretKeyRef:
                  name: store-secrets
                  key: primaryConnectionString
            - name: FEATURES
              valueFrom:
                configMapKeyRef:
                  name: features
                  key: flags
`;

function pos(text: string, needle: string, nth = 0, delta = 1): { line: number; character: number } {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  const lines = text.slice(0, i + delta).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

const textAt = (text: string, r: Range) => text.split('\n')[r.start.line].slice(r.start.character, r.end.character);

describe('references between Kubernetes objects through the server', () => {
  let root: string;
  let client: WorkspaceClient;
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const files: Record<string, string> = { 'store.yaml': STORE, 'config.yaml': CONFIG, 'app.yaml': APP };

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kube-refs-'));
    for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text);
    client = new WorkspaceClient({ rootDir: root });
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('an open Deployment: information for the missing ConfigMap, a warning for the key the other does not define', async () => {
    const diags = await client.open(uri('app.yaml'), APP);
    assert.deepEqual(
      diags.map((d) => `${d.range.start.line + 1} ${d.code} ${d.severity} ${textAt(APP, d.range)}`),
      ['25 object-key-not-found 2 timout', '34 object-not-found 3 features'],
    );
    assert.match(String(diags[0].message), /did you mean 'timeout'\?/);
    await client.close(uri('app.yaml'));
  });

  test('definition from a secretKeyRef leads to the operatorSpec destination that writes the Secret', async () => {
    await client.open(uri('app.yaml'), APP);
    const defs = await client.request<{ uri: string; range: Range }[]>('textDocument/definition', {
      textDocument: { uri: uri('app.yaml') },
      position: pos(APP, 'store-secrets'),
    });
    assert.deepEqual(
      defs.map((d) => [relative(root, new URL(d.uri).pathname), d.range.start.line + 1, textAt(STORE, d.range)]),
      [['store.yaml', 21, 'store-secrets']],
    );
    await client.close(uri('app.yaml'));
  });

  test('references on the ConfigMap’s name, then rename of it with its references', async () => {
    await client.open(uri('config.yaml'), CONFIG);
    const at = pos(CONFIG, 'app-settings');
    const refs = await client.request<{ uri: string; range: Range }[]>('textDocument/references', {
      textDocument: { uri: uri('config.yaml') },
      position: at,
      context: { includeDeclaration: true },
    });
    assert.deepEqual(refs.map((r) => `${relative(root, new URL(r.uri).pathname)}:${r.range.start.line + 1}`).sort(), [
      'app.yaml:19',
      'app.yaml:24',
      'config.yaml:4',
    ]);
    const edit = await client.request<{ changes: Record<string, { range: Range; newText: string }[]> }>(
      'textDocument/rename',
      { textDocument: { uri: uri('config.yaml') }, position: at, newName: 'web-settings' },
    );
    const changed = Object.entries(edit.changes)
      .flatMap(([u, es]) =>
        es.map((e) => `${relative(root, new URL(u).pathname)}:${e.range.start.line + 1} ${e.newText}`),
      )
      .sort();
    assert.deepEqual(changed, ['app.yaml:19 web-settings', 'app.yaml:24 web-settings', 'config.yaml:4 web-settings']);
    await client.close(uri('config.yaml'));
  });

  test('the missing ConfigMap created on disk: the open Deployment loses its information', async () => {
    await client.open(uri('app.yaml'), APP);
    const features = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: features\ndata:\n  flags: a,b\n';
    writeFileSync(join(root, 'features.yaml'), features);
    await client.filesChanged({ uri: uri('features.yaml'), type: 1 });
    const p = await client.waitForDiagnostics(uri('app.yaml'), (d) =>
      d.diagnostics.every((x) => x.code !== 'object-not-found'),
    );
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      ['object-key-not-found'],
    );
    await client.close(uri('app.yaml'));
  });
});
