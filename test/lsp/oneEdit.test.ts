// One edit, through the server (issue 46): the edited document goes into the host by one `apply` (its new
// version and its place in the index, one change), and its diagnostics come from one query; no other work
// is asked of the host for it. Counted on the server's own host while the edit is published.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TestClient } from '../e2e/lspClient';
import { account, rg } from '../workspace/helpers';

test('through the server, an edit is one apply and one diagnostics query', async () => {
  // Settings given at start: no configuration round trip re-publishes meanwhile.
  const client = new TestClient({ transport: 'in-process', settings: {} });
  try {
    await client.initialize();
    const uri = 'file:///counted/one-edit.yaml';
    const text = [rg('rg'), account('acct', 'rg')].join('---\n');
    await client.open(uri, text);
    // Whatever the start left to do is done before counting (a request is answered after it).
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    const host = client.serverState!.host as unknown as Record<string, (...a: unknown[]) => unknown>;
    const calls: string[] = [];
    const touches = (a: unknown): boolean =>
      Array.isArray(a) ? a.some(touches) : typeof a === 'object' && a !== null && (a as { uri?: string }).uri === uri;
    for (const name of ['apply', 'diagnostics', 'work']) {
      const original = host[name];
      host[name] = (...a: unknown[]) => {
        if (name === 'work' || a[0] === uri || touches(a[0])) calls.push(name);
        return original.apply(host, a);
      };
    }
    const diags = await client.change(uri, text.replace('name: acct', 'name: acct2'));
    assert.deepEqual(diags, []);
    assert.deepEqual(calls, ['apply', 'diagnostics']);
  } finally {
    await client.stop();
  }
});
