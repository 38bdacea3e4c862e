// A 50 MB document opened in the editor (it overflowed the stack in the index and took 80 s and 3 GB): the
// built server shows at once that it is too large to check in full and names the setting, checks only its
// YAML syntax, and answers a hover on another document while it works through it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { TestClient } from './lspClient';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';

const SMALL = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
  minimumTlsVersion: TLS1_2
`;

/** About 50 MB of manifests (2 KB each: a long annotation), the last with an unclosed flow sequence. */
function hugeText(): string {
  const note = 'x'.repeat(1900);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 50_000_000; i++) {
    const m = SMALL.replace('name: acct', `name: acct${i}\n  annotations:\n    note: ${note}`);
    parts.push(m);
    size += m.length + 4;
  }
  parts.push(SMALL.replace('location: westus2', 'location: [westus2'));
  return parts.join('---\n');
}

const client = new TestClient();
before(() => client.initialize());
after(() => client.stop());

test('a 50 MB document: the too-large message at once, hover elsewhere answered while its syntax is checked, the syntax error found, no crash', async () => {
  const small = client.uri('small.yaml');
  assert.deepEqual(await client.open(small, SMALL), []);
  const huge = client.uri('huge.yaml');
  const text = hugeText();
  const length = text.length;
  const lines = text.split('\n').length;
  const events: string[] = [];
  const first = client.waitForDiagnostics(huge, (p) => p.diagnostics.length > 0, 120_000);
  const checked = client
    .waitForDiagnostics(huge, (p) => p.diagnostics.some((d) => d.code === 'yaml-syntax'), 300_000)
    .then((p) => (events.push('syntax checked'), p));
  await client.conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri: huge, languageId: 'yaml', version: 1, text },
  });

  // The message, on the first character, naming the setting that raises the limit.
  const shown = (await first).diagnostics;
  assert.equal(shown[0].code, 'document-too-large');
  assert.equal(shown[0].severity, 3, 'Information');
  assert.deepEqual(shown[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
  assert.match(String(shown[0].message), /^This document is too large to check in full/);
  assert.match(String(shown[0].message), new RegExp(`${length.toLocaleString('en-US')} characters`));
  assert.match(String(shown[0].message), /cloudManifests\.maxDocumentSize/);

  // While the syntax of its 25,000 documents is checked, a hover elsewhere is answered first.
  const h = await client.conn.sendRequest('textDocument/hover', {
    textDocument: { uri: small },
    position: { line: 11, character: 4 },
  });
  events.push('hover answered');
  assert.ok(h, 'hover answered');

  const done = (await checked).diagnostics;
  assert.deepEqual(events, ['hover answered', 'syntax checked']);
  // The message and the syntax errors of the last manifest, nothing else (no full check ran).
  assert.equal(done[0].code, 'document-too-large');
  assert.ok(done.length > 1);
  for (const d of done.slice(1)) {
    assert.equal(d.code, 'yaml-syntax', String(d.message));
    assert.ok(d.range.start.line >= lines - SMALL.split('\n').length, `line ${d.range.start.line} of ${lines}`);
  }
  assert.doesNotMatch(client.stderr, /RangeError|Maximum call stack|heap out of memory/);
  assert.equal(client.proc!.exitCode, null, 'the server is still running');
});

// The limit is a setting: a low one makes a small document too large, in the editor as in .cloud-manifests.json.
const TWO = `${SMALL.replace('TLS1_2', 'TLS1_9')}---\n${SMALL.replace('location: westus2', 'location: [westus2')}`;
const codes = (ds: Diagnostic[]) => [...new Set(ds.map((d) => String(d.code)))].sort();

test('maxDocumentSize from the settings: over it, the message and the syntax only; raised, the full check (push)', async () => {
  const settings = { maxDocumentSize: 200 };
  const c = new TestClient({ transport: 'in-process', settings });
  try {
    await c.initialize();
    const uri = c.uri('two.yaml');
    const syntaxChecked = c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'yaml-syntax'));
    await c.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: TWO },
    });
    // The enum mistake of the first document is not reported: only the syntax is checked.
    assert.deepEqual(codes((await syntaxChecked).diagnostics), ['document-too-large', 'yaml-syntax']);
    settings.maxDocumentSize = 1_000_000;
    const full = c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'enum-value'));
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    assert.ok(!codes((await full).diagnostics).includes('document-too-large'));
  } finally {
    await c.stop();
  }
});

test('maxDocumentSize in pull mode: the message at once, the syntax errors once checked', async () => {
  const c = new TestClient({ transport: 'in-process', pull: true, settings: { maxDocumentSize: 200 } });
  try {
    await c.initialize();
    const uri = c.uri('two-pull.yaml');
    await c.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: TWO },
    });
    const pull = async () =>
      ((await c.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] })
        .items;
    assert.equal(codes(await pull())[0], 'document-too-large');
    let items = await pull();
    for (let i = 0; i < 100 && !codes(items).includes('yaml-syntax'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      items = await pull();
    }
    assert.deepEqual(codes(items), ['document-too-large', 'yaml-syntax']);
  } finally {
    await c.stop();
  }
});

test('maxDocumentSize in cloudManifests/checkWorkspace: an open document and a file on disk, message and syntax errors', async () => {
  const root = mkdtempSync(join(tmpdir(), 'cloud-manifests-large-'));
  const onDisk = join(root, 'closed.yaml');
  writeFileSync(onDisk, TWO);
  const c = new TestClient({ transport: 'in-process', rootDir: root, settings: { maxDocumentSize: 200 } });
  try {
    await c.initialize();
    const open = c.uri('open.yaml');
    await c.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: open, languageId: 'yaml', version: 1, text: TWO },
    });
    const r = (await c.conn.sendRequest('cloudManifests/checkWorkspace', {
      uris: [open, pathToFileURL(onDisk).href],
    })) as { files: { uri: string; diagnostics: Diagnostic[] }[] };
    assert.equal(r.files.length, 2);
    for (const f of r.files) assert.deepEqual(codes(f.diagnostics), ['document-too-large', 'yaml-syntax'], f.uri);
  } finally {
    await c.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
