// Navigation over a pure index: definition, references, rename (edits applied re-check clean), symbols,
// resource paths and completion from the workspace.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { cursor } from '../helpers/cursor';
import { checkFile } from '../../server/src/service/workspace/checks';
import { completeReferences } from '../../server/src/service/features/completeRefs';
import type { WorkspaceIndex } from '../../server/src/service/workspace/workspaceIndex';
import {
  definitionAt,
  prepareRenameAt,
  referencesAt,
  renameAt,
  type Edit,
} from '../../server/src/service/workspace/navigate';
import { resourcePath, shortResourcePath } from '../../server/src/service/workspace/paths';
import { documentSymbols, SYMBOL_BUDGET, workspaceSymbols } from '../../server/src/service/workspace/symbols';
import {
  account,
  blobService,
  container,
  docs,
  eventSubscription,
  rg,
  roleAssignment,
  URI,
  workspace,
} from './helpers';

/** Offset of the n-th occurrence (0-based) of `needle` in a file, plus `delta`. */
function at(index: WorkspaceIndex, name: string, needle: string, nth = 0, delta = 1): number {
  const text = index.get(URI(name))!.text;
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} in ${name}`);
  return i + delta;
}

const show = (index: WorkspaceIndex, locs: { uri: string; span: [number, number] }[]) =>
  locs.map(
    (l) =>
      `${l.uri.replace('file:///ws/', '')}:${index.get(l.uri)!.lines().positionAt(l.span[0]).line + 1} «${index.get(l.uri)!.text.slice(l.span[0], l.span[1])}»`,
  );

function apply(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span[0] - a.span[0]))
    out = out.slice(0, e.span[0]) + e.newText + out.slice(e.span[1]);
  return out;
}

const STORAGE = { group: 'storage.cloud.example.com', kind: 'StorageAccount' };

function sample() {
  return workspace({
    'rg.yaml': rg('rg-app'),
    'st.yaml': account('appstore', 'rg-app'),
    'blob.yaml': docs(blobService('appstore-blob', 'appstore'), container('uploads', 'appstore-blob')),
    'ra.yaml': roleAssignment('reader', { ...STORAGE, name: 'appstore' }),
    // A quoted reference and one in a flow mapping: rename keeps the quotes and the flow style.
    'sub.yaml': eventSubscription(
      'sub',
      '    group: storage.cloud.example.com\n    kind: StorageAccount\n    name: "appstore"',
      { ...STORAGE, name: 'appstore' },
    ).replace(
      '      queueName: events\n',
      "      queueName: events\n  deadLetterDestination:\n    storageBlob:\n      endpointType: StorageBlob\n      blobContainerName: dl\n      resourceReference: {group: storage.cloud.example.com, kind: StorageAccount, name: 'appstore'}\n",
    ),
  });
}

describe('definition and references', () => {
  test('go to definition from an owner name, an arbitrary owner and a reference', () => {
    const ws = sample();
    assert.deepEqual(show(ws, definitionAt(ws, URI('blob.yaml'), at(ws, 'blob.yaml', 'name: appstore', 1, 7))), [
      'st.yaml:4 «appstore»',
    ]);
    assert.deepEqual(show(ws, definitionAt(ws, URI('ra.yaml'), at(ws, 'ra.yaml', 'name: appstore', 0, 8))), [
      'st.yaml:4 «appstore»',
    ]);
    assert.deepEqual(show(ws, definitionAt(ws, URI('sub.yaml'), at(ws, 'sub.yaml', '"appstore"'))), [
      'st.yaml:4 «appstore»',
    ]);
    // On a metadata.name, or on a name of nothing: nothing.
    assert.deepEqual(definitionAt(ws, URI('st.yaml'), at(ws, 'st.yaml', 'appstore')), []);
    assert.deepEqual(definitionAt(ws, URI('rg.yaml'), 0), []);
  });

  test('find references on metadata.name: everything it owns or that refers to it, in every file', () => {
    const ws = sample();
    const refs = show(ws, referencesAt(ws, URI('st.yaml'), at(ws, 'st.yaml', 'appstore'), true));
    assert.deepEqual(refs, [
      'st.yaml:4 «appstore»',
      'blob.yaml:7 «appstore»',
      'ra.yaml:9 «appstore»',
      'sub.yaml:9 «"appstore"»',
      'sub.yaml:16 «appstore»',
      "sub.yaml:22 «'appstore'»",
    ]);
    const noDecl = referencesAt(ws, URI('st.yaml'), at(ws, 'st.yaml', 'appstore'), false);
    assert.equal(noDecl.length, 5);
    // From a reference: the same set.
    assert.equal(referencesAt(ws, URI('ra.yaml'), at(ws, 'ra.yaml', 'name: appstore', 0, 8), true).length, 6);
    // A blob service named like the account is not a reference to the account.
    assert.deepEqual(show(ws, referencesAt(ws, URI('blob.yaml'), at(ws, 'blob.yaml', 'appstore-blob'), false)), [
      'blob.yaml:15 «appstore-blob»',
    ]);
  });
});

describe('rename', () => {
  test('rewrites metadata.name and every owner and reference by name, quotes kept, files re-check clean', () => {
    const ws = sample();
    const r = renameAt(ws, URI('st.yaml'), at(ws, 'st.yaml', 'appstore'), 'mainstore');
    assert.ok(!('error' in r));
    const edits = r as Map<string, Edit[]>;
    assert.deepEqual([...edits.keys()].map((u) => u.replace('file:///ws/', '')).sort(), [
      'blob.yaml',
      'ra.yaml',
      'st.yaml',
      'sub.yaml',
    ]);
    const after: Record<string, string> = {};
    for (const f of ws.files()) after[f.uri] = apply(f.text, edits.get(f.uri) ?? []);
    const sub = after[URI('sub.yaml')];
    assert.match(sub, /name: "mainstore"/);
    assert.match(sub, /name: 'mainstore'\}/);
    assert.doesNotMatch(sub, /appstore/);
    assert.match(after[URI('blob.yaml')], /name: appstore-blob/, 'a longer name that starts alike is left alone');
    for (const [uri, text] of Object.entries(after)) ws.setText(uri, text);
    for (const f of ws.files()) {
      assert.deepEqual(
        checkFile(ws, f.uri, { complete: true }).map((d) => d.message),
        [],
        f.uri,
      );
      assert.deepEqual(
        validateFile(parseFile(f.text)).filter((d) => d.code === 'yaml-syntax'),
        [],
        f.uri,
      );
    }
    assert.equal(referencesAt(ws, URI('st.yaml'), at(ws, 'st.yaml', 'mainstore'), false).length, 5);
  });

  test('rename from a reference renames the manifest it names', () => {
    const ws = sample();
    const r = renameAt(ws, URI('ra.yaml'), at(ws, 'ra.yaml', 'name: appstore', 0, 8), 'other') as Map<string, Edit[]>;
    assert.ok(r.get(URI('st.yaml'))?.length === 1);
  });

  test('prepareRename: the scalar text without quotes, and refusals', () => {
    const ws = sample();
    const p = prepareRenameAt(ws, URI('sub.yaml'), at(ws, 'sub.yaml', '"appstore"'));
    assert.ok(p && !('error' in p));
    assert.equal(ws.get(URI('sub.yaml'))!.text.slice(p.span[0], p.span[1]), 'appstore');
    assert.equal(p.placeholder, 'appstore');
    assert.equal(prepareRenameAt(ws, URI('st.yaml'), 0), undefined);
    const lonely = workspace({ 'a.yaml': account('appstore', 'rg-missing') });
    const q = prepareRenameAt(lonely, URI('a.yaml'), at(lonely, 'a.yaml', 'rg-missing'));
    assert.ok(q && 'error' in q && /not defined in the workspace/.test(q.error));
  });

  test('invalid names and clashes are refused', () => {
    const ws = workspace({ 'a.yaml': docs(account('one', 'rg'), account('two', 'rg')) });
    const off = at(ws, 'a.yaml', 'one');
    assert.match((renameAt(ws, URI('a.yaml'), off, 'Bad_Name') as { error: string }).error, /not a valid object name/);
    assert.match(
      (renameAt(ws, URI('a.yaml'), off, 'two') as { error: string }).error,
      /StorageAccount `two` already exists/,
    );
    assert.deepEqual([...(renameAt(ws, URI('a.yaml'), off, 'one') as Map<string, Edit[]>).keys()], []);
  });

  test("a name outside the kind's name limits is refused, naming the rule", () => {
    const ws = workspace({ 'a.yaml': account('appstore', 'rg') });
    const off = at(ws, 'a.yaml', 'appstore');
    const short = renameAt(ws, URI('a.yaml'), off, 'st') as { error: string };
    assert.equal(
      short.error,
      '"st" is not a valid StorageAccount name: it must be 3 to 24 characters (`metadata.name` is the cloud name when `spec.cloudName` is absent).',
    );
    assert.match(
      (renameAt(ws, URI('a.yaml'), off, 'app-store') as { error: string }).error,
      /lowercase letters and digits in API versions after/,
    );
    assert.ok(renameAt(ws, URI('a.yaml'), off, 'mainstore') instanceof Map);
    // A cloud name of its own: metadata.name is free of the limits.
    const own = workspace({ 'b.yaml': account('appstore', 'rg', '  cloudName: appstore\n') });
    assert.ok(renameAt(own, URI('b.yaml'), at(own, 'b.yaml', 'appstore'), 'st') instanceof Map);
  });
});

describe('symbols', () => {
  test('document symbols: Kind name per manifest, fields nested', () => {
    const text = docs(
      rg('rg-app'),
      account('appstore', 'rg-app', '  tags:\n    team: a\n'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n',
    );
    const syms = documentSymbols(parseFile(text));
    assert.deepEqual(
      syms.map((s) => s.name),
      ['ResourceGroup rg-app', 'StorageAccount appstore', 'ConfigMap x'],
    );
    const spec = syms[1].children!.find((c) => c.name === 'spec')!;
    assert.deepEqual(
      spec.children!.map((c) => c.name),
      ['location', 'kind', 'sku', 'owner', 'tags'],
    );
    assert.equal(spec.children!.find((c) => c.name === 'owner')!.children![0].detail, 'rg-app');
    assert.equal(syms[1].selectionRange.start.line, 10);
  });

  test('document symbols follow their manifest when an edit above moves it (cached per document)', () => {
    const before = docs(rg('rg-app'), account('appstore', 'rg-app'), account('other', 'rg-app'));
    const positions = (text: string) =>
      documentSymbols(parseFile(text)).map((s) => {
        const at = text.indexOf(s.name.split(' ')[1], text.indexOf(`kind: ${s.name.split(' ')[0]}\n`));
        const line = text.slice(0, at).split('\n').length - 1;
        return [s.name, s.selectionRange.start.line, line, s.range.start.line] as const;
      });
    const first = positions(before);
    for (const [name, got, want] of first) assert.equal(got, want, `${name} before the edit`);
    // Three lines more in the first document: the other two documents' symbols are reused, moved down.
    const after = before.replace('  name: rg-app\n', '  name: rg-app\n  labels:\n    a: b\n    c: d\n');
    const second = positions(after);
    for (const [name, got, want] of second) assert.equal(got, want, `${name} after the edit`);
    assert.deepEqual(
      second.slice(1).map((p) => p[3]),
      first.slice(1).map((p) => p[3] + 3),
    );
  });

  test('the outline of a very large file keeps every manifest and leaves out the deepest fields', () => {
    const count = (list: { children?: unknown[] }[]): number =>
      list.reduce((n, s) => n + 1 + count((s.children ?? []) as { children?: unknown[] }[]), 0);
    const depth = (list: { children?: unknown[] }[]): number =>
      list.length === 0 ? 0 : 1 + Math.max(...list.map((s) => depth((s.children ?? []) as { children?: unknown[] }[])));
    const small = documentSymbols(
      parseFile(docs(...Array.from({ length: 10 }, (_, i) => account(`acct${i}`, 'rg-app')))),
    );
    const large = documentSymbols(
      parseFile(docs(...Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg-app')))),
    );
    assert.equal(large.length, 2000);
    assert.equal(large[1999].name, 'StorageAccount acct1999');
    assert.ok(count(large) <= SYMBOL_BUDGET, `${count(large)} symbols`);
    assert.ok(count(small) * 200 > SYMBOL_BUDGET, 'the large file would exceed the budget in full');
    assert.ok(depth(large) >= 1 && depth(large) < depth(small), `depth ${depth(large)} against ${depth(small)}`);
  });

  test('workspace symbols: every manifest, filtered by a fuzzy query', () => {
    const ws = sample();
    assert.equal(workspaceSymbols(ws, '').length, 6);
    assert.deepEqual(
      workspaceSymbols(ws, 'stacc app').map((s) => s.name),
      ['StorageAccount appstore', 'StorageAccountsBlobService appstore-blob'],
    );
    assert.equal(
      workspaceSymbols(ws, 'appstore-b')[0].name,
      'StorageAccountsBlobService appstore-blob',
      'a contiguous match first',
    );
    assert.deepEqual(
      workspaceSymbols(ws, 'uploads').map((s) => [s.name, s.location.uri, s.location.range.start.line]),
      [['StorageAccountsBlobServicesContainer uploads', URI('blob.yaml'), 11]],
    );
  });
});

describe('resource paths', () => {
  test('from the owner chain and cloudName', () => {
    const ws = workspace({
      'rg.yaml': rg('rg-app'),
      'st.yaml': account('appstore', 'rg-app'),
      'blob.yaml': docs(
        blobService('appstore-blob', 'appstore'),
        container('uploads', 'appstore-blob').replace('spec:\n', 'spec:\n  cloudName: up-loads\n'),
      ),
      'ra.yaml': roleAssignment('reader', { ...STORAGE, name: 'appstore' }),
    });
    const path = (file: string, i = 0) => resourcePath(ws, ws.get(URI(file))!.manifests[i]);
    const acct =
      '/subscriptions/{subscriptionId}/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore';
    assert.equal(path('st.yaml'), acct);
    assert.equal(path('blob.yaml'), `${acct}/blobServices/default`);
    assert.equal(path('blob.yaml', 1), `${acct}/blobServices/default/containers/up-loads`);
    assert.equal(path('ra.yaml'), `${acct}/providers/Provider.Authorization/roleAssignments/{generated UUID}`);
  });

  test('an owner given by armId, an owner not in the workspace, a kind without a path shape', () => {
    const byId = account('appstore', 'x').replace(
      '    name: x\n',
      '    armId: /subscriptions/1234/resourceGroups/rg-prod\n',
    );
    const q = `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccountsQueueService\nmetadata:\n  name: q\nspec:\n  owner:\n    name: appstore\n`;
    const ws = workspace({ 'a.yaml': byId, 'b.yaml': blobService('other-blob', 'otherstore'), 'q.yaml': q });
    assert.equal(
      resourcePath(ws, ws.get(URI('a.yaml'))!.manifests[0]),
      '/subscriptions/1234/resourceGroups/rg-prod/providers/Provider.Storage/storageAccounts/appstore',
    );
    assert.equal(
      resourcePath(ws, ws.get(URI('b.yaml'))!.manifests[0]),
      '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.Storage/storageAccounts/otherstore/blobServices/default',
    );
    assert.equal(resourcePath(ws, ws.get(URI('q.yaml'))!.manifests[0]), undefined);
  });

  test('a cycle does not loop', () => {
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
    assert.match(resourcePath(ws, ws.get(URI('a.yaml'))!.manifests[0])!, /roleAssignments/);
  });
});

describe('completion from the workspace', () => {
  const labels = (ws: WorkspaceIndex, name: string, text: string) => {
    const { text: clean, offset } = cursor(text);
    ws.setText(URI(name), clean);
    return completeReferences(ws, URI(name), parseFile(clean), offset).map((i) => i.label);
  };

  test('owner.name: manifests of the owner kind in the same namespace', () => {
    const ws = workspace({
      'st.yaml': docs(account('appstore', 'rg'), account('backup', 'rg'), blobService('appstore-blob', 'appstore')),
      'prod.yaml': account('prodstore', 'rg').replace('  name: prodstore\n', '  name: prodstore\n  namespace: prod\n'),
    });
    assert.deepEqual(labels(ws, 'c.yaml', container('uploads', '|')), ['appstore-blob']);
    assert.deepEqual(labels(ws, 'b.yaml', blobService('b', '|')), ['appstore', 'backup']);
  });

  test('group, kind and name of an arbitrary owner and of a resource reference', () => {
    const ws = workspace({ 'st.yaml': docs(account('appstore', 'rg'), blobService('appstore-blob', 'appstore')) });
    const ra = (owner: string) =>
      `apiVersion: authorization.cloud.example.com/v1api20220401\nkind: RoleAssignment\nmetadata:\n  name: r\nspec:\n  owner:\n${owner}\n  principalId: x\n`;
    assert.ok(labels(ws, 'r.yaml', ra('    group: |')).includes('storage.cloud.example.com'));
    assert.deepEqual(labels(ws, 'r.yaml', ra('    kind: StorageAccount\n    group: |')), ['storage.cloud.example.com']);
    assert.ok(
      labels(ws, 'r.yaml', ra('    group: storage.cloud.example.com\n    kind: |')).includes(
        'StorageAccountsBlobService',
      ),
    );
    assert.ok(!labels(ws, 'r.yaml', ra('    group: storage.cloud.example.com\n    kind: |')).includes('Topic'));
    assert.deepEqual(
      labels(ws, 'r.yaml', ra('    group: storage.cloud.example.com\n    kind: StorageAccount\n    name: |')),
      ['appstore'],
    );
    assert.deepEqual(
      labels(ws, 'r.yaml', ra('    group: monitor.cloud.example.com\n    kind: Account\n    name: |')),
      [],
    );
    const sub = eventSubscription('s', '    armId: /subscriptions/0', {
      group: 'storage.cloud.example.com',
      kind: 'StorageAccountsBlobService',
      name: '|',
    });
    assert.deepEqual(labels(ws, 's.yaml', sub), ['appstore-blob']);
  });
});

test('shortResourcePath: the code lens title keeps what follows the namespace, at most two type/name pairs', () => {
  const acct =
    '/subscriptions/{subscriptionId}/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore';
  assert.equal(shortResourcePath(acct), 'storageAccounts/appstore');
  assert.equal(shortResourcePath(`${acct}/fileServices/default/shares/team`), '…/fileServices/default/shares/team');
  assert.equal(
    shortResourcePath(`${acct}/providers/Provider.Authorization/roleAssignments/{generated UUID}`),
    'roleAssignments/{generated UUID}',
  );
  assert.equal(shortResourcePath('/subscriptions/0000/resourceGroups/rg-app'), 'resourceGroups/rg-app');
});
