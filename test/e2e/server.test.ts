// End-to-end: the built server over stdio, driven as an editor drives it. Every diagnostics fixture
// gives the same diagnostics through the server as the inline expectations say; every kind's example
// is clean and gets completion and hover; other YAML gets nothing; settings and pull diagnostics work.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { lookup } from '../../server/src/model/registry';
import { allKinds } from '../../server/src/model/registry';
import { fmt, readExpectations } from '../expectations';
import { cursor } from '../helpers/cursor';
import { yamlFiles } from '../helpers/files';
import { TestClient } from './lspClient';

const repo = join(__dirname, '..', '..');

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

describe('language server over stdio', () => {
  let client: TestClient;
  before(async () => {
    client = new TestClient();
    await client.initialize();
  });
  after(async () => client.stop());

  test('initialize advertises completion, hover and incremental sync', async () => {
    const c = new TestClient();
    const init = (await c.initialize()) as { capabilities: Record<string, unknown> };
    await c.stop();
    assert.ok(init.capabilities.completionProvider);
    assert.equal(init.capabilities.hoverProvider, true);
    assert.deepEqual(init.capabilities.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
  });

  for (const file of yamlFiles(join(repo, 'test', 'fixtures', 'diagnostics'))) {
    const name = relative(join(repo, 'test', 'fixtures', 'diagnostics'), file);
    test(`fixture through the server: ${name}`, async () => {
      const text = readFileSync(file, 'utf8');
      const diags = await client.open(client.uri(`fixtures/${name}`), text);
      const expected = readExpectations(text);
      const got = diags
        .map((d) => {
          const sev = expected.some((e) => e.line === d.range.start.line && e.code === d.code && e.severity)
            ? SEVERITY[d.severity ?? 1]
            : undefined;
          const end =
            d.range.end.line === d.range.start.line
              ? d.range.end.character
              : text.split(/\r?\n/)[d.range.start.line].length;
          return fmt({
            line: d.range.start.line,
            start: d.range.start.character,
            end,
            code: String(d.code),
            severity: sev,
          });
        })
        .sort();
      assert.deepEqual(
        got,
        expected.map(fmt).sort(),
        diags.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`).join('\n'),
      );
      for (const d of diags) {
        assert.equal(d.source, 'cloud-manifests');
        assert.ok(
          d.range.end.line > d.range.start.line || d.range.end.character > d.range.start.character,
          'non-empty range',
        );
      }
    });
  }

  test('every kind and version has a clean example through the server', async () => {
    const examples = yamlFiles(join(repo, 'examples')).filter((f) => !f.includes(join('examples', 'mistakes')));
    const seen = new Set<string>();
    for (const file of examples) {
      const text = readFileSync(file, 'utf8');
      const diags = await client.open(client.uri(relative(repo, file)), text);
      assert.deepEqual(
        diags.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`),
        [],
        relative(repo, file),
      );
      for (const doc of parseAllDocuments(text)) {
        const v = doc.toJS() as { apiVersion?: string; kind?: string } | null;
        const id = lookup(v?.apiVersion, v?.kind);
        if (id.status === 'ok') seen.add(`${id.def.area}/${id.def.version}/${id.def.kind}`);
      }
    }
    const missing = allKinds.map((d) => `${d.area}/${d.version}/${d.kind}`).filter((k) => !seen.has(k));
    assert.deepEqual(missing, []);
  });

  test('the mistakes example shows errors', async () => {
    const file = join(repo, 'examples', 'mistakes', 'common-mistakes.yaml');
    const diags = await client.open(client.uri('examples/mistakes/common-mistakes.yaml'), readFileSync(file, 'utf8'));
    assert.ok(diags.filter((d) => d.severity === 1).length >= 5);
  });

  for (const def of allKinds) {
    test(`completion and hover for ${def.kind} ${def.version}`, async () => {
      const api = `${def.area}.cloud.example.com/${def.version}`;
      const src = `apiVersion: ${api}\nkind: ${def.kind}\nmetadata:\n  name: sample\nspec:\n  |\n`;
      const { text, line, character } = cursor(src);
      const uri = client.uri(`complete/${def.area}-${def.version}-${def.kind}.yaml`);
      await client.open(uri, text);
      const items = (await client.conn.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line, character },
      })) as { label: string }[] | { items: { label: string }[] };
      const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
      const required = Object.entries(def.spec.fields)
        .filter(([, f]) => f.required)
        .map(([k]) => k);
      for (const r of required) assert.ok(labels.includes(r), `completion at spec offers ${r}: ${labels.join(', ')}`);
      for (const l of labels) assert.ok(l in def.spec.fields, `completion at spec offers only spec fields: ${l}`);

      const h = (await client.conn.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: { line: 1, character: 8 },
      })) as {
        contents: { value: string };
      } | null;
      assert.ok(h, 'hover on kind');
      assert.ok(
        h.contents.value.includes(def.apiVersionValue),
        `hover on kind names API version ${def.apiVersionValue}`,
      );
      await client.close(uri);
    });
  }

  test('YAML that is not a manifest of ours gets nothing', async () => {
    const uri = client.uri('compose.yaml');
    const text = 'services:\n  web:\n    image: nginx\n    ports: ["80:80"]\n';
    assert.deepEqual(await client.open(uri, text), []);
    const items = (await client.conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 1, character: 2 },
    })) as unknown[];
    assert.deepEqual(items, []);
    const h = await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 2 },
    });
    assert.equal(h, null);
    const k8s = 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: x\n';
    assert.deepEqual(await client.open(client.uri('sc.yaml'), k8s), []);
  });

  test('an edit re-validates: fixing the mistake clears the diagnostic', async () => {
    const uri = client.uri('edit.yaml');
    const bad =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n  location: westus\n  kind: StorageV3\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg\n';
    const d1 = await client.open(uri, bad);
    assert.deepEqual(
      d1.map((d) => [d.code, d.range.start.line, d.range.start.character]),
      [['enum-value', 6, 8]],
    );
    const d2 = await client.change(uri, bad.replace('StorageV3', 'StorageV2'));
    assert.deepEqual(d2, []);
  });
});

describe('settings and pull diagnostics', () => {
  test('cloudManifests.rules turns a code off and changes a severity', async () => {
    const client = new TestClient({ settings: { rules: { 'status-read-only': 'off', 'enum-value': 'warning' } } });
    await client.initialize();
    try {
      const text =
        'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n  location: westus\n  kind: StorageV3\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg\nstatus:\n  provisioningState: Succeeded\n';
      const diags = await client.open(client.uri('settings.yaml'), text);
      assert.deepEqual(
        diags.map((d) => [d.code, d.severity]),
        [['enum-value', 2]],
      );
    } finally {
      await client.stop();
    }
  });

  test('a client that asks for pull diagnostics gets them by request', async () => {
    const client = new TestClient({ pull: true });
    const init = (await client.initialize()) as { capabilities: { diagnosticProvider?: unknown } };
    try {
      assert.ok(init.capabilities.diagnosticProvider);
      const uri = client.uri('pull.yaml');
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri,
          languageId: 'yaml',
          version: 1,
          text: 'apiVersion: batch.cloud.example.com/v20240701\nkind: BatchAccount\nmetadata:\n  name: batchacct\nspec:\n  owner:\n    name: rg\n',
        },
      });
      const report = (await client.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as {
        kind: string;
        items: { code: string }[];
      };
      assert.equal(report.kind, 'full');
      assert.deepEqual(
        report.items.map((d) => d.code),
        ['missing-required'],
      );
    } finally {
      await client.stop();
    }
  });
});
