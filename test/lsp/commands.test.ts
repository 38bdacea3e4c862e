// The extension's own requests: the owner graph of the examples (service/workspace/ownerGraph.ts, the
// workspace index's resolution of owners), and both requests of the real server (lsp/commands.ts, started
// in-process over streams) on a workspace folder. The client's tree building (client/src/graphModel.ts) is
// covered here too.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { WorkDoneProgress } from 'vscode-languageserver-protocol/node';
import { buildTree, countIn, describeProblems, type TreeNode } from '../../client/src/graphModel';
import { sortKinds } from '../../client/src/kindOrder';
import {
  CHECK_WORKSPACE,
  OWNER_GRAPH,
  type CheckWorkspaceResult,
  type GraphNode,
  type OwnerGraphResult,
} from '../../server/src/protocol/customRequests';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { ownerGraph } from '../../server/src/service/workspace/ownerGraph';
import { WorkspaceClient } from '../e2e/workspaceClient';

const repo = join(__dirname, '..', '..');

const MISTAKES = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: draftstore
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_LRS
  accessTier: hot
`;

function graphOf(files: Record<string, string>): GraphNode[] {
  const index = createWorkspaceIndex();
  for (const [name, text] of Object.entries(files)) index.setText(`file:///ws/${name}`, text);
  return ownerGraph(index, index.uris());
}
const label = (n: GraphNode) => `${n.kind} ${n.name}${n.external ? ' (external)' : ''}`;
const render = (ts: TreeNode[], depth = 0): string[] =>
  ts.flatMap((t) => [`${'  '.repeat(depth)}${label(t.node)}`, ...render(t.children, depth + 1)]);

