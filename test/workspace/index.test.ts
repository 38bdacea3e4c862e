// The index itself: what it extracts, which files depend on a change, scopes, resource ids, the CLI's use
// of it, and how fast a large workspace is indexed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadWorkspace, checkWorkspace } from '../../server/src/cli/runWorkspace';
import { ownerGraph } from '../../server/src/service/workspace/ownerGraph';
import { parseFile } from '../../server/src/service/core/parse';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { idType, matchesShape } from '../../server/src/service/workspace/armId';
import { checkFile } from '../../server/src/service/workspace/checks';
import type { WorkspaceIndex } from '../../server/src/service/workspace/workspaceIndex';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import {
  account,
  blobService,
  diagsOf,
  docs,
  eventSubscription,
  fileService,
  rg,
  share,
  URI,
  workspace,
} from './helpers';

const names = (set: Set<string>) => [...set].map((u) => u.replace('file:///ws/', '')).sort();

describe('extraction', () => {
  test('identity, namespace default, owner, references, tracked values, spans', () => {
    const ws = workspace({
      'a.yaml': account('appstore', 'rg-app', '  largeFileSharesState: Enabled\n'),
      's.yaml': eventSubscription(
        'sub',
        '    group: storage.cloud.example.com\n    kind: StorageAccount\n    name: appstore',
        { group: 'storage.cloud.example.com', kind: 'StorageAccount', name: 'appstore' },
      ),
    });
    const [m] = ws.get(URI('a.yaml'))!.manifests;
    assert.equal(m.kind, 'StorageAccount');
    assert.equal(m.namespace, 'default');
    assert.equal(m.domain, 'cloud.example.com');
    const text = ws.get(URI('a.yaml'))!.text;
    assert.equal(text.slice(...m.nameSpan!), 'appstore');
    assert.equal(m.owner?.expectedKind, 'ResourceGroup');
    assert.equal(text.slice(...m.owner!.nameSpan!), 'rg-app');
    assert.equal(m.values['spec.kind'].value, 'StorageV2');
    assert.equal(m.values['spec.largeFileSharesState'].value, 'Enabled');
    const [sub] = ws.get(URI('s.yaml'))!.manifests;
    assert.equal(sub.owner?.style, 'arbitrary');
    assert.deepEqual(
      sub.refs.map((r) => [r.path, r.group, r.kind, r.name]),
      [['spec.destination.storageQueue.resourceReference', 'storage.cloud.example.com', 'StorageAccount', 'appstore']],
    );
  });

  test('a re-indexed file replaces what it held', () => {
    const ws = workspace({ 'a.yaml': account('one', 'rg') });
    ws.setText(URI('a.yaml'), account('two', 'rg'));
    assert.deepEqual(ws.named('workspace', 'default', 'one'), []);
    assert.equal(ws.named('workspace', 'default', 'two').length, 1);
    ws.remove(URI('a.yaml'));
    assert.equal(ws.manifestCount, 0);
    assert.deepEqual(ws.referrersOf('workspace', 'default', 'rg'), []);
  });
});

describe('dependents', () => {
  test('a change reaches the files that name what the file defines, transitively (share → service → account)', () => {
    const ws = workspace({
      'rg.yaml': rg('rg-app'),
      'st.yaml': account('appstore', 'rg-app'),
      'fs.yaml': fileService('appstore-file', 'appstore'),
      'share.yaml': share('docs', 'appstore-file', '  shareQuota: 10240\n'),
      'other.yaml': account('otherstore', 'rg-other'),
    });
    assert.deepEqual(diagsOf(ws, 'share.yaml', { ownerResolution: 'off' }), ['share-quota-large-file-shares «10240»']);
    const affected = ws.update(
      URI('st.yaml'),
      parseFile(account('appstore', 'rg-app', '  largeFileSharesState: Enabled\n')),
    );
    assert.deepEqual(names(affected), ['fs.yaml', 'share.yaml', 'st.yaml']);
    assert.deepEqual(diagsOf(ws, 'share.yaml', { ownerResolution: 'off' }), []);
  });

  test("the file service unchanged in the account's own file still carries the change to the share in another", () => {
    const accountFile = (lfs: string) =>
      docs(account('appstore', 'rg-app', lfs), fileService('appstore-file', 'appstore'));
    const ws = workspace({
      'st.yaml': accountFile(''),
      'share.yaml': share('docs', 'appstore-file', '  shareQuota: 10240\n'),
      'other.yaml': account('otherstore', 'rg-other'),
    });
    assert.deepEqual(diagsOf(ws, 'share.yaml', { ownerResolution: 'off' }), ['share-quota-large-file-shares «10240»']);
    // Only the account's chunk changes; the file service in between is the same chunk.
    const on = ws.update(URI('st.yaml'), parseFile(accountFile('  largeFileSharesState: Enabled\n')));
    assert.deepEqual(names(on), ['share.yaml', 'st.yaml']);
    assert.deepEqual(diagsOf(ws, 'share.yaml', { ownerResolution: 'off' }), []);
    const off = ws.update(URI('st.yaml'), parseFile(accountFile('  largeFileSharesState: Disabled\n')));
    assert.deepEqual(names(off), ['share.yaml', 'st.yaml']);
    assert.deepEqual(diagsOf(ws, 'share.yaml', { ownerResolution: 'off' }), ['share-quota-large-file-shares «10240»']);
  });

  test('removing or renaming a definition reaches its former referrers; duplicates reach each other', () => {
    const ws = workspace({
      'st.yaml': account('appstore', 'rg'),
      'blob.yaml': blobService('appstore-blob', 'appstore'),
      'dup.yaml': account('appstore', 'rg'),
    });
    assert.deepEqual(names(ws.update(URI('st.yaml'), parseFile(account('renamed', 'rg')))), [
      'blob.yaml',
      'dup.yaml',
      'st.yaml',
    ]);
    assert.deepEqual(names(ws.delete(URI('dup.yaml'))), ['blob.yaml', 'dup.yaml']);
    assert.deepEqual(diagsOf(ws, 'blob.yaml'), ['owner-not-found «appstore»']);
  });
});

