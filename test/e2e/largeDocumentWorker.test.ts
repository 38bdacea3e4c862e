// End-to-end, over stdio as an editor starts the server: a large document's own checks run in a worker thread
// (lsp/offThread.ts, issue 43), not in one piece on the server's main thread. A 1.3 MB CRD of 1,000 versions
// opened beside a small manifest: the small one is published, and a hover on it is answered (or `exit` is
// honoured) while the CRD is still being checked; on one thread the CRD's check (seconds of parsing and
// checking) ran in the same turn as the small one's publish, before any request was read. And what the
// server publishes is the same, byte for byte, whether the worker or the main thread did the work.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { CASES } from '../../bench/hostile';
import { WORKERS_ENV } from '../../server/src/io/workerPool';
import { HUGE_VALUE_RULES, hugeValueCrd, hugeValueManifest } from '../helpers/hugeValues';
import { TestClient } from './lspClient';

const dir = mkdtempSync(join(tmpdir(), 'cm-large-worker-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// The hostile CRD: 1,000 served versions of 10 rules each, a duplicate key under the last one's properties.
const hostile = join(dir, 'hostile');
mkdirSync(hostile);
const unparseable = CASES.find((c) => c.name === 'crd-unparseable-1000-versions');
assert.ok(unparseable);
unparseable.make(hostile);
const CRD = readFileSync(join(hostile, 'crds', 'crd.yaml'), 'utf8');
/** The same CRD without the duplicate key: it parses, and its kinds' rules are run. */
const DUPLICATE = '                s: {type: string}\n';
const VALID = ((at) => CRD.slice(0, at) + CRD.slice(at + DUPLICATE.length))(
  CRD.lastIndexOf(`${DUPLICATE}                n: {type: integer}\n`),
);

const SMALL = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: acctsmall
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg-app
  accessTier: Hott
`;

/** Opens the small manifest and the large CRD in one burst; resolves when the small one is published. */
async function openBoth(client: TestClient): Promise<{ small: string; big: string }> {
  const small = client.uri('small.yaml');
  const big = client.uri('big-crd.yaml');
  const smallShown = client.waitForDiagnostics(small, (p) => p.version === 1, 60_000);
  for (const [uri, text] of [
    [small, SMALL],
    [big, CRD],
  ])
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
  const shown = await smallShown;
  assert.deepEqual(
    shown.diagnostics.map((d) => d.code),
    ['enum-value'],
  );
  return { small, big };
}

describe('a large document checked in a worker thread', { timeout: 180_000 }, () => {
  test('a hover on another document is answered before the large one is published', async () => {
    const client = new TestClient();
    const events: string[] = [];
    try {
      await client.initialize();
      client.publishListeners.push((p) => {
        if (p.uri.endsWith('big-crd.yaml')) events.push('large published');
      });
      const { small, big } = await openBoth(client);
      const published = client.waitForDiagnostics(big, (p) => p.version === 1, 120_000);
      const hover = await client.conn.sendRequest<Hover | null>('textDocument/hover', {
        textDocument: { uri: small },
        position: { line: 1, character: 2 },
      });
      events.push('hover answered');
      assert.match(JSON.stringify(hover?.contents), /StorageAccount/);
      const crd = await published;
      assert.deepEqual(events, ['hover answered', 'large published']);
      // The duplicate key of the last version is found, where the single-thread check finds it.
      assert.ok(
        crd.diagnostics.some((d) => d.code === 'yaml-syntax' && /duplicate|unique/i.test(String(d.message))),
        JSON.stringify(crd.diagnostics.map((d) => [d.code, d.message])),
      );
    } finally {
      await client.stop();
    }
  });

  test('`exit` is honoured while the large document is checked: the process ends before publishing it', async () => {
    const client = new TestClient();
    const proc = client.proc!;
    const ended = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    const events: string[] = [];
    try {
      await client.initialize();
      client.publishListeners.push((p) => {
        if (p.uri.endsWith('big-crd.yaml')) events.push('large published');
      });
      await openBoth(client);
      await client.conn.sendNotification('exit');
      const code = await ended;
      events.push('exited');
      // No `shutdown` came first: LSP's exit code 1; and nothing of the large document was published.
      assert.equal(code, 1, client.stderr.slice(0, 2000));
      assert.deepEqual(events, ['exited']);
    } finally {
      client.conn.dispose();
      if (proc.exitCode === null) proc.kill('SIGKILL');
    }
  });

  test('what is published is the same, byte for byte, with the worker and on one thread', async () => {
    // A workspace of large files, closed (published from the scan) and opened: the CRD of 1,000 versions and a
    // manifest of one of its kinds that breaks a rule, a CRD whose rule is not evaluated and its 120 KB
    // manifest, a Helm template whose mask is 300 KB, and the small manifest.
    const ws = join(dir, 'ws');
    const put = (rel: string, text: string) => {
      mkdirSync(join(ws, rel, '..'), { recursive: true });
      writeFileSync(join(ws, rel), text);
    };
    put('crds/crd.yaml', VALID);
    put('m/m0.yaml', 'apiVersion: hostile.example.org/v0\nkind: Many\nmetadata: {name: m0}\nspec:\n  n: 1000000\n');
    put('m/m999.yaml', 'apiVersion: hostile.example.org/v999\nkind: Many\nmetadata: {name: m999}\nspec:\n  n: 1\n');
    put('huge/crd.yaml', hugeValueCrd(HUGE_VALUE_RULES.join));
    put('huge/h.yaml', hugeValueManifest(20_000, 20_000));
    put('chart/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
    const labels = Array.from({ length: 8_000 }, (_, i) => `    l${i}: "{{ .Values.v${i} }}x"\n`).join('');
    put(
      'chart/templates/t.yaml',
      SMALL.replace('  name: acctsmall\n', `  name: {{ .Values.name }}\n  labels:\n${labels}`),
    );
    put('small.yaml', SMALL);
    const closed = ['m/m0.yaml', 'huge/h.yaml', 'chart/templates/t.yaml', 'small.yaml'];
    const opened = ['crds/crd.yaml', 'huge/h.yaml'];

    const run = async (env: Record<string, string>) => {
      const client = new TestClient({ rootDir: ws, env });
      try {
        await client.initialize();
        const out: Record<string, PublishDiagnosticsParams> = {};
        // Every closed file's problems, from the scan (each has some).
        for (const rel of closed)
          out[`closed ${rel}`] = await client.waitForDiagnostics(
            client.uri(rel),
            (p) => p.diagnostics.length > 0,
            120_000,
          );
        // Then opened (checked again as open documents: the same text, the caches filled either way).
        for (const rel of opened) {
          const uri = client.uri(rel);
          const shown = client.waitForDiagnostics(uri, (p) => p.version === 1, 120_000);
          await client.conn.sendNotification('textDocument/didOpen', {
            textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(join(ws, rel), 'utf8') },
          });
          out[`open ${rel}`] = await shown;
        }
        // A new text of the CRD that no check has seen (its duplicate key): checked in the worker or here.
        const crd = client.uri('crds/crd.yaml');
        const changed = client.waitForDiagnostics(crd, (p) => p.version === 2, 120_000);
        await client.conn.sendNotification('textDocument/didChange', {
          textDocument: { uri: crd, version: 2 },
          contentChanges: [{ text: CRD }],
        });
        out['changed crds/crd.yaml'] = await changed;
        return out;
      } finally {
        await client.stop();
      }
    };
    const worker = await run({});
    const oneThread = await run({ [WORKERS_ENV]: '0' });
    // Each says what it should: the CRD's rule broken, its duplicate key, the rule not evaluated, the template's value.
    const codes = (k: string) => worker[k].diagnostics.map((d) => d.code);
    assert.ok(worker['closed m/m0.yaml'].diagnostics.some((d) => /rule 0/.test(String(d.message))));
    assert.deepEqual(codes('changed crds/crd.yaml'), ['yaml-syntax']);
    assert.deepEqual(codes('closed huge/h.yaml'), ['crd-rule-not-run']);
    assert.deepEqual(codes('closed chart/templates/t.yaml'), ['enum-value']);
    assert.ok(worker['closed chart/templates/t.yaml'].diagnostics.some((d) => d.code === 'enum-value'));
    assert.ok(worker['closed huge/h.yaml'].diagnostics.some((d) => d.code === 'crd-rule-not-run'));
    assert.equal(JSON.stringify(worker, null, 1), JSON.stringify(oneThread, null, 1));
  });
});
