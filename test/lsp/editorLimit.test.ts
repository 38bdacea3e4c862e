// A file of more problems than the editor keeps (VS Code keeps 1,000 a file): the server sends the first
// 1,000, errors before warnings, and one Information saying how many more there are and where the CLI lists
// them; the CLI's own report lists every one (cli.test.ts and the CLI's tests).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TestClient } from '../e2e/lspClient';

/** A ConfigMap of `n` integer values: each a wrong-type error. */
const manyProblems = (n: number) => {
  let data = '';
  for (let i = 0; i < n; i++) data += `  k${i}: ${i}\n`;
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wide\ndata:\n${data}`;
};

test('the editor is sent 1,000 problems of a file and told how many more there are', async () => {
  const client = new TestClient({ transport: 'in-process', settings: {} });
  try {
    await client.initialize();
    const uri = 'file:///limit/wide.yaml';
    const diags = await client.open(uri, manyProblems(1_250));
    assert.equal(diags.length, 1_001);
    const wrong = diags.filter((d) => d.code === 'wrong-type');
    assert.equal(wrong.length, 1_000);
    const note = diags.filter((d) => d.code === 'problems-not-listed');
    assert.equal(note.length, 1);
    assert.equal(note[0].severity, 3);
    assert.match(String(note[0].message), /^250 more problems in this file are not listed/);
    assert.match(String(note[0].message), /cloud-manifests check/);
    // At the first problem left out: the value of key k1000 (line 5 is `data:`, k0 on line 5).
    assert.equal(note[0].range.start.line, 5 + 1_000);

    // At the limit exactly, nothing is left out and nothing is said.
    const exact = await client.change(uri, manyProblems(1_000));
    assert.equal(exact.length, 1_000);
    assert.ok(exact.every((d) => d.code === 'wrong-type'));
  } finally {
    await client.stop();
  }
});
