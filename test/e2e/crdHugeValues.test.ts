// End-to-end, over stdio as an editor starts the server: a workspace holding a CRD whose rule builds a huge
// value (`'%s'.format([self.l.map(x, self.s)])`, 400 million characters from an 80 KB manifest; issue 43)
// and that manifest, closed. Before, the server's process aborted out of memory during the workspace scan;
// now the scan ends, the closed manifest gets the rule's "not evaluated" information, and a small file
// opened meanwhile is hovered.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol/node';
import { HUGE_VALUE_RULES, hugeValueCrd, hugeValueManifest } from '../helpers/hugeValues';
import { TestClient } from './lspClient';

const root = mkdtempSync(join(tmpdir(), 'cm-crd-huge-values-'));
after(() => rmSync(root, { recursive: true, force: true }));

const SMALL = 'apiVersion: example.org/v1\nkind: Huge\nmetadata:\n  name: small\nspec:\n  s: b\n  l: [1]\n';

test('the workspace scan of a manifest whose CRD rule builds 400 million characters: the server lives and says so', async () => {
  writeFileSync(join(root, 'crd.yaml'), hugeValueCrd(HUGE_VALUE_RULES.format));
  writeFileSync(join(root, 'h.yaml'), hugeValueManifest(20_000, 20_000));
  const client = new TestClient({ rootDir: root });
  const proc = client.proc!;
  let exited: number | null | undefined;
  proc.once('exit', (code) => (exited = code));
  try {
    await client.initialize();
    const p = await client.waitForDiagnostics(
      client.uri('h.yaml'),
      (d) => d.diagnostics.some((x) => x.code === 'crd-rule-not-run'),
      30_000,
    );
    assert.deepEqual(
      p.diagnostics.map((d) => [d.code, d.severity]),
      [['crd-rule-not-run', 3]],
    );
    assert.match(
      String(p.diagnostics[0].message),
      /is not evaluated: .*it would build a value of more than 6,291,456 characters/,
    );
    const small = client.uri('small.yaml');
    await client.open(small, SMALL);
    const hover = await client.conn.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: 1, character: 2 },
    });
    assert.match(JSON.stringify(hover?.contents), /Huge/, 'the small manifest is hovered');
    assert.equal(exited, undefined, `the server exited: ${client.stderr.slice(0, 500)}`);
  } finally {
    await client.stop();
  }
});