describe('scopes', () => {
  test('a file outside the workspace sees only itself; the workspace does not see it', () => {
    const ws = createWorkspaceIndex();
    ws.setText(URI('rg.yaml'), rg('rg-app'));
    ws.setText('file:///elsewhere/st.yaml', account('appstore', 'rg-app'), 'file:///elsewhere/st.yaml');
    ws.setText(URI('blob.yaml'), blobService('appstore-blob', 'appstore'));
    assert.deepEqual(
      checkFile(ws, 'file:///elsewhere/st.yaml', { complete: true }).map((d) => d.code),
      ['owner-not-found'],
    );
    assert.deepEqual(diagsOf(ws, 'blob.yaml'), ['owner-not-found «appstore»']);
  });
});

describe('resource ids', () => {
  test('types of ids and shapes', () => {
    assert.deepEqual(idType('/subscriptions/1/resourceGroups/rg'), {
      level: 'resourceGroup',
      pairs: [],
      inResourceGroup: true,
    });
    assert.equal(
      idType('/subscriptions/1/resourceGroups/rg/providers/Provider.Storage/storageAccounts/a/blobServices/default')
        ?.type,
      'Provider.Storage/storageAccounts/blobServices',
    );
    assert.equal(idType('subscriptions/1'), undefined);
    assert.equal(idType('/subscriptions/1/resourceGroups/rg/providers/Provider.Storage/storageAccounts'), undefined);
    assert.equal(
      matchesShape(
        '/subscriptions/1/resourceGroups/rg/providers/Provider.X/y/z',
        '/subscriptions/{s}/providers/Provider.X/y/{n}',
      ),
      false,
    );
    assert.equal(matchesShape('not an id', '/subscriptions/{s}/resourceGroups/{r}'), undefined);
  });
});

