// End-to-end: the server (in-process) on a workspace holding a CRD bundle. The CRD's kinds are known once
// the scan ends (an open manifest of one is checked, completed and hovered), follow the CRD file when it
// changes on disk or is edited in the editor, and come from the `crds` setting for a bundle outside the
// workspace folder.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { CompletionItem, CompletionList, Hover } from 'vscode-languageserver-protocol/node';
import { load } from 'js-yaml';
import { WorkspaceClient } from './workspaceClient';

const CRD = readFileSync(join(__dirname, '..', 'fixtures', 'crds', 'widgets', 'crd.yaml'), 'utf8');
const CEL_CRD = readFileSync(join(__dirname, '..', 'fixtures', 'crds', 'cel', 'crd.yaml'), 'utf8');
const WIDGET = 'apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 15\n  \n';

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-crds-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const codes = (ds: { code?: string | number }[]) => ds.map((d) => String(d.code)).sort();

test('e2e crds: a bundle in the workspace makes kinds: checks, completion and hover; they follow the file', async () => {
  const root = folder({
    'crds/bundle.yaml': `${CRD}---\n${CEL_CRD}`,
    'other.yaml': 'a: 1\n',
    'closed.yaml': WIDGET.replace('name: w', 'name: closed'),
  });
  const client = new WorkspaceClient({ rootDir: root });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await client.open(uri, WIDGET)), ['value-range']);
    const items = await client.request<CompletionList | CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 6, character: 2 },
    });
    const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
    assert.ok(labels.includes('color') && labels.includes('ports'), labels.join(', '));
    const h = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 5, character: 3 },
    });
    assert.match(JSON.stringify(h.contents), /How many parts the widget has/);

    // A CEL rule's squiggle, as you type.
    const scaler = pathToFileURL(join(root, 's.yaml')).href;
    const ds = await client.open(
      scaler,
      'apiVersion: cel.example.org/v1\nkind: Scaler\nmetadata:\n  name: s-a\nspec:\n  minReplicas: 3\n  maxReplicas: 1\n',
    );
    // Also: `self.mode` fails at run time (no such key: an error, as the API server's), and the rule that does
    // not compile is said once not to be evaluated.
    assert.deepEqual(codes(ds), ['crd-rule-not-run', 'crd-validation', 'crd-validation']);
    assert.match(JSON.stringify(ds.map((d) => d.message)), /minReplicas must not exceed maxReplicas/);

    // The CRD changes on disk: the open manifest is checked with the new limit, and so is the file that is
    // not open, once the index is built again (in slices, after the open documents).
    const closed = pathToFileURL(join(root, 'closed.yaml')).href;
    await client.waitForDiagnostics(closed, (p) => codes(p.diagnostics).join() === 'value-range');
    writeFileSync(join(root, 'crds/bundle.yaml'), `${CRD.replace('maximum: 10', 'maximum: 20')}---\n${CEL_CRD}`);
    const wait = client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    const closedWait = client.waitForDiagnostics(closed, (p) => p.diagnostics.length === 0);
    await client.filesChanged({ uri: pathToFileURL(join(root, 'crds/bundle.yaml')).href, type: 2 });
    await wait;
    await closedWait;

    // Edited in the editor (not saved): the kinds follow the open document.
    const bundle = pathToFileURL(join(root, 'crds/bundle.yaml')).href;
    const again = client.waitForDiagnostics(uri, (p) => codes(p.diagnostics).join() === 'value-range');
    await client.open(bundle, `${CRD.replace('maximum: 10', 'maximum: 12')}---\n${CEL_CRD}`);
    await again;
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test("e2e crds: the crds setting never reads /proc: another process's folder stays unread", async () => {
  // /proc/<pid>/cwd leads into the folder another process runs in (here, one holding a CRD).
  const theirs = folder({ 'crds.yaml': CRD });
  const other = spawn('sleep', ['60'], { cwd: theirs, stdio: 'ignore' });
  const root = folder({ 'other.yaml': 'a: 1\n' });
  const client = new WorkspaceClient({ rootDir: root, settings: { crds: [`/proc/${other.pid}/cwd`] } });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await client.open(uri, WIDGET)), [], 'the Widget kind was not read');
    assert.ok(
      client.logs.some((l) => l.includes(`crds: /proc/${other.pid}/cwd: /proc, /sys and /dev are never read`)),
      client.logs.join('\n'),
    );
  } finally {
    other.kill();
    await client.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(theirs, { recursive: true, force: true });
  }
});

