// End-to-end: the real server (started in-process, over streams; server.test.ts covers the bundle over
// stdio) on multi-file workspaces in temporary folders. The scan at start (with work-done progress), each
// cross-document check (in open documents, and published for closed files), re-checks of dependents in other
// files, the index following files created and deleted on disk, definition, references, rename (the edited
// files re-validate clean), symbols, code lenses, completion, settings, the examples as a workspace, and a 10,000-manifest workspace.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import {
  account,
  blobService,
  container,
  docs,
  eventSubscription,
  fileService,
  keyValue,
  rg,
  roleAssignment,
  share,
} from '../workspace/helpers';
import { cursor } from '../helpers/cursor';
import { yamlFiles } from '../helpers/files';
import { WorkspaceClient } from './workspaceClient';

const STORAGE = { group: 'storage.cloud.example.com', kind: 'StorageAccount' };

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

function textAt(text: string, r: Range): string {
  const lines = text.split('\n');
  if (r.start.line === r.end.line) return lines[r.start.line].slice(r.start.character, r.end.character);
  return lines[r.start.line].slice(r.start.character);
}

/** Position of the n-th occurrence of `needle` (0-based), `delta` characters in. */
function pos(text: string, needle: string, nth = 0, delta = 1): { line: number; character: number } {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} in text`);
  const before = text.slice(0, i + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

class Folder {
  readonly root: string;
  constructor(prefix: string) {
    this.root = mkdtempSync(join(tmpdir(), prefix));
  }
  write(rel: string, text: string): string {
    const p = join(this.root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
    return pathToFileURL(p).href;
  }
  read(rel: string): string {
    return readFileSync(join(this.root, rel), 'utf8');
  }
  uri(rel: string): string {
    return pathToFileURL(join(this.root, rel)).href;
  }
  remove(rel: string): void {
    rmSync(join(this.root, rel), { recursive: true, force: true });
  }
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Writes the files into the folder and starts our server on it, once its first scan is done. */
async function serverOn(
  ws: Folder,
  files: Record<string, string>,
  options: ConstructorParameters<typeof WorkspaceClient>[0] = {},
): Promise<WorkspaceClient> {
  for (const [rel, text] of Object.entries(files)) ws.write(rel, text);
  const client = new WorkspaceClient({ rootDir: ws.root, ...options });
  await client.initialize();
  await client.waitForScans(1);
  return client;
}

async function stopServer(client: WorkspaceClient, ws: Folder): Promise<void> {
  await client.stop();
  ws.dispose();
}

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));
const shown = (text: string, ds: Diagnostic[]) => ds.map((d) => `${d.code} «${textAt(text, d.range)}»`);
const has = (code: string) => (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === code);
const hasNot = (code: string) => (p: PublishDiagnosticsParams) => !p.diagnostics.some((d) => d.code === code);

// ---------------------------------------------------------------------------------------------------

describe('cross-document checks over stdio', () => {
  const ws = new Folder('cm-ws-checks-');
  const files: Record<string, string> = {
    'rg.yaml': rg('rg-app'),
    'storage/account.yaml': account('appstore', 'rg-app'),
    'storage/file.yaml': docs(
      fileService('appstore-file', 'appstore'),
      share('docs', 'appstore-file', '  shareQuota: 10240\n  accessTier: Premium\n'),
    ),
    'storage/container.yaml': container('uploads', 'appstore'),
    'storage/multichannel.yaml': fileService(
      'mc-file',
      'appstore',
      '  protocolSettings:\n    smb:\n      multichannel:\n        enabled: true\n',
    ),
    'config/kv.yaml': keyValue(
      'timeout',
      'armId: /subscriptions/0000/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore',
    ),
    'events/sub.yaml': eventSubscription(
      'sub',
      '    group: eventgrid.cloud.example.com\n    kind: Topic\n    name: no-such-topic',
      { ...STORAGE, kind: 'StorageAcount', name: 'appstore' },
    ),
    // Another folder: an alternative, not a duplicate; it is what `appstore` resolves to once storage/ renames its own.
    'copy/account.yaml': account('appstore', 'rg-app'),
    // One folder, two files: a duplicate.
    'dups/a.yaml': account('twin', 'rg-app'),
    'dups/b.yaml': account('twin', 'rg-app'),
    'roles/cycle.yaml': docs(
      roleAssignment('ra-a', { group: 'authorization.cloud.example.com', kind: 'RoleAssignment', name: 'ra-b' }),
      roleAssignment('ra-b', { group: 'authorization.cloud.example.com', kind: 'RoleAssignment', name: 'ra-a' }),
    ),
    'missing.yaml': blobService('lonely-blob', 'nostore'),
    // Never indexed: node_modules and .git are skipped.
    'node_modules/pkg/store.yaml': account('nostore', 'rg-app'),
    '.git/store.yaml': account('nostore', 'rg-app'),
  };
  let client: WorkspaceClient;

  // The open-files problems scope: closed files get only what other files break in them (the workspace scope,
  // the default, is workspaceProblems.test.ts).
  before(async () => (client = await serverOn(ws, files, { settings: { problems: { scope: 'openFiles' } } })));
  after(() => stopServer(client, ws));

  test('the scan reports work-done progress: begin, report, end', () => {
    const kinds = client.progress.map((p) => p.value.kind);
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds[kinds.length - 1], 'end');
    assert.ok(kinds.includes('report'), kinds.join());
  });

  test('problems.scope openFiles: closed files get their cross-document errors and warnings after the scan', async () => {
    const closed: [string, string[]][] = [
      ['storage/file.yaml', ['share-quota-large-file-shares', 'share-access-tier-account-kind']],
      ['storage/container.yaml', ['owner-kind']],
      ['storage/multichannel.yaml', ['multichannel-account-kind']],
      ['config/kv.yaml', ['owner-arm-id']],
      ['events/sub.yaml', ['reference-kind']],
      ['dups/a.yaml', ['duplicate-resource']],
      ['dups/b.yaml', ['duplicate-resource']],
      ['roles/cycle.yaml', ['ownership-cycle', 'ownership-cycle']],
    ];
    for (const [rel, want] of closed) {
      const p = await client.waitForDiagnostics(ws.uri(rel), (x) => x.diagnostics.length > 0);
      assert.deepEqual(codes(p.diagnostics), want, rel);
    }
    // Information (a missing owner) waits until the file is opened.
    await new Promise((r) => setTimeout(r, 200));
    const missing = await client.waitForDiagnostics(ws.uri('missing.yaml'), () => true, 200).catch(() => undefined);
    assert.equal(missing, undefined);
  });

  test('each check in an open document: exact ranges, messages naming actual and expected kinds', async () => {
    const open = async (rel: string) => {
      const text = files[rel];
      return { text, diags: await client.open(ws.uri(rel), text) };
    };
    const c = await open('storage/container.yaml');
    assert.deepEqual(shown(c.text, c.diags), ['owner-kind «appstore»']);
    assert.match(
      String(c.diags[0].message),
      /'appstore', which is a StorageAccount \(copy\/account\.yaml:4, storage\/account\.yaml:4\): the owner of a StorageAccountsBlobServicesContainer must be a StorageAccountsBlobService/,
    );
    assert.equal(c.diags[0].severity, 1);

    const f = await open('storage/file.yaml');
    assert.deepEqual(shown(f.text, f.diags), [
      'share-quota-large-file-shares «10240»',
      'share-access-tier-account-kind «Premium»',
    ]);

    const kv = await open('config/kv.yaml');
    assert.deepEqual(codes(kv.diags), ['owner-arm-id']);
    assert.equal(
      textAt(kv.text, kv.diags[0].range),
      '/subscriptions/0000/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore',
    );
    assert.match(
      String(kv.diags[0].message),
      /ConfigurationStore.*Provider\.AppConfiguration\/configurationStores\/<name>/,
    );

    const sub = await open('events/sub.yaml');
    assert.deepEqual(shown(sub.text, sub.diags), ['owner-not-found «no-such-topic»', 'reference-kind «StorageAcount»']);
    assert.equal(sub.diags[0].severity, 3, 'information');

    const dup = await open('dups/b.yaml');
    assert.deepEqual(shown(dup.text, dup.diags), ['duplicate-resource «twin»']);
    assert.match(String(dup.diags[0].message), /also at dups\/a\.yaml:4/);
    assert.deepEqual((await open('copy/account.yaml')).diags, [], 'a copy in another folder is not a duplicate');
    assert.equal(dup.diags[0].severity, 2);

    const cyc = await open('roles/cycle.yaml');
    assert.deepEqual(shown(cyc.text, cyc.diags), ['ownership-cycle «ra-b»', 'ownership-cycle «ra-a»']);

    const mc = await open('storage/multichannel.yaml');
    assert.deepEqual(shown(mc.text, mc.diags), ['multichannel-account-kind «true»']);

    const missing = await open('missing.yaml');
    assert.deepEqual(
      shown(missing.text, missing.diags),
      ['owner-not-found «nostore»'],
      'node_modules and .git are not indexed',
    );
    for (const rel of [
      'storage/container.yaml',
      'storage/file.yaml',
      'config/kv.yaml',
      'events/sub.yaml',
      'dups/b.yaml',
      'copy/account.yaml',
      'roles/cycle.yaml',
      'storage/multichannel.yaml',
      'missing.yaml',
    ])
      await client.close(ws.uri(rel));
  });

  test('a change re-checks dependents in other files: open ones and closed ones', async () => {
    const fileUri = ws.uri('storage/file.yaml');
    await client.open(fileUri, files['storage/file.yaml']);
    const accountUri = ws.uri('storage/account.yaml');
    await client.open(accountUri, files['storage/account.yaml']);
    // The account becomes a FileStorage account with large file shares: the share's problems go, in the open file.
    await client.change(accountUri, account('appstore', 'rg-app', '  largeFileSharesState: Enabled\n', 'FileStorage'));
    const p = await client.waitForDiagnostics(fileUri, (x) => x.diagnostics.length === 0);
    assert.deepEqual(p.diagnostics, []);
    // The closed multichannel file (FileStorage now) is cleared too; the closed container still names an account.
    await client.waitForDiagnostics(ws.uri('storage/multichannel.yaml'), (x) => x.diagnostics.length === 0);
    // Renaming the account in the open document: `appstore` now resolves to copy/account.yaml (StorageV2, no
    // large file shares), and the open share breaks again.
    await client.change(accountUri, account('mainstore', 'rg-app', '  largeFileSharesState: Enabled\n', 'FileStorage'));
    await client.waitForDiagnostics(fileUri, has('share-quota-large-file-shares'));
    await client.change(accountUri, account('appstore', 'rg-app', '  largeFileSharesState: Enabled\n', 'FileStorage'));
    await client.waitForDiagnostics(fileUri, (x) => x.diagnostics.length === 0);
    // Closing falls back to the disk content (StorageV2, no large file shares): both share problems return.
    await client.close(accountUri);
    await client.waitForDiagnostics(
      fileUri,
      (x) => codes(x.diagnostics).join() === 'share-quota-large-file-shares,share-access-tier-account-kind',
    );
    await client.close(fileUri);
  });

  test('the index follows files created, changed and deleted on disk', async () => {
    const uri = ws.uri('missing.yaml');
    assert.deepEqual(codes(await client.open(uri, files['missing.yaml'])), ['owner-not-found']);
    const created = ws.write('new/nostore.yaml', account('nostore', 'rg-app'));
    await client.filesChanged({ uri: created, type: 1 });
    await client.waitForDiagnostics(uri, hasNot('owner-not-found'));
    ws.write('new/nostore.yaml', account('renamed', 'rg-app'));
    await client.filesChanged({ uri: created, type: 2 });
    await client.waitForDiagnostics(uri, has('owner-not-found'));
    ws.write('new/nostore.yaml', account('nostore', 'rg-app'));
    await client.filesChanged({ uri: created, type: 2 });
    await client.waitForDiagnostics(uri, hasNot('owner-not-found'));
    ws.remove('new/nostore.yaml');
    await client.filesChanged({ uri: created, type: 3 });
    await client.waitForDiagnostics(uri, has('owner-not-found'));
    // A folder created with a file in it, then the folder deleted.
    ws.write('more/deep/store.yaml', account('nostore', 'rg-app'));
    await client.filesChanged({ uri: ws.uri('more'), type: 1 });
    await client.waitForDiagnostics(uri, hasNot('owner-not-found'));
    ws.remove('more');
    await client.filesChanged({ uri: ws.uri('more'), type: 3 });
    await client.waitForDiagnostics(uri, has('owner-not-found'));
    await client.close(uri);
  });

  test('a file outside the workspace folders is checked on its own', async () => {
    const outside = new Folder('cm-ws-outside-');
    try {
      const uri = outside.uri('loose.yaml');
      const text = docs(
        account('loose', 'rg-nowhere'),
        account('loose', 'rg-nowhere'),
        blobService('loose-blob', 'appstore'),
      );
      const diags = await client.open(uri, text);
      // No "not found" (nothing proves it missing), the workspace's appstore is not seen, duplicates in the file are.
      assert.deepEqual(codes(diags), ['duplicate-resource', 'duplicate-resource']);
      await client.close(uri);
    } finally {
      outside.dispose();
    }
  });
});

// ---------------------------------------------------------------------------------------------------

describe('navigation over stdio', () => {
  const ws = new Folder('cm-ws-nav-');
  const subText = eventSubscription(
    'sub',
    '    group: storage.cloud.example.com\n    kind: StorageAccount\n    name: "appstore"',
    { ...STORAGE, name: 'appstore' },
  );
  const files: Record<string, string> = {
    'rg.yaml': rg('rg-app'),
    'account.yaml': account('appstore', 'rg-app', '  largeFileSharesState: Enabled\n'),
    'blob.yaml': docs(blobService('appstore-blob', 'appstore'), container('uploads', 'appstore-blob')),
    'roles.yaml': roleAssignment('reader', { ...STORAGE, name: 'appstore' }),
    'events.yaml': subText,
  };
  let client: WorkspaceClient;

  before(async () => (client = await serverOn(ws, files)));
  after(() => stopServer(client, ws));

  test('every file of the workspace is clean to start with', async () => {
    for (const [rel, text] of Object.entries(files)) {
      assert.deepEqual(
        (await client.open(ws.uri(rel), text)).map((d) => `${d.code} ${d.message}`),
        [],
        rel,
      );
      await client.close(ws.uri(rel));
    }
  });

  test('definition on an owner name and on a reference name', async () => {
    const uri = ws.uri('blob.yaml');
    await client.open(uri, files['blob.yaml']);
    const defs = await client.request<{ uri: string; range: Range }[]>('textDocument/definition', {
      textDocument: { uri },
      position: pos(files['blob.yaml'], 'name: appstore', 1, 7),
    });
    assert.deepEqual(
      defs.map((d) => [d.uri, textAt(files['account.yaml'], d.range), d.range.start.line]),
      [[ws.uri('account.yaml'), 'appstore', 3]],
    );
    const ev = ws.uri('events.yaml');
    await client.open(ev, subText);
    const fromRef = await client.request<{ uri: string }[]>('textDocument/definition', {
      textDocument: { uri: ev },
      position: pos(subText, 'name: appstore', 0, 7),
    });
    assert.deepEqual(
      fromRef.map((d) => d.uri),
      [ws.uri('account.yaml')],
    );
    await client.close(uri);
    await client.close(ev);
  });

  test('references on metadata.name: in every file', async () => {
    const uri = ws.uri('account.yaml');
    await client.open(uri, files['account.yaml']);
    const refs = await client.request<{ uri: string; range: Range }[]>('textDocument/references', {
      textDocument: { uri },
      position: pos(files['account.yaml'], 'name: appstore', 0, 8),
      context: { includeDeclaration: true },
    });
    const rel = (u: string) => relative(ws.root, new URL(u).pathname);
    assert.deepEqual(
      refs.map((r) => `${rel(r.uri)}:${r.range.start.line + 1}`).sort(),
      ['account.yaml:4', 'blob.yaml:7', 'events.yaml:9', 'events.yaml:16', 'roles.yaml:9'].sort(),
    );
    await client.close(uri);
  });

  test('document symbols, workspace symbols and the resource path code lens', async () => {
    const uri = ws.uri('blob.yaml');
    await client.open(uri, files['blob.yaml']);
    const syms = await client.request<{ name: string; children?: { name: string }[] }[]>(
      'textDocument/documentSymbol',
      { textDocument: { uri } },
    );
    assert.deepEqual(
      syms.map((s) => s.name),
      ['StorageAccountsBlobService appstore-blob', 'StorageAccountsBlobServicesContainer uploads'],
    );
    assert.deepEqual(
      syms[0].children!.map((c) => c.name),
      ['apiVersion', 'kind', 'metadata', 'spec'],
    );
    const wsyms = await client.request<{ name: string; location: { uri: string } }[]>('workspace/symbol', {
      query: 'uploads',
    });
    assert.deepEqual(
      wsyms.map((s) => [s.name, s.location.uri]),
      [['StorageAccountsBlobServicesContainer uploads', uri]],
    );
    const lenses = await client.request<
      { range: Range; command: { title: string; command: string; arguments: unknown[]; tooltip: string } }[]
    >('textDocument/codeLens', { textDocument: { uri } });
    const acct =
      '/subscriptions/{subscriptionId}/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore';
    // A short title a child resource's lens is not cut off at; clicking copies the whole path (the client's command).
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command.title, l.command.command, l.command.arguments]),
      [
        [
          0,
          'storageAccounts/appstore/blobServices/default',
          'cloudManifests.copyResourcePath',
          [`${acct}/blobServices/default`],
        ],
        [
          8,
          '…/blobServices/default/containers/uploads',
          'cloudManifests.copyResourcePath',
          [`${acct}/blobServices/default/containers/uploads`],
        ],
      ],
    );
    assert.ok(
      lenses[1].command.tooltip.startsWith(`${acct}/blobServices/default/containers/uploads`),
      lenses[1].command.tooltip,
    );
    await client.close(uri);
  });

  test('completion of owner.name from the workspace, merged with the per-file items', async () => {
    const { text, line, character } = cursor(container('downloads', '|'));
    const uri = ws.uri('new-container.yaml');
    await client.open(uri, text);
    const res = await client.request<{ label: string }[] | { items: { label: string }[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character },
    });
    const labels = (Array.isArray(res) ? res : res.items).map((i) => i.label);
    assert.deepEqual(labels, ['appstore-blob']);
    await client.close(uri);
  });

  test('rename of metadata.name rewrites every owner and reference; the edited files re-validate clean', async () => {
    const accountUri = ws.uri('account.yaml');
    const blobUri = ws.uri('blob.yaml');
    await client.open(accountUri, files['account.yaml']);
    await client.open(blobUri, files['blob.yaml']);
    const at = pos(files['account.yaml'], 'name: appstore', 0, 8);
    const prep = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri: accountUri },
      position: at,
    });
    assert.equal(prep.placeholder, 'appstore');
    assert.equal(textAt(files['account.yaml'], prep.range), 'appstore');
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri: accountUri }, position: at, newName: 'Not_Valid' }),
      /not a valid object name/,
    );
    const edit = await client.request<{ changes: Record<string, { range: Range; newText: string }[]> }>(
      'textDocument/rename',
      {
        textDocument: { uri: accountUri },
        position: at,
        newName: 'mainstore',
      },
    );
    const byRel = Object.fromEntries(
      Object.entries(edit.changes).map(([u, e]) => [relative(ws.root, new URL(u).pathname), e]),
    );
    assert.deepEqual(Object.keys(byRel).sort(), ['account.yaml', 'blob.yaml', 'events.yaml', 'roles.yaml']);
    const applyEdits = (text: string, edits: { range: Range; newText: string }[]) => {
      const lines = text.split('\n');
      for (const e of [...edits].sort(
        (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
      )) {
        assert.equal(e.range.start.line, e.range.end.line);
        const l = lines[e.range.start.line];
        lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
      }
      return lines.join('\n');
    };
    const edited: Record<string, string> = {};
    for (const [rel, edits] of Object.entries(byRel)) edited[rel] = applyEdits(files[rel], edits);
    assert.match(edited['events.yaml'], /name: "mainstore"/, 'quotes kept');
    assert.doesNotMatch(Object.values(edited).join('\n'), /\bappstore\b(?!-)/);
    // Open documents get the edit; closed files are written and reported as changed on disk.
    await client.change(accountUri, edited['account.yaml']);
    await client.change(blobUri, edited['blob.yaml']);
    for (const rel of ['events.yaml', 'roles.yaml']) {
      ws.write(rel, edited[rel]);
      await client.filesChanged({ uri: ws.uri(rel), type: 2 });
    }
    await client.waitForDiagnostics(blobUri, (p) => p.diagnostics.length === 0);
    for (const rel of ['events.yaml', 'roles.yaml']) {
      const diags = await client.open(ws.uri(rel), edited[rel]);
      assert.deepEqual(
        diags.map((d) => `${d.code} ${d.message}`),
        [],
        rel,
      );
    }
    const accountDiags = await client.waitForDiagnostics(accountUri);
    assert.deepEqual(accountDiags.diagnostics, []);
    const defs = await client.request<{ uri: string }[]>('textDocument/definition', {
      textDocument: { uri: blobUri },
      position: pos(edited['blob.yaml'], 'name: mainstore', 0, 7),
    });
    assert.deepEqual(
      defs.map((d) => d.uri),
      [accountUri],
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe('settings over stdio', () => {
  test('exclude leaves files out of the index; ownerResolution off silences missing owners', async () => {
    const ws = new Folder('cm-ws-settings-');
    ws.write('generated/rg.yaml', rg('rg-gen'));
    const text = account('appstore', 'rg-gen');
    ws.write('account.yaml', text);
    const client = new WorkspaceClient({ rootDir: ws.root, settings: { exclude: ['generated'] } });
    try {
      await client.initialize();
      await client.waitForScans(1);
      assert.deepEqual(codes(await client.open(ws.uri('account.yaml'), text)), ['owner-not-found']);
      // An excluded file that is opened is checked on its own.
      assert.deepEqual(await client.open(ws.uri('generated/rg.yaml'), rg('rg-gen')), []);
    } finally {
      await client.stop();
    }
    const quiet = new WorkspaceClient({
      rootDir: ws.root,
      settings: { ownerResolution: 'off', rules: { 'duplicate-resource': 'off' } },
    });
    try {
      await quiet.initialize();
      await quiet.waitForScans(1);
      ws.write('dup.yaml', account('appstore', 'rg-missing'));
      await quiet.filesChanged({ uri: ws.uri('dup.yaml'), type: 1 });
      assert.deepEqual(await quiet.open(ws.uri('dup.yaml'), account('appstore', 'rg-missing')), []);
    } finally {
      await quiet.stop();
      ws.dispose();
    }
  });

  test('apiVersion completion uses cloudManifests.apiDomain, else the domain the workspace already uses', async () => {
    const ws = new Folder('cm-ws-domain-');
    ws.write('rg.yaml', rg('rg-app').replace(/cloud\.example\.com/g, 'contoso.io'));
    const labelsAt = async (client: WorkspaceClient, name: string) => {
      const { text, line, character } = cursor('apiVersion: |\n');
      const uri = ws.uri(name);
      await client.open(uri, text);
      const r = (await client.conn.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line, character },
      })) as { label: string }[] | { items: { label: string }[] };
      return (Array.isArray(r) ? r : r.items).map((i) => i.label);
    };
    const fromWorkspace = new WorkspaceClient({ rootDir: ws.root });
    try {
      await fromWorkspace.initialize();
      await fromWorkspace.waitForScans(1);
      const labels = await labelsAt(fromWorkspace, 'new.yaml');
      assert.ok(labels.includes('storage.contoso.io/v20220901'), labels.join(', '));
      assert.ok(!labels.some((l) => l.includes('cloud.example.com')), labels.join(', '));
    } finally {
      await fromWorkspace.stop();
    }
    const fromSetting = new WorkspaceClient({ rootDir: ws.root, settings: { apiDomain: 'example.org' } });
    try {
      await fromSetting.initialize();
      await fromSetting.waitForScans(1);
      const labels = await labelsAt(fromSetting, 'new2.yaml');
      assert.ok(labels.includes('storage.example.org/v20220901'), labels.join(', '));
    } finally {
      await fromSetting.stop();
      ws.dispose();
    }
  });

  test('pull diagnostics: a pulled document sees the latest state of the files it depends on', async () => {
    const ws = new Folder('cm-ws-pull-');
    ws.write('account.yaml', account('appstore', 'rg'));
    const shareText = docs(
      fileService('appstore-file', 'appstore'),
      share('docs', 'appstore-file', '  shareQuota: 10240\n'),
    );
    ws.write('file.yaml', shareText);
    const client = new WorkspaceClient({ rootDir: ws.root, pull: true, settings: { ownerResolution: 'off' } });
    try {
      await client.initialize();
      await client.waitForScans(1);
      const fileUri = ws.uri('file.yaml');
      const accountUri = ws.uri('account.yaml');
      for (const [uri, text] of [
        [fileUri, shareText],
        [accountUri, account('appstore', 'rg')],
      ]) {
        await client.conn.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: 'yaml', version: 1, text },
        });
      }
      const pull = async () =>
        (
          (await client.request('textDocument/diagnostic', { textDocument: { uri: fileUri } })) as {
            items: Diagnostic[];
          }
        ).items;
      assert.deepEqual(codes(await pull()), ['share-quota-large-file-shares']);
      await client.conn.sendNotification('textDocument/didChange', {
        textDocument: { uri: accountUri, version: 2 },
        contentChanges: [{ text: account('appstore', 'rg', '  largeFileSharesState: Enabled\n') }],
      });
      assert.deepEqual(await pull(), []);
    } finally {
      await client.stop();
      ws.dispose();
    }
  });
});

// ---------------------------------------------------------------------------------------------------

describe('real manifests as workspaces', () => {
  const repo = join(__dirname, '..', '..');

  test('the examples: clean as one workspace, with resource paths', async () => {
    const examples = join(repo, 'examples');
    const client = new WorkspaceClient({ rootDir: examples });
    try {
      await client.initialize();
      await client.waitForScans(1);
      for (const file of yamlFiles(examples).filter((f) => !f.includes('mistakes'))) {
        const diags = await client.open(pathToFileURL(file).href, readFileSync(file, 'utf8'));
        assert.deepEqual(
          diags.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`),
          [],
          file,
        );
      }
      const blob = pathToFileURL(join(examples, 'storage', 'blob.yaml')).href;
      const lenses = await client.request<{ command: { title: string; arguments: string[] } }[]>(
        'textDocument/codeLens',
        { textDocument: { uri: blob } },
      );
      assert.equal(lenses[0].command.title, 'storageAccounts/appstore/blobServices/default');
      assert.deepEqual(lenses[0].command.arguments, [
        '/subscriptions/{subscriptionId}/resourceGroups/rg-app/providers/Provider.Storage/storageAccounts/appstore/blobServices/default',
      ]);
    } finally {
      await client.stop();
    }
  });
});

