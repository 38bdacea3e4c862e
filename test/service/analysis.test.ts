// One analysis, passed explicitly: an edit is parsed and validated once on its way to diagnostics (counted
// by the analysis itself, in the service and through the in-process server), and two analyses holding
// different registries of kinds in one process answer each by its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builtinRegistry, registryWith } from '../../server/src/model/registry';
import { Analysis } from '../../server/src/service/analysis';
import { complete } from '../../server/src/service/features/complete';
import { hover } from '../../server/src/service/features/hover';
import { TestClient } from '../e2e/lspClient';
import { storageAccount } from '../helpers/manifests';

const account = (name: string, tls = 'TLS1_2') => storageAccount({ name, minimumTlsVersion: tls });

const file = (names: string[], tlsOf: (n: string) => string = () => 'TLS1_2') =>
  names.map((n) => account(n, tlsOf(n))).join('---\n');

const NAMES = ['acct1', 'acct2', 'acct3', 'acct4', 'acct5'];

test('an edit to one document of an open file: one parse and one validation on the way to its diagnostics', () => {
  const analysis = new Analysis();
  const uri = 'file:///ws/accounts.yaml';
  // The owner (a resource group) is not in this workspace: "not found" is left out, as while a scan runs.
  const cross = { complete: false };
  const v1 = file(NAMES);
  analysis.updateFile(uri, analysis.openFile(uri, 1, v1));
  assert.deepEqual(analysis.fileDiagnostics(uri, undefined, cross), []);
  const before = { ...analysis.counters };
  // The third document gets a wrong TLS version: the others are unchanged.
  const v2 = file(NAMES, (n) => (n === 'acct3' ? 'TLS1_9' : 'TLS1_2'));
  const parsed = analysis.openFile(uri, 2, v2);
  analysis.updateFile(uri, parsed);
  const diags = analysis.fileDiagnostics(uri, undefined, cross);
  // Asked again (another request, a second publish): all cached.
  assert.deepEqual(analysis.fileDiagnostics(uri, undefined, cross), diags);
  assert.equal(analysis.openFile(uri, 2, v2), parsed, 'the same version is not analysed again');
  assert.equal(diags.length, 1);
  assert.equal(v2.slice(diags[0].start, diags[0].end), 'TLS1_9');
  assert.deepEqual(
    {
      parses: analysis.counters.parses - before.parses,
      validations: analysis.counters.validations - before.validations,
    },
    { parses: 1, validations: 1 },
  );
});

test('through the server: an edit is parsed and validated once before its diagnostics are published', async () => {
  const client = new TestClient({ transport: 'in-process' });
  try {
    await client.initialize();
    const uri = 'file:///counted/accounts.yaml';
    assert.deepEqual(await client.open(uri, file(NAMES)), []);
    const state = client.serverState!;
    const before = { ...state.host.status().counters };
    const diags = await client.change(
      uri,
      file(NAMES, (n) => (n === 'acct4' ? 'TLS1_9' : 'TLS1_2')),
    );
    assert.equal(diags.length, 1);
    assert.match(`${diags[0].message}`, /TLS1_9/);
    const after = state.host.status().counters;
    assert.deepEqual(
      { parses: after.parses - before.parses, validations: after.validations - before.validations },
      { parses: 1, validations: 1 },
    );
  } finally {
    await client.stop();
  }
});

test('two analyses with different registries in one process give different answers', () => {
  const builtin = new Analysis();
  // The same kinds without StorageAccount, and with ManagementPolicy's meaning rewritten.
  const changedDoc = 'A policy of this test registry.';
  const policy = builtinRegistry().kinds.find((d) => d.kind === 'StorageAccountsManagementPolicy')!;
  const other = new Analysis({
    registry: registryWith([{ ...policy, doc: changedDoc }], (d) => d.kind === 'StorageAccount' || d === policy),
  });
  const text = account('acct', 'TLS1_9');
  const uri = 'file:///ws/a.yaml';

  // Diagnostics: the built-in registry checks the account; the other does not know the kind.
  const mine = builtin.fileDiagnostics(uri, builtin.parse(text));
  const theirs = other.fileDiagnostics(uri, other.parse(text));
  assert.deepEqual(
    mine.map((d) => d.code),
    ['enum-value'],
  );
  assert.deepEqual(
    theirs.map((d) => d.code),
    ['unknown-kind'],
  );
  assert.match(theirs[0].message, /"StorageAccount" does not exist/);

  // Completion of `kind`: the kinds of each registry.
  const typing = 'apiVersion: storage.example.org/v20220901\nkind: ';
  const kinds = (a: Analysis) => complete(a.parse(typing), typing.length).map((c) => c.label);
  assert.ok(kinds(builtin).includes('StorageAccount'));
  assert.ok(!kinds(other).includes('StorageAccount'));
  assert.ok(kinds(other).includes('StorageAccountsBlobService'));

  // Hover on a kind whose definition differs.
  const pol = `apiVersion: storage.example.org/${policy.version}\nkind: StorageAccountsManagementPolicy\n`;
  const at = pol.indexOf('StorageAccountsManagementPolicy') + 2;
  assert.ok(!hover(builtin.parse(pol), at)!.markdown.includes(changedDoc));
  assert.ok(hover(other.parse(pol), at)!.markdown.includes(changedDoc));
});

test('holds are counted in the analysis: a document version and an indexed file hold their chunks until they go', () => {
  const analysis = new Analysis();
  const uri = 'file:///ws/held.yaml';
  const v1 = file(NAMES);
  const held = () => analysis.store.stats().heldChunks;
  analysis.openFile(uri, 1, v1);
  assert.equal(held(), NAMES.length, 'the open version holds its documents');
  const v2 = file(NAMES, (n) => (n === 'acct2' ? 'TLS1_0' : 'TLS1_2'));
  const parsed = analysis.openFile(uri, 2, v2);
  assert.equal(held(), NAMES.length, 'the old version released its edited document');
  analysis.indexFile(uri, parsed);
  assert.equal(held(), NAMES.length, 'the index holds the same chunks');
  analysis.closeFile(uri);
  assert.equal(held(), NAMES.length, 'still indexed');
  analysis.unindexFile(uri);
  assert.equal(held(), 0, 'nobody holds them');
  assert.equal(analysis.parse(v2).docs[0].key, parsed.docs[0].key, 'released chunks stay in the slack (undo)');
});