describe('the CLI', () => {
  test('checkWorkspace reports cross-document problems with the files as they are named, not missing owners', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'cm-ws-cli-'));
    try {
      writeFileSync(join(dir, 'st.yaml'), account('appstore', 'rg-app'));
      writeFileSync(
        join(dir, 'fs.yaml'),
        docs(fileService('appstore-file', 'appstore'), share('docs', 'appstore-file', '  shareQuota: 10240\n')),
      );
      const inputs = ['st.yaml', 'fs.yaml'].map((n) => ({ kind: 'file' as const, path: join(dir, n), display: n }));
      const { workspace: w } = await loadWorkspace(inputs, { cwd: dir });
      const results = checkWorkspace(w, DEFAULT_SETTINGS);
      assert.deepEqual(
        results.map((r) => [r.file.display, r.diags.map((d) => d.code)]),
        [
          // The files given need not be the whole workspace: a missing owner proves nothing there.
          ['st.yaml', []],
          ['fs.yaml', ['share-quota-large-file-shares']],
        ],
      );
      assert.match(results[1].diags[0].message, /\(st\.yaml:4\)/);
      const quiet = checkWorkspace(w, {
        ...DEFAULT_SETTINGS,
        ownerResolution: 'off',
        rules: { 'share-quota-large-file-shares': 'warning' },
      });
      assert.deepEqual(
        quiet.map((r) => r.diags.map((d) => `${d.code} ${d.severity}`)),
        [[], ['share-quota-large-file-shares warning']],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scale', () => {
  test('10,000 manifests in 2,000 files index in a couple of seconds; an edit re-checks fast', () => {
    const api = (a: string, v: string) => `${a}.cloud.example.com/${v}`;
    const fileText = (i: number) =>
      docs(
        `apiVersion: ${api('resources', 'v1api20200601')}\nkind: ResourceGroup\nmetadata:\n  name: rg-${i}\nspec:\n  location: westus\n`,
        account(`st${i}`, `rg-${i}`, '  tags:\n    team: platform\n'),
        fileService(`st${i}-file`, `st${i}`),
        share(`share-${i}`, `st${i}-file`, '  shareQuota: 1024\n  accessTier: Hot\n'),
        eventSubscription(
          `sub-${i}`,
          `    group: storage.cloud.example.com\n    kind: StorageAccount\n    name: st${(i + 1) % 2000}`,
          { group: 'storage.cloud.example.com', kind: 'StorageAccount', name: `st${i}` },
        ),
      ).replace(/^/, `# scale test ${Date.now()}\n`);
    const texts = Array.from({ length: 2000 }, (_, i) => fileText(i));
    const ws = createWorkspaceIndex();
    const t0 = performance.now();
    texts.forEach((t, i) => ws.setText(`file:///big/f${i}.yaml`, t));
    const indexMs = performance.now() - t0;
    assert.equal(ws.manifestCount, 10000);
    const t1 = performance.now();
    let n = 0;
    for (const f of ws.files()) n += checkFile(ws, f.uri, { complete: true }).length;
    const checkMs = performance.now() - t1;
    assert.equal(n, 0);
    const t2 = performance.now();
    const affected = ws.update(
      'file:///big/f7.yaml',
      parseFile(texts[7].replace('accessTier: Hot', 'accessTier: Premium')),
    );
    for (const u of affected) checkFile(ws, u, { complete: true });
    const editMs = performance.now() - t2;
    console.log(
      `# index ${indexMs.toFixed(0)} ms, check all ${checkMs.toFixed(0)} ms, edit + re-check ${affected.size} files ${editMs.toFixed(0)} ms`,
    );
    assert.ok(indexMs < 8000, `index took ${indexMs} ms`);
    assert.ok(checkMs < 2000, `checks took ${checkMs} ms`);
  });
});

describe('determinism', () => {
  // A name defined twice at the same distance from its referrers: which copy is the owner, what the graph
  // shows and which locations messages list must not depend on the order the files were indexed in.
  const files: Record<string, string> = {
    'a/st.yaml': account('appstore', 'rg', '  largeFileSharesState: Enabled\n'),
    'b/st.yaml': account('appstore', 'rg'),
    'b/st-copy.yaml': account('appstore', 'rg'),
    'c/fs.yaml': docs(
      fileService('appstore-file', 'appstore'),
      share('docs', 'appstore-file', '  shareQuota: 10240\n'),
    ),
    'd/rg.yaml': rg('rg'),
    'e/rg.yaml': rg('rg'),
  };
  const indexed = (order: string[]) => {
    const ws = createWorkspaceIndex();
    for (const name of order) ws.setText(URI(name), files[name]);
    return ws;
  };
  const everything = (ws: WorkspaceIndex) => ({
    diagnostics: Object.keys(files)
      .sort()
      .map((name) => [
        name,
        checkFile(ws, URI(name), { complete: true }).map((d) => `${d.code} ${d.start} ${d.message}`),
      ]),
    graph: ownerGraph(ws, ws.uris()),
    owners: [...ws.manifests()].map((m) => `${m.uri}#${m.span[0]} → ${ws.ownerOf(m)?.uri ?? '-'}`).sort(),
  });

  test('every indexing order gives the same diagnostics, owners and owner graph', () => {
    const names = Object.keys(files);
    const reference = everything(indexed(names));
    // Rotations and the reverse of the list.
    for (let r = 1; r < names.length; r++)
      assert.deepEqual(everything(indexed([...names.slice(r), ...names.slice(0, r)])), reference, `rotation ${r}`);
    assert.deepEqual(everything(indexed([...names].reverse())), reference, 'reversed');
  });

  test('a long-lived index and a fresh one agree after files were removed and indexed again', () => {
    const names = Object.keys(files);
    const ws = indexed(names);
    ws.remove(URI('a/st.yaml'));
    ws.remove(URI('d/rg.yaml'));
    ws.setText(URI('a/st.yaml'), files['a/st.yaml']);
    ws.setText(URI('d/rg.yaml'), files['d/rg.yaml']);
    assert.deepEqual(everything(ws), everything(indexed(names)));
  });
});