// ---------------------------------------------------------------------------------------------------

describe('a large workspace', () => {
  test('10,000 manifests in 2,000 files: indexed with progress, requests answered meanwhile', async () => {
    const ws = new Folder('cm-ws-big-');
    const N = 2000;
    for (let i = 0; i < N; i++) {
      ws.write(
        `team-${i % 20}/app-${i}.yaml`,
        docs(
          rg(`rg-${i}`),
          account(`st${i}`, `rg-${i}`),
          fileService(`st${i}-file`, `st${i}`),
          share(`share-${i}`, `st${i}-file`, '  shareQuota: 1024\n'),
          roleAssignment(`reader-${i}`, { ...STORAGE, name: `st${(i + 1) % N}` }),
        ),
      );
    }
    const openText = share('probe', `st7-file`, '  shareQuota: 10240\n');
    const client = new WorkspaceClient({ rootDir: ws.root });
    try {
      const started = Date.now();
      await client.initialize();
      const uri = ws.uri('probe.yaml');
      await client.open(uri, openText);
      // While the scan runs (it has reported progress and not ended), requests are answered.
      await client.waitForProgress('report');
      const midScan = !client.progress.some((x) => x.value.kind === 'end');
      const t0 = Date.now();
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 8 } });
      await client.request('textDocument/documentSymbol', { textDocument: { uri } });
      const hoverMs = Date.now() - t0;
      await client.waitForScans(1, 120000);
      const scanMs = Date.now() - started;
      const p = await client.waitForDiagnostics(uri, has('share-quota-large-file-shares'), 30000);
      assert.equal(codes(p.diagnostics).filter((c) => c === 'share-quota-large-file-shares').length, 1);
      const syms = await client.request<unknown[]>('workspace/symbol', { query: 'share-1999' });
      assert.ok(syms.length >= 1);
      console.log(
        `# 10,000 manifests / 2,000 files: scan ${scanMs} ms (server start to progress end), hover and symbols ${midScan ? 'during' : 'after'} the scan ${hoverMs} ms`,
      );
      assert.ok(
        client.progress.filter((x) => x.value.kind === 'report').length >= 2,
        'progress reported along the way',
      );
      assert.ok(hoverMs < 2000, `hover took ${hoverMs} ms during the scan`);
      assert.ok(scanMs < 30000, `scan took ${scanMs} ms`);
    } finally {
      await client.stop();
      ws.dispose();
    }
  });
});
