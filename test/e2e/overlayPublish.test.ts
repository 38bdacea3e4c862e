// End-to-end: the server (in-process) on a Kustomize base and overlay. A patch file just opened gets its
// own checks at once and, in a second publish of the same version, the problems of the rendered overlay;
// an edit of it is published whole (the rendered problems never leave and come back); a file no overlay
// renders is published once.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from './workspaceClient';

const account = (name: string, kind: string, tier: string) => `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ${name}
spec:
  location: westus2
  owner:
    name: rg
  kind: ${kind}
  sku:
    name: Standard_LRS
  accessTier: ${tier}
`;
// `Cool` on the BlockBlobStorage account is wrong in the rendered overlay alone; `TLS1_9` is wrong anywhere.
const PATCH = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: blobs
spec:
  accessTier: Cool
  minimumTlsVersion: TLS1_9
`;

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-overlay-publish-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code)).sort();

test('e2e overlays: an opened patch shows its own problems first, then the overlay’s; an edit is published whole', async () => {
  const root = folder({
    'base/kustomization.yaml': 'resources:\n  - accounts.yaml\n',
    'base/accounts.yaml': account('blobs', 'BlockBlobStorage', 'Premium'),
    'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamespace: prod\npatches:\n  - path: patch.yaml\n',
    'overlays/prod/patch.yaml': PATCH,
    'plain/other.yaml': account('other', 'StorageV2', 'Hot'),
    'plain/group.yaml':
      'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westus2\n',
  });
  const client = new WorkspaceClient({ rootDir: root });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, 'overlays/prod/patch.yaml')).href;
    const seen: PublishDiagnosticsParams[] = [];
    // What the open document gets (a closed file's publish, with no version, may follow the scan).
    client.publishListeners.push((p) => {
      if (p.uri === uri && p.version !== undefined) seen.push(p);
    });
    const second = await client.open(uri, PATCH, 'yaml', 2);
    assert.deepEqual(
      seen.map((p) => [p.version, codes(p)]),
      [
        [1, ['enum-value']],
        [1, ['access-tier-block-blob-premium', 'enum-value']],
      ],
    );
    assert.match(
      String(second.find((d) => d.code === 'access-tier-block-blob-premium')?.message),
      /\(in overlays\/prod\)$/,
    );

    // An edit: its own problems at once with the overlay's of the last version carried over (the edit is on
    // another line), then everything afresh; the rendered problem never leaves.
    seen.length = 0;
    const fresh = client.waitForDiagnostics(uri, (p) => p.version === 2 && seen.length === 2);
    await client.change(uri, PATCH.replace('TLS1_9', 'TLS1_2'));
    await fresh;
    assert.deepEqual(
      seen.map((p) => [p.version, codes(p)]),
      [
        [2, ['access-tier-block-blob-premium']],
        [2, ['access-tier-block-blob-premium']],
      ],
    );
    assert.deepEqual(seen[0].diagnostics[0].range, seen[1].diagnostics[0].range);
    // An edit of the line the rendered problem is on: not carried over (what it says may no longer hold).
    seen.length = 0;
    const fixed = PATCH.replace('TLS1_9', 'TLS1_2').replace('accessTier: Cool', 'accessTier: Premium');
    const settled = client.waitForDiagnostics(uri, (p) => p.version === 3 && seen.length === 2);
    await client.change(uri, fixed);
    await settled;
    assert.deepEqual(
      seen.map((p) => [p.version, codes(p)]),
      [
        [3, []],
        [3, []],
      ],
    );

    // A file no overlay renders: one publish when opened.
    const plain = pathToFileURL(join(root, 'plain/other.yaml')).href;
    const plainSeen: PublishDiagnosticsParams[] = [];
    client.publishListeners.push((p) => {
      if (p.uri === plain && p.version !== undefined) plainSeen.push(p);
    });
    assert.deepEqual(await client.open(plain, account('other', 'StorageV2', 'Hot')), []);
    // The patch's own next publish (an edit) comes after anything more the plain file could have got.
    await client.change(uri, PATCH);
    assert.equal(plainSeen.length, 1);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