test('e2e crds: the crds setting names a bundle outside the workspace folder, watched from then on', async () => {
  const outside = folder({ 'operator/crds.yaml': CRD });
  const root = folder({ 'other.yaml': 'a: 1\n' });
  const client = new WorkspaceClient({ rootDir: root, settings: { crds: [join(outside, 'operator')] } });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await client.open(uri, WIDGET)), ['value-range']);

    // The folder outside the workspace is watched: the client is asked to, with a base folder.
    const until = Date.now() + 10_000;
    const watched = () =>
      client.registrations
        .filter((r) => r.method === 'workspace/didChangeWatchedFiles')
        .flatMap((r) => (r.registerOptions as { watchers: { globPattern: unknown }[] }).watchers)
        .map((w) => w.globPattern);
    while (!watched().some((g) => typeof g === 'object') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      watched().filter((g) => typeof g === 'object'),
      [{ baseUri: pathToFileURL(join(outside, 'operator')).href, pattern: '**/*.{yaml,yml,json}' }],
    );

    // The bundle changes on disk: the open manifest is checked with the new limit, without a rescan.
    const bundle = join(outside, 'operator', 'crds.yaml');
    writeFileSync(bundle, CRD.replace('maximum: 10', 'maximum: 20'));
    const relaxed = client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    await client.filesChanged({ uri: pathToFileURL(bundle).href, type: 2 });
    await relaxed;

    // A new file in the folder brings its kinds; deleting it takes them away again.
    const scalers = join(outside, 'operator', 'scalers.yaml');
    writeFileSync(scalers, CEL_CRD);
    const scaler = pathToFileURL(join(root, 's.yaml')).href;
    const SCALER =
      'apiVersion: cel.example.org/v1\nkind: Scaler\nmetadata:\n  name: s-a\nspec:\n  minReplicas: 3\n  maxReplicas: 1\n';
    assert.deepEqual(codes(await client.open(scaler, SCALER)), [], 'not a kind yet');
    const known = client.waitForDiagnostics(scaler, (p) => codes(p.diagnostics).includes('crd-validation'));
    await client.filesChanged({ uri: pathToFileURL(scalers).href, type: 1 });
    await known;
    rmSync(scalers);
    const gone = client.waitForDiagnostics(scaler, (p) => p.diagnostics.length === 0);
    await client.filesChanged({ uri: pathToFileURL(scalers).href, type: 3 });
    await gone;
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});

test('e2e crds: a bundle above maxFileSizeMB is named in the log with the setting that reads it, which then does', async () => {
  const root = folder({ 'big/crds.yaml': CRD.padEnd(40_000, '\n# padding\n'), 'other.yaml': 'a: 1\n' });
  const small = { maxFileSizeMB: 0.01 };
  const client = new WorkspaceClient({ rootDir: root, settings: small });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const line = client.logs.find((l) => l.includes('big/crds.yaml') || l.includes('big\\crds.yaml'));
    assert.match(
      line ?? client.logs.join('\n'),
      /larger than .*it holds CustomResourceDefinitions: name it in cloudManifests\.crds/,
    );
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await client.open(uri, WIDGET)), [], 'the kind is unknown: nothing is said');
  } finally {
    await client.stop();
  }
  const named = new WorkspaceClient({ rootDir: root, settings: { ...small, crds: ['big/crds.yaml'] } });
  try {
    await named.initialize();
    await named.waitForScans(1);
    const uri = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await named.open(uri, WIDGET)), ['value-range']);
  } finally {
    await named.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('e2e crds: a file created in a crds folder inside the workspace is indexed like any other file', async () => {
  const root = folder({ 'crds/widgets.yaml': CRD, 'other.yaml': 'a: 1\n' });
  const client = new WorkspaceClient({ rootDir: root, settings: { crds: ['crds'] } });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const created = join(root, 'crds', 'scalers.yaml');
    writeFileSync(created, CEL_CRD);
    const uri = pathToFileURL(created).href;
    // Indexed: its own problems are published (its rule that does not compile), as for any closed file.
    const own = client.waitForDiagnostics(uri, (p) => codes(p.diagnostics).includes('crd-rule-invalid'));
    await client.filesChanged({ uri, type: 1 });
    await own;
    const scaler = pathToFileURL(join(root, 's.yaml')).href;
    const SCALER =
      'apiVersion: cel.example.org/v1\nkind: Scaler\nmetadata:\n  name: s-a\nspec:\n  minReplicas: 3\n  maxReplicas: 1\n';
    assert.ok(codes(await client.open(scaler, SCALER)).includes('crd-validation'), 'and its kinds are known');
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('e2e crds: a CRD written as JSON in the workspace or named by the crds setting makes kinds; other JSON files stay silent', async () => {
  // `kubectl get crd -o json`: JSON, which is YAML too.
  const json = JSON.stringify(load(CRD), null, 2);
  const outside = folder({ 'operator/crd.json': json.replace(/"Widget"/g, '"Gadget"').replace(/widgets/g, 'gadgets') });
  const root = folder({
    'crds/crd.json': json,
    'package.json': '{"name": "x", "kind": "CustomResourceDefinition", "version": "1.0.0"}\n',
    'tsconfig.json': '{ not json at all',
  });
  const client = new WorkspaceClient({ rootDir: root, settings: { crds: [join(outside, 'operator')] } });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const w = pathToFileURL(join(root, 'w.yaml')).href;
    assert.deepEqual(codes(await client.open(w, WIDGET)), ['value-range']);
    const g = pathToFileURL(join(root, 'g.yaml')).href;
    assert.deepEqual(codes(await client.open(g, WIDGET.replace('Widget', 'Gadget'))), ['value-range']);
    for (const f of ['package.json', 'tsconfig.json'])
      assert.equal(client.published().get(pathToFileURL(join(root, f)).href), undefined, f);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
