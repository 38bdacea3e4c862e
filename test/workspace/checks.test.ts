// The cross-document checks over a pure index: each check, its exact range and what its message names.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { severityOf } from '../../server/src/service/core/diag';
import { checkFile } from '../../server/src/service/workspace/checks';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import {
  account,
  blobService,
  container,
  diagsOf,
  docs,
  eventSubscription,
  fileService,
  keyValue,
  messagesOf,
  rg,
  roleAssignment,
  share,
  URI,
  workspace,
} from './helpers';
import { yamlFiles } from '../helpers/files';

const STORAGE = 'storage.cloud.example.com';

describe('owners resolved by name', () => {
  test('an owner of the expected kind in another file: clean', () => {
    const ws = workspace({
      'rg.yaml': rg('rg-app'),
      'st.yaml': account('appstore', 'rg-app'),
      'blob.yaml': docs(blobService('appstore-blob', 'appstore'), container('uploads', 'appstore-blob')),
    });
    for (const f of ['rg.yaml', 'st.yaml', 'blob.yaml']) assert.deepEqual(diagsOf(ws, f), [], f);
  });

  test('owner-kind: the name names a manifest of another kind; the message names both kinds and where', () => {
    const ws = workspace({ 'st.yaml': account('appstore', 'rg-app'), 'c.yaml': container('uploads', 'appstore') });
    assert.deepEqual(diagsOf(ws, 'c.yaml', { complete: true }), ['owner-kind «appstore»']);
    const [m] = messagesOf(ws, 'c.yaml', 'owner-kind');
    assert.match(m, /`appstore`, which is a StorageAccount \(st\.yaml:4\)/);
    assert.match(m, /must be a StorageAccountsBlobService/);
    assert.equal(severityOf(checkFile(ws, URI('c.yaml'))[0]), 'error');
  });

  test('owner-not-found: information, only with a complete index, off with ownerResolution off', () => {
    const ws = workspace({ 'st.yaml': account('appstore', 'rg-missing') });
    assert.deepEqual(diagsOf(ws, 'st.yaml', { complete: true }), ['owner-not-found «rg-missing»']);
    assert.equal(severityOf(checkFile(ws, URI('st.yaml'))[0]), 'info');
    assert.match(
      messagesOf(ws, 'st.yaml', 'owner-not-found')[0],
      /No ResourceGroup named `rg-missing` in namespace `default`.*may exist in the cluster/,
    );
    assert.deepEqual(diagsOf(ws, 'st.yaml', { complete: false }), []);
    assert.deepEqual(diagsOf(ws, 'st.yaml', { complete: true, ownerResolution: 'off' }), []);
  });

  test('namespaces: an owner is looked up in the manifest own namespace (default when absent)', () => {
    const ws = workspace({ 'rg.yaml': rg('rg-app', 'team-a'), 'st.yaml': account('appstore', 'rg-app') });
    assert.deepEqual(diagsOf(ws, 'st.yaml'), ['owner-not-found «rg-app»']);
    const ws2 = workspace({ 'rg.yaml': rg('rg-app', 'default'), 'st.yaml': account('appstore', 'rg-app') });
    assert.deepEqual(diagsOf(ws2, 'st.yaml'), []);
  });

  test('arbitrary owner: kind Topic resolves only to a Topic; a DomainsTopic of that name is named in the hint', () => {
    const domainsTopic =
      'apiVersion: eventgrid.cloud.example.com/v20200601\nkind: DomainsTopic\nmetadata:\n  name: sample-domain-topic\nspec:\n  owner:\n    name: sample-domain\n';
    const sub = eventSubscription(
      'sub',
      '    group: eventgrid.cloud.example.com\n    kind: Topic\n    name: sample-domain-topic',
      { group: STORAGE, kind: 'StorageAccount', name: 'st' },
    );
    const ws = workspace({ 'dt.yaml': domainsTopic, 'sub.yaml': sub, 'st.yaml': account('st', 'rg') });
    const d = checkFile(ws, URI('sub.yaml'), { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${severityOf(x)}`),
      ['owner-not-found info'],
    );
    assert.match(
      d[0].message,
      /No Topic named `sample-domain-topic`.*A DomainsTopic of that name is defined at dt\.yaml:4: did you mean `kind: DomainsTopic`\?/,
    );
  });

  test('ownership-cycle: extension resources owning each other, reported on each member', () => {
    const a = roleAssignment('ra-a', {
      group: 'authorization.cloud.example.com',
      kind: 'RoleAssignment',
      name: 'ra-b',
    });
    const b = roleAssignment('ra-b', {
      group: 'authorization.cloud.example.com',
      kind: 'RoleAssignment',
      name: 'ra-a',
    });
    const ws = workspace({ 'a.yaml': a, 'b.yaml': b });
    assert.deepEqual(diagsOf(ws, 'a.yaml'), ['ownership-cycle «ra-b»']);
    assert.deepEqual(diagsOf(ws, 'b.yaml'), ['ownership-cycle «ra-a»']);
    assert.match(
      messagesOf(ws, 'a.yaml', 'ownership-cycle')[0],
      /RoleAssignment `ra-a` → RoleAssignment `ra-b` → RoleAssignment `ra-a`/,
    );
    const self = workspace({
      's.yaml': roleAssignment('me', { group: 'authorization.cloud.example.com', kind: 'RoleAssignment', name: 'me' }),
    });
    assert.deepEqual(diagsOf(self, 's.yaml'), ['ownership-cycle «me»']);
  });
});

describe('owner ids', () => {
  const arm = (id: string) => `armId: ${id}`;
  test('owner-arm-id: a KeyValue owner id must end in …/Provider.AppConfiguration/configurationStores/<name>', () => {
    const good = '/subscriptions/0000/resourceGroups/rg/providers/Provider.AppConfiguration/configurationStores/cfg';
    const goodCase =
      '/subscriptions/0000/resourcegroups/rg/providers/provider.appconfiguration/configurationstores/cfg';
    const bad = '/subscriptions/0000/resourceGroups/rg/providers/Provider.Storage/storageAccounts/cfg';
    const ws = workspace({
      'good.yaml': keyValue('k1', arm(good)),
      'case.yaml': keyValue('k2', arm(goodCase)),
      'bad.yaml': keyValue('k3', arm(bad)),
    });
    assert.deepEqual(diagsOf(ws, 'good.yaml'), []);
    assert.deepEqual(diagsOf(ws, 'case.yaml'), []);
    assert.deepEqual(diagsOf(ws, 'bad.yaml'), [`owner-arm-id «${bad}»`]);
    const [m] = messagesOf(ws, 'bad.yaml', 'owner-arm-id');
    assert.match(m, /owner of a KeyValue is a ConfigurationStore/);
    assert.match(m, /end in `\/providers\/Provider\.AppConfiguration\/configurationStores\/<name>`/);
    assert.match(m, /names `Provider\.Storage\/storageAccounts`/);
  });

  test('owner-arm-id: a resource group id is /subscriptions/<id>/resourceGroups/<name> (segment case-insensitive)', () => {
    const st = (id: string) => account('appstore', 'x').replace('    name: x\n', `    armId: ${id}\n`);
    const ws = workspace({
      'ok.yaml': st('/subscriptions/0000/resourceGroups/rg-app'),
      'ok2.yaml': st('/subscriptions/0000/RESOURCEGROUPS/rg-app').replace('appstore', 'appstore2'),
      'sub.yaml': st('/subscriptions/0000').replace('appstore', 'appstore3'),
      'deep.yaml': st('/subscriptions/0000/resourceGroups/rg/providers/Provider.Storage/storageAccounts/x').replace(
        'appstore',
        'appstore4',
      ),
    });
    assert.deepEqual(diagsOf(ws, 'ok.yaml'), []);
    assert.deepEqual(diagsOf(ws, 'ok2.yaml'), []);
    assert.deepEqual(diagsOf(ws, 'sub.yaml'), ['owner-arm-id «/subscriptions/0000»']);
    assert.match(
      messagesOf(ws, 'sub.yaml', 'owner-arm-id')[0],
      /be `\/subscriptions\/<id>\/resourceGroups\/<name>`; this id names a subscription/,
    );
    assert.deepEqual(
      diagsOf(ws, 'deep.yaml').map((d) => d.split(' ')[0]),
      ['owner-arm-id'],
    );
  });

  test('fixed names in the shape: a container owner id must name blobServices/default', () => {
    const c = (id: string) => container('uploads', 'x').replace('    name: x\n', `    armId: ${id}\n`);
    const base = '/subscriptions/0/resourceGroups/rg/providers/Provider.Storage/storageAccounts/st/blobServices';
    const ws = workspace({
      'ok.yaml': c(`${base}/default`),
      'bad.yaml': c(`${base}/other`).replace('uploads', 'downloads'),
    });
    assert.deepEqual(diagsOf(ws, 'ok.yaml'), []);
    assert.deepEqual(
      diagsOf(ws, 'bad.yaml').map((d) => d.split(' ')[0]),
      ['owner-arm-id'],
    );
  });

  test('queue and table owners by armId: the id shape of reference-shapes.md, though the spec shows no path', () => {
    const queue = (name: string, id: string) =>
      `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccountsQueueServicesQueue\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    armId: ${id}\n`;
    const account = '/subscriptions/0/resourceGroups/rg/providers/Provider.Storage/storageAccounts/st';
    const ws = workspace({
      'bad.yaml': queue('q1', '/subscriptions/0/resourceGroups/rg/providers/Provider.Anything/whatever/x'),
      'good.yaml': queue('q2', `${account}/queueServices/default`),
    });
    assert.deepEqual(diagsOf(ws, 'bad.yaml'), [
      'owner-arm-id «/subscriptions/0/resourceGroups/rg/providers/Provider.Anything/whatever/x»',
    ]);
    assert.match(
      messagesOf(ws, 'bad.yaml', 'owner-arm-id')[0],
      /end in `\/providers\/Provider\.Storage\/storageAccounts\/<name>\/queueServices\/default`/,
    );
    assert.deepEqual(diagsOf(ws, 'good.yaml'), []);
  });
});

describe('reference kinds and references', () => {
  test('reference-kind: a kind that does not exist in one of our groups; another group is left alone', () => {
    const bad = eventSubscription('s1', '    group: eventgrid.cloud.example.com\n    kind: Topics\n    name: t', {
      group: STORAGE,
      kind: 'StorageAcount',
      name: 'st',
    });
    const moved = eventSubscription('s2', '    group: storage.cloud.example.com\n    kind: Topic\n    name: t', {
      group: 'monitor.cloud.example.com',
      kind: 'Account',
      name: 'x',
    });
    const ws = workspace({ 'bad.yaml': bad, 'moved.yaml': moved });
    assert.deepEqual(diagsOf(ws, 'bad.yaml'), ['reference-kind «Topics»', 'reference-kind «StorageAcount»']);
    const msgs = messagesOf(ws, 'bad.yaml', 'reference-kind');
    assert.match(msgs[0], /"Topics" does not exist in group `eventgrid\.cloud\.example\.com`.*Did you mean `Topic`\?/);
    assert.match(msgs[1], /Did you mean `StorageAccount`\?/);
    assert.deepEqual(diagsOf(ws, 'moved.yaml'), ['reference-kind «Topic»']);
    assert.match(
      messagesOf(ws, 'moved.yaml', 'reference-kind')[0],
      /Topic is in group `eventgrid\.cloud\.example\.com`/,
    );
  });

  test('reference-not-found: information naming the field; resolved references are clean', () => {
    const sub = eventSubscription(
      's',
      '    armId: /subscriptions/0/resourceGroups/rg/providers/Provider.EventGrid/topics/t',
      { group: STORAGE, kind: 'StorageAccount', name: 'archive' },
    );
    const ws = workspace({ 'sub.yaml': sub });
    assert.deepEqual(diagsOf(ws, 'sub.yaml'), ['reference-not-found «archive»']);
    assert.match(
      messagesOf(ws, 'sub.yaml', 'reference-not-found')[0],
      /`spec\.destination\.storageQueue\.resourceReference` names a StorageAccount `archive`/,
    );
    ws.setText(URI('st.yaml'), account('archive', 'rg'));
    assert.deepEqual(diagsOf(ws, 'sub.yaml'), []);
    assert.deepEqual(diagsOf(ws, 'sub.yaml', { ownerResolution: 'off' }), []);
  });
});

describe('duplicates', () => {
  test('duplicate-resource: the same kind, namespace and name twice, in one file or two', () => {
    const ws = workspace({
      'rg.yaml': rg('rg'),
      'a.yaml': docs(account('appstore', 'rg'), account('appstore', 'rg')),
      'b.yaml': account('appstore', 'rg'),
    });
    assert.deepEqual(diagsOf(ws, 'a.yaml'), ['duplicate-resource «appstore»', 'duplicate-resource «appstore»']);
    assert.equal(severityOf(checkFile(ws, URI('a.yaml'))[0]), 'warning');
    assert.match(messagesOf(ws, 'b.yaml', 'duplicate-resource')[0], /also at a\.yaml:4, a\.yaml:16/);
    assert.match(messagesOf(ws, 'a.yaml', 'duplicate-resource')[0], /also at line 16, b\.yaml:4/);
  });

  test('not duplicates: copies in other folders are alternatives (environments, overlays, versions)', () => {
    const ws = workspace({
      'dev/st.yaml': account('appstore', 'rg'),
      'prod/st.yaml': account('appstore', 'rg'),
      'prod/more/st.yaml': account('appstore', 'rg'),
    });
    for (const f of ['dev/st.yaml', 'prod/st.yaml', 'prod/more/st.yaml'])
      assert.deepEqual(diagsOf(ws, f, { ownerResolution: 'off' }), [], f);
  });

  test('not duplicates: another kind, another namespace', () => {
    const other = account('appstore', 'rg').replace('  name: appstore\n', '  name: appstore\n  namespace: prod\n');
    const ws = workspace({
      'a.yaml': account('appstore', 'rg'),
      'b.yaml': other,
      'c.yaml': blobService('appstore', 'appstore'),
    });
    for (const f of ['a.yaml', 'b.yaml', 'c.yaml'])
      assert.deepEqual(
        diagsOf(ws, f).filter((d) => d.startsWith('duplicate')),
        [],
        f,
      );
  });
});

describe('limits a child takes from its parent', () => {
  const chain = (acctExtra: string, shareExtra: string, kind = 'StorageV2') => ({
    'st.yaml': account('appstore', 'rg', acctExtra, kind),
    'fs.yaml': docs(fileService('appstore-file', 'appstore'), share('docs', 'appstore-file', shareExtra)),
  });

  test('share-quota-large-file-shares: above 5120 GB needs largeFileSharesState: Enabled on the account', () => {
    const ws = workspace(chain('', '  shareQuota: 10240\n'));
    assert.deepEqual(diagsOf(ws, 'fs.yaml'), ['share-quota-large-file-shares «10240»']);
    assert.match(
      messagesOf(ws, 'fs.yaml', 'share-quota-large-file-shares')[0],
      /StorageAccount `appstore` \(st\.yaml:4\).*largeFileSharesState: Enabled/,
    );
    assert.deepEqual(
      diagsOf(workspace(chain('  largeFileSharesState: Enabled\n', '  shareQuota: 10240\n')), 'fs.yaml'),
      [],
    );
    assert.deepEqual(diagsOf(workspace(chain('', '  shareQuota: 5120\n')), 'fs.yaml'), []);
    // Above 102400 is the per-file value-range error, not this one.
    assert.deepEqual(diagsOf(workspace(chain('', '  shareQuota: 200000\n')), 'fs.yaml'), []);
  });

  test('share-access-tier-account-kind: FileStorage takes only Premium; StorageV2 not Premium', () => {
    const premiumOnV2 = workspace(chain('', '  accessTier: Premium\n'));
    assert.deepEqual(diagsOf(premiumOnV2, 'fs.yaml'), ['share-access-tier-account-kind «Premium»']);
    assert.match(
      messagesOf(premiumOnV2, 'fs.yaml', 'share-access-tier-account-kind')[0],
      /StorageV2.*TransactionOptimized/,
    );
    const hotOnFileStorage = workspace(chain('', '  accessTier: Hot\n', 'FileStorage'));
    assert.deepEqual(diagsOf(hotOnFileStorage, 'fs.yaml'), ['share-access-tier-account-kind «Hot»']);
    assert.match(
      messagesOf(hotOnFileStorage, 'fs.yaml', 'share-access-tier-account-kind')[0],
      /FileStorage account StorageAccount `appstore`.*only `Premium`/,
    );
    assert.deepEqual(diagsOf(workspace(chain('', '  accessTier: Premium\n', 'FileStorage')), 'fs.yaml'), []);
    assert.deepEqual(diagsOf(workspace(chain('', '  accessTier: Cool\n')), 'fs.yaml'), []);
  });

  test('without the whole chain in the workspace, nothing is assumed', () => {
    const ws = workspace({
      'fs.yaml': docs(
        fileService('appstore-file', 'appstore'),
        share('docs', 'appstore-file', '  shareQuota: 10240\n  accessTier: Premium\n'),
      ),
    });
    assert.deepEqual(diagsOf(ws, 'fs.yaml', { ownerResolution: 'off' }), []);
  });

  test('multichannel-account-kind: SMB multichannel on a file service of a non-FileStorage account', () => {
    const mc = '  protocolSettings:\n    smb:\n      multichannel:\n        enabled: true\n';
    const ws = workspace({
      'st.yaml': account('appstore', 'rg'),
      'fs.yaml': fileService('appstore-file', 'appstore', mc),
    });
    assert.deepEqual(diagsOf(ws, 'fs.yaml'), ['multichannel-account-kind «true»']);
    const ok = workspace({
      'st.yaml': account('appstore', 'rg', '', 'FileStorage'),
      'fs.yaml': fileService('appstore-file', 'appstore', mc),
    });
    assert.deepEqual(diagsOf(ok, 'fs.yaml'), []);
  });
});

describe('lists and odd documents', () => {
  test('items of a <Kind>List are manifests with owners', () => {
    const list = `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccountsBlobServicesContainerList\nitems:\n  - metadata:\n      name: a\n    spec:\n      owner:\n        name: appstore\n  - metadata:\n      name: b\n    spec:\n      owner:\n        name: appstore-blob\n`;
    const ws = workspace({
      'st.yaml': docs(account('appstore', 'rg'), blobService('appstore-blob', 'appstore')),
      'l.yaml': list,
    });
    assert.deepEqual(diagsOf(ws, 'l.yaml'), ['owner-kind «appstore»']);
  });

  test('documents that are not ours, broken YAML and empty files are indexed without manifests', () => {
    const ws = workspace({
      'k8s.yaml': 'apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: appstore\n',
      'broken.yaml': 'kind: [\n',
      'empty.yaml': '',
    });
    assert.equal(ws.manifestCount, 0);
    for (const f of ['k8s.yaml', 'broken.yaml', 'empty.yaml']) assert.deepEqual(diagsOf(ws, f), []);
  });
});

describe('real manifests', () => {
  const repo = join(__dirname, '..', '..');
  test('the examples, as one workspace, have no cross-document problem at all', () => {
    const index = createWorkspaceIndex();
    const list = yamlFiles(join(repo, 'examples')).filter((f) => !f.includes('mistakes'));
    for (const f of list) index.setText(pathToFileURL(f).href, readFileSync(f, 'utf8'));
    for (const f of list)
      assert.deepEqual(
        checkFile(index, pathToFileURL(f).href, { complete: true }).map((d) => d.message),
        [],
        f,
      );
  });
});

describe('messages that list places are the same whatever the order files were indexed in', () => {
  const files: Record<string, string> = {
    'z/st.yaml': account('appstore', 'rg-app'),
    'a/st.yaml': account('appstore', 'rg-app'),
    'm/svc.yaml': docs(blobService('appstore-blob', 'appstore-acct'), fileService('appstore', 'appstore-acct')),
    'c.yaml': container('uploads', 'appstore'),
    'dup/one.yaml': docs(rg('rg-dup'), rg('rg-dup')),
    'dup/two.yaml': rg('rg-dup'),
    'dup/three.yaml': rg('rg-dup'),
  };
  const reversed = Object.fromEntries(Object.entries(files).reverse());
  const display = { display: (u: string) => u.replace('file:///ws/', '') };

  test('owner-kind: kinds by name, places by file then line', () => {
    const [m1] = messagesOf(workspace(files), 'c.yaml', 'owner-kind', display);
    const [m2] = messagesOf(workspace(reversed), 'c.yaml', 'owner-kind', display);
    assert.equal(m1, m2);
    assert.match(
      m1,
      /which is a StorageAccount \(a\/st\.yaml:4, z\/st\.yaml:4\) and a StorageAccountsFileService \(m\/svc\.yaml:12\)/,
    );
  });

  test('duplicate-resource: the other places in file order', () => {
    const m1 = messagesOf(workspace(files), 'dup/two.yaml', 'duplicate-resource', display);
    const m2 = messagesOf(workspace(reversed), 'dup/two.yaml', 'duplicate-resource', display);
    assert.deepEqual(m1, m2);
    assert.match(m1[0], /also at dup\/one\.yaml:4, dup\/one\.yaml:11, dup\/three\.yaml:4\./);
  });
});
