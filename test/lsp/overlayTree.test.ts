// The owner tree sees rendered overlays (service/workspace/kustomize/overlayGraph.ts through lsp/commands.ts): each
// manifest once where it is written, then each overlay (a kustomization no other lists) as a view of its
// rendered result: its rendered resources under its node, by their rendered names, nested by the owners they resolve to
// in the overlay; a reference the overlay's renaming broke shows as an owner the overlay does not create.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { buildTree, type TreeNode } from '../../client/src/graphModel';
import { OWNER_GRAPH, type GraphNode, type OwnerGraphResult } from '../../server/src/protocol/customRequests';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { account, blobService, docs, rg } from '../workspace/helpers';

const label = (n: GraphNode) =>
  `${n.kind} ${n.namespace ? `${n.namespace}/` : ''}${n.name}${n.external ? ' (external)' : ''}`;
const render = (ts: TreeNode[], depth = 0): string[] =>
  ts.flatMap((t) => [`${'  '.repeat(depth)}${label(t.node)}`, ...render(t.children, depth + 1)]);

describe('the owner tree of a workspace with overlays', () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-overlay-tree-'));
  const files: Record<string, string> = {
    // A base that transforms what it lists (labels): still a base, listed by the overlays, never an overlay.
    'base/kustomization.yaml': 'resources:\n  - all.yaml\ncommonLabels:\n  app: store\n',
    'base/all.yaml': docs(rg('rg'), account('acct', 'rg'), blobService('acct-blob', 'acct')),
    // Renamed: Kustomize does not rewrite the owner names, so nothing hangs off the renamed group.
    'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod-\n',
    // Moved to a namespace: owner and child move together.
    'overlays/staging/kustomization.yaml': 'resources:\n  - ../../base\nnamespace: staging\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const client = new WorkspaceClient({ rootDir: root });
  before(async () => {
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('each manifest once where it is written, then each overlay with its rendered resources; the base is no overlay', async () => {
    const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
    assert.deepEqual(render(buildTree(r.nodes)), [
      'ResourceGroup default/rg',
      '  StorageAccount default/acct',
      '    StorageAccountsBlobService default/acct-blob',
      'Kustomization overlays/prod',
      '  ResourceGroup default/prod-rg',
      '  ResourceGroup default/rg (external)',
      '    StorageAccount default/prod-acct',
      // Its owner name too is left as written: `acct`, which the overlay does not create.
      '  StorageAccount default/acct (external)',
      '    StorageAccountsBlobService default/prod-acct-blob',
      'Kustomization overlays/staging',
      '  ResourceGroup staging/rg',
      '    StorageAccount staging/acct',
      '      StorageAccountsBlobService staging/acct-blob',
    ]);
  });

  test("a rendered resource opens where it was written: the base's document", async () => {
    const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
    const acct = r.nodes.find((n) => n.overlay === 'overlays/staging' && n.kind === 'StorageAccount')!;
    assert.equal(acct.uri, pathToFileURL(join(root, 'base/all.yaml')).href);
    // The account is the second document of base/all.yaml.
    const start = files['base/all.yaml'].split('\n').indexOf('kind: StorageAccount') - 1;
    assert.equal(acct.range!.start.line, start);
    assert.equal(acct.selectionRange!.start.line, start + 3);
    // Renamed by a prefix: it still opens at the name as written in the base.
    const prefixed = r.nodes.find((n) => n.overlay === 'overlays/prod' && n.name === 'prod-acct')!;
    assert.equal(prefixed.uri, acct.uri);
    assert.equal(prefixed.selectionRange!.start.line, start + 3);
    assert.equal(prefixed.selectionRange!.start.character, '  name: '.length);
    const overlay = r.nodes.find((n) => n.id === acct.ownerId && n.kind === 'ResourceGroup')!;
    assert.equal(overlay.name, 'rg');
  });

  test('a node keeps its id when a document is added before it (the tree keeps what is expanded)', async () => {
    // VS Code keeps a node expanded by its id: an id from the node's position named another node after
    // the edit, or none ("No tree item with id …" in the extension host's log).
    const identity = (n: GraphNode) =>
      `${n.overlay ?? ''}|${n.kind}|${n.namespace}|${n.name}${n.external ? '|external' : ''}`;
    const ids = (nodes: GraphNode[]) => new Map(nodes.map((n) => [identity(n), n.id]));
    const before = ids((await client.request<OwnerGraphResult>(OWNER_GRAPH, {})).nodes);
    const at = pathToFileURL(join(root, 'base/all.yaml')).href;
    await client.open(at, files['base/all.yaml']);
    await client.change(at, docs(rg('aaa'), '') + files['base/all.yaml']);
    try {
      const nodes = (await client.request<OwnerGraphResult>(OWNER_GRAPH, {})).nodes;
      assert.equal(new Set(nodes.map((n) => n.id)).size, nodes.length, 'ids are unique');
      const after = ids(nodes);
      assert.ok(after.has('|ResourceGroup|default|aaa') && after.has('overlays/prod|ResourceGroup|default|prod-aaa'));
      const moved = [...before].filter(([k, id]) => after.get(k) !== id).map(([k]) => k);
      assert.deepEqual(moved, []);
      assert.equal(after.size, before.size + 3);
    } finally {
      await client.change(at, files['base/all.yaml']);
      await client.close(at);
    }
  });
});