describe('owner graph', () => {
  test('the storage examples nest ResourceGroup > StorageAccount > service > container', () => {
    const files: Record<string, string> = {};
    for (const f of ['resource-group.yaml', 'storage/account.yaml', 'storage/blob.yaml', 'storage/file.yaml'])
      files[f] = readFileSync(join(repo, 'examples', f), 'utf8');
    const tree = render(buildTree(graphOf(files)));
    const at = (line: string) => tree.findIndex((l) => l === line);
    const rg = at('ResourceGroup rg-app');
    const account = at('  StorageAccount appstore');
    const blob = at('    StorageAccountsBlobService appstore-blob');
    assert.ok(rg >= 0 && account > rg && blob > account, tree.join('\n'));
    assert.ok(
      tree.some((l) => /^ {6}StorageAccountsBlobServicesContainer /.test(l)),
      tree.join('\n'),
    );
    assert.ok(
      tree.some((l) => /^ {6}StorageAccountsFileServicesShare /.test(l)),
      tree.join('\n'),
    );
  });

  test('the owner must be of the expected kind, in the same namespace', () => {
    const nodes = graphOf({
      'a.yaml': `apiVersion: resources.cloud.example.com/v20200601
kind: ResourceGroup
metadata: {name: shared}
spec: {location: westus}
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata: {name: shared, namespace: other}
spec: {location: westus, owner: {name: shared}}
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata: {name: blob}
spec: {owner: {name: shared}}
`,
    });
    const byName = (kind: string) => nodes.find((n) => n.kind === kind && !n.external)!;
    // `shared` in namespace `other` is not the resource group of namespace `default`.
    assert.equal(byName('StorageAccount').ownerId, 'external:other/ResourceGroup/shared');
    // The blob service's owner `shared` (default namespace) is a ResourceGroup, not a StorageAccount: the
    // tree hangs it off that resource group (what the name names), marked with the kind it must be, rather
    // than off a made-up StorageAccount `shared` not in the workspace.
    assert.equal(byName('StorageAccountsBlobService').ownerId, byName('ResourceGroup').id);
    assert.equal(byName('StorageAccountsBlobService').ownerKindExpected, 'StorageAccount');
    assert.equal(byName('StorageAccount').ownerKindExpected, undefined);
    const externals = nodes.filter((n) => n.external).map((n) => `${n.namespace}/${n.kind}/${n.name}`);
    assert.deepEqual(externals.sort(), ['other/ResourceGroup/shared']);
  });

  test('a container owned by a StorageAccount of the workspace shows under it, not under a made-up blob service', () => {
    const nodes = graphOf({
      'store.yaml': `apiVersion: resources.cloud.example.com/v20200601
kind: ResourceGroup
metadata: {name: demo-rg}
spec: {location: westeurope}
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata: {name: Demo_Store}
spec: {location: westeurope, owner: {name: demo-rg}, kind: StorageV2, sku: {name: Standard_LRS}}
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata: {name: images}
spec: {owner: {name: Demo_Store}}
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata: {name: loop}
spec: {owner: {name: loop}}
`,
    });
    assert.deepEqual(render(buildTree(nodes)), [
      'ResourceGroup demo-rg',
      '  StorageAccount Demo_Store',
      '    StorageAccountsBlobServicesContainer images',
      // A name that names only the manifest itself is no owner of it.
      'StorageAccount loop (external)',
      '  StorageAccountsBlobService loop',
    ]);
    const container = nodes.find((n) => n.kind === 'StorageAccountsBlobServicesContainer')!;
    assert.equal(container.ownerKindExpected, 'StorageAccountsBlobService');
  });

  test('armId owners, list items, ranges and a cycle', () => {
    const text = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountList
items:
  - metadata: {name: one}
    spec: {location: westus, owner: {armId: /subscriptions/0000/resourceGroups/rg-x}}
  - metadata: {name: two}
    spec: {location: westus, owner: {armId: /subscriptions/0000/resourceGroups/rg-x}}
---
apiVersion: authorization.cloud.example.com/v20220401
kind: RoleAssignment
metadata: {name: ra1}
spec: {owner: {group: authorization.cloud.example.com, kind: RoleAssignment, name: ra2}}
---
apiVersion: authorization.cloud.example.com/v20220401
kind: RoleAssignment
metadata: {name: ra2}
spec: {owner: {group: authorization.cloud.example.com, kind: RoleAssignment, name: ra1}}
`;
    const nodes = graphOf({ 'l.yaml': text });
    const one = nodes.find((n) => n.name === 'one')!;
    assert.equal(one.kind, 'StorageAccount');
    assert.equal(one.range!.start.line, 3);
    assert.deepEqual(one.selectionRange, { start: { line: 3, character: 21 }, end: { line: 3, character: 24 } });
    const ext = nodes.filter((n) => n.external);
    assert.equal(ext.length, 1);
    assert.equal(ext[0].armId, '/subscriptions/0000/resourceGroups/rg-x');
    assert.equal(ext[0].name, 'rg-x');
    const tree = render(buildTree(nodes));
    // Each node once; the cycle ra1 <-> ra2 is shown from one of them.
    assert.equal(tree.length, nodes.length, tree.join('\n'));
    assert.deepEqual(tree.slice(0, 3), [
      'ResourceGroup rg-x (external)',
      '  StorageAccount one',
      '  StorageAccount two',
    ]);
    assert.ok(tree.includes('RoleAssignment ra1') || tree.includes('RoleAssignment ra2'), tree.join('\n'));
  });

  test('problem counts per manifest range', () => {
    const diags = [
      { range: { start: { line: 2, character: 0 } }, severity: 0 },
      { range: { start: { line: 4, character: 3 } }, severity: 1 },
      { range: { start: { line: 9, character: 0 } }, severity: 0 },
    ];
    const p = countIn(diags, { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } });
    assert.deepEqual(p, { errors: 1, warnings: 1, infos: 0 });
    assert.equal(describeProblems(p), '1 error, 1 warning');
    assert.equal(
      describeProblems(countIn(diags, { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } }, true)),
      '2 errors, 1 warning',
    );
  });
});

describe('commands of the real server', () => {
  let dir: string;
  let client: WorkspaceClient;
  const progress: string[] = [];
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;
  const rel = (u: string) => relative(dir, fileURLToPath(u)).replace(/\\/g, '/');
  const configure = (settings: unknown) =>
    client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { cloudManifests: settings } });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-commands-'));
    cpSync(join(repo, 'examples', 'resource-group.yaml'), join(dir, 'resource-group.yaml'));
    cpSync(join(repo, 'examples', 'storage'), join(dir, 'storage'), { recursive: true });
    writeFileSync(join(dir, 'mistakes.yaml'), MISTAKES);
    // Another name: the same one twice would be a duplicate resource.
    writeFileSync(join(dir, 'legacy-mistakes.yaml'), MISTAKES.replace('draftstore', 'legacystore'));
    writeFileSync(join(dir, 'other.yaml'), 'name: not a manifest\n');
    client = new WorkspaceClient({ rootDir: dir });
    client.conn.onProgress(WorkDoneProgress.type, 'p1', (value) => void progress.push(value.kind));
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('checkWorkspace returns every YAML file with its diagnostics, and progress', async () => {
    const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, { workDoneToken: 'p1' });
    const files = r.files.map((f) => rel(f.uri)).sort();
    assert.ok(
      files.includes('resource-group.yaml') &&
        files.includes('storage/blob.yaml') &&
        files.includes('mistakes.yaml') &&
        files.includes('other.yaml'),
      files.join(' '),
    );
    assert.equal(r.cancelled, false);
    const mistakes = r.files.find((f) => rel(f.uri) === 'mistakes.yaml')!;
    assert.deepEqual(
      mistakes.diagnostics.map((d) => `${d.range.start.line}:${d.code}`),
      ['12:enum-case'],
    );
    assert.equal(mistakes.diagnostics[0].source, 'cloud-manifests');
    for (const f of r.files)
      if (rel(f.uri) !== 'mistakes.yaml' && rel(f.uri) !== 'legacy-mistakes.yaml')
        assert.deepEqual(f.diagnostics, [], rel(f.uri));
    await new Promise((res) => setTimeout(res, 50));
    assert.equal(progress[0], 'begin');
    assert.equal(progress[progress.length - 1], 'end');
  });

  test('checkWorkspace follows settings: exclude and rules', async () => {
    await configure({ exclude: ['legacy-*.yaml'], rules: { 'enum-case': 'off' } });
    try {
      const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {});
      const files = r.files.map((f) => rel(f.uri));
      assert.ok(files.includes('mistakes.yaml') && !files.includes('legacy-mistakes.yaml'), files.join(' '));
      assert.deepEqual(r.files.find((f) => rel(f.uri) === 'mistakes.yaml')!.diagnostics, []);
    } finally {
      await configure({});
    }
  });

  test('checkWorkspace of named files uses the open document over the file on disk', async () => {
    await client.open(uri('mistakes.yaml'), MISTAKES.replace('hot', 'Hot'));
    const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {
      uris: [uri('mistakes.yaml'), uri('gone.yaml')],
    });
    assert.deepEqual(
      r.files.map((f) => [rel(f.uri), f.diagnostics.length]),
      [['mistakes.yaml', 0]],
    );
    assert.deepEqual(r.unreadable.map(rel), ['gone.yaml']);
    await client.close(uri('mistakes.yaml'));
  });

  test('ownerGraph returns the manifests of every file with owners resolved across files', async () => {
    const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
    const find = (kind: string, name: string) => r.nodes.find((n) => n.kind === kind && n.name === name && !n.external);
    const rg = find('ResourceGroup', 'rg-app')!;
    const account = find('StorageAccount', 'appstore')!;
    const draft = find('StorageAccount', 'draftstore')!;
    const blob = find('StorageAccountsBlobService', 'appstore-blob')!;
    assert.equal(account.ownerId, rg.id);
    assert.equal(draft.ownerId, rg.id);
    assert.equal(blob.ownerId, account.id);
    assert.equal(rel(blob.uri!), 'storage/blob.yaml');
    assert.ok(
      r.nodes.every((n) => !n.ownerId || r.nodes.some((o) => o.id === n.ownerId)),
      'every owner id names a node',
    );
  });
});

test('"New Cloud Resource Manifest…" lists kinds by kind name, the newest version of a kind first', () => {
  const entries = [
    { kindName: 'StorageAccount', area: 'storage', version: 'v20220901' },
    { kindName: 'RoleAssignment', area: 'authorization', version: 'v1api20220401' },
    { kindName: 'BatchAccount', area: 'batch', version: 'v20240701' },
    { kindName: 'RoleAssignment', area: 'authorization', version: 'v20220401' },
    { kindName: 'ConfigurationStore', area: 'appconfiguration', version: 'v20240601' },
  ];
  assert.deepEqual(
    sortKinds(entries).map((e) => `${e.kindName} ${e.version}`),
    [
      'BatchAccount v20240701',
      'ConfigurationStore v20240601',
      'RoleAssignment v20220401',
      'RoleAssignment v1api20220401',
      'StorageAccount v20220901',
    ],
  );
});
