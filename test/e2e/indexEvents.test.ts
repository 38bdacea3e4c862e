// The server tells the client when its workspace index changes (`cloudManifests/indexChanged`), so the owner
// tree, which may first be drawn while the scan still runs (or after a window reload), fills in when the scan
// ends and follows files created, changed and deleted on disk without a Refresh.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import {
  INDEX_CHANGED,
  OWNER_GRAPH,
  type IndexChangedParams,
  type OwnerGraphResult,
} from '../../server/src/protocol/customRequests';
import { account, rg } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

async function until<T>(what: string, fn: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test(
  'indexChanged: sent when the scan begins and ends, and when files change on disk; the graph then holds them',
  { timeout: 60_000 },
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-index-events-'));
    const write = (rel: string, text: string) => {
      const p = join(root, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      return pathToFileURL(p).href;
    };
    write('rg.yaml', rg('rg-app'));
    write('st/account.yaml', account('appstore', 'rg-app'));
    const client = new WorkspaceClient({ rootDir: root, initializationOptions: { indexChanged: true } });
    const seen: IndexChangedParams[] = [];
    client.conn.onNotification(INDEX_CHANGED, (p: IndexChangedParams) => void seen.push(p));
    try {
      await client.initialize();
      await client.waitForScans(1);
      const done = await until('the end of the scan', () => seen.find((p) => p.complete));
      assert.equal(done.manifests, 2);
      assert.equal(seen[0].complete, false, 'the first notification says the scan runs');
      // What the owner tree asks when notified: every manifest, owners resolved.
      const graph = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
      assert.deepEqual(graph.nodes.map((n) => `${n.kind} ${n.name}`).sort(), [
        'ResourceGroup rg-app',
        'StorageAccount appstore',
      ]);

      const before = seen.length;
      const created = write('st/second.yaml', account('second', 'rg-app'));
      await client.filesChanged({ uri: created, type: 1 });
      const after = await until('a notification after a file was created', () =>
        seen.slice(before).find((p) => p.manifests === 3),
      );
      assert.equal(after.complete, true);

      const n = seen.length;
      rmSync(join(root, 'st', 'second.yaml'));
      await client.filesChanged({ uri: created, type: 3 });
      await until('a notification after the file was deleted', () => seen.slice(n).find((p) => p.manifests === 2));
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test('indexChanged: not sent to a client that did not ask for it (other editors)', { timeout: 60_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-index-events-'));
  writeFileSync(join(root, 'rg.yaml'), rg('rg-app'));
  const client = new WorkspaceClient({ rootDir: root });
  const seen: IndexChangedParams[] = [];
  client.conn.onNotification(INDEX_CHANGED, (p: IndexChangedParams) => void seen.push(p));
  try {
    await client.initialize();
    await client.waitForScans(1);
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(seen, []);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
