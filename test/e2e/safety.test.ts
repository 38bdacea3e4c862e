// End-to-end: the real server (in-process) on a hostile workspace (test/helpers/hostile.ts: links to / and
// /dev/zero, a FIFO, a 1.9 GB sparse file, 5,000 nested folders, a dangling link, a link to a manifest
// outside the folder) with brace- and star-heavy `exclude` patterns. The scan finishes in seconds, reads
// only the regular files inside the folder, names each entry it leaves out once (log and progress);
// file events and `cloudManifests/checkWorkspace` naming those entries read nothing outside the folder, and
// later file events are still handled at once. A file over `maxFileSizeMB` is named and left out; a folder
// and a file nobody may read are named once each (as root, the bundled server runs over stdio as nobody).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { CHECK_WORKSPACE, type CheckWorkspaceResult } from '../../server/src/protocol/customRequests';
import { asRoot, makeHostileFolder, NOBODY, removeTree } from '../helpers/hostile';
import { account, rg } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

const uriOf = (p: string) => pathToFileURL(p).href;
const ownerMissing = (p: PublishDiagnosticsParams) =>
  p.diagnostics.some((d: Diagnostic) => d.code === 'owner-not-found');

describe('the server on a hostile workspace', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-hostile-'));
  const ws = join(dir, 'ws');
  const outside = join(dir, 'outside');
  let client: WorkspaceClient;

  before(async () => {
    mkdirSync(ws);
    makeHostileFolder(ws, (name) => account(`acct${name}`, 'rg-app'));
    mkdirSync(outside);
    writeFileSync(join(outside, 'rg.yaml'), rg('rg-outside'));
    symlinkSync(join(outside, 'rg.yaml'), join(ws, 'linked.yaml'));
    client = new WorkspaceClient({
      rootDir: ws,
      // Each of these took from seconds to gigabytes when compiled by brace expansion or backtracking.
      settings: { exclude: ['{a,b}'.repeat(22), 'x/**/'.repeat(14) + 'y', '*a'.repeat(14) + '*b'] },
    });
    await client.initialize();
    await client.waitForScans(1, 60_000);
  });
  after(async () => {
    await client?.stop();
    removeTree(dir, ws);
  });

  test('the scan reads only the regular files inside the folder and names what it leaves out, once', async () => {
    const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {});
    const files = r.files.map((f) => f.uri.slice(uriOf(ws).length + 1)).sort();
    // `locked/` is unreadable to anyone but root, and the tests run as root here: then it is read.
    assert.deepEqual(files, ['d/'.repeat(100) + 'deep.yaml', 'good.yaml', ...(asRoot ? ['locked/secret.yaml'] : [])]);
    const skipped = client.logs.filter((l) => l.startsWith('cloud-manifests: skipped '));
    const expected: [string, RegExp][] = [
      ['root', /a symbolic link to \/, outside the folder/],
      ['zero.yaml', /a symbolic link to \/dev\/zero, outside the folder/],
      ['linked.yaml', /a symbolic link to .*outside\/rg\.yaml, outside the folder/],
      ['gone.yaml', /a symbolic link that cannot be followed/],
      ['fifo.yaml', /not a regular file \(a FIFO\)/],
      ['sparse.yaml', /larger than 10 MB \(1945\.6 MB; see maxFileSizeMB\)/],
    ];
    for (const [name, reason] of expected) {
      const lines = skipped.filter((l) => l.startsWith(`cloud-manifests: skipped ${join(ws, name)}: `));
      assert.equal(lines.length, 1, `${name} named once: ${skipped.join('\n')}`);
      assert.match(lines[0], reason);
    }
    // The nested folders end where a path can no longer be opened: that folder is named, nothing overflows.
    assert.ok(
      skipped.some((l) => /\/d: cannot read the folder: name too long$/.test(l)),
      skipped.join('\n'),
    );
    // The summary: in the log and in the last progress message.
    assert.ok(
      client.logs.some((l) => /^cloud-manifests: indexed \d+ manifests in \d+ files in \d+ ms; skipped \d+ \(/.test(l)),
    );
    const reports = client.progress
      .filter((p) => p.value.kind === 'report')
      .map((p) => (p.value as { message?: string }).message);
    assert.ok(
      reports.some((m) => m?.startsWith('skipped ')),
      reports.join('\n'),
    );
    // Nothing read in bulk: this whole process (tests, server and all) stays small.
    assert.ok(process.memoryUsage().rss < 300 * 1024 * 1024, `rss ${process.memoryUsage().rss}`);
  });

  test('file events and requests naming entries outside the folder read nothing; later events are handled', async () => {
    const app = uriOf(join(ws, 'app.yaml'));
    // Owned by a resource group in the linked file outside the folder, and by one written later inside it.
    assert.ok(ownerMissing({ uri: app, diagnostics: await client.open(app, account('acctapp', 'rg-outside')) }));
    const hostile = ['zero.yaml', 'fifo.yaml', 'sparse.yaml', 'linked.yaml', 'root', 'gone.yaml'].map((n) =>
      uriOf(join(ws, n)),
    );
    const foreign = uriOf(join(outside, 'rg.yaml'));
    await client.filesChanged(...[...hostile, foreign].map((uri) => ({ uri, type: 1 as const })));
    await client.filesChanged(...[...hostile, foreign].map((uri) => ({ uri, type: 2 as const })));
    // A change after them is indexed at once: the queue is not stalled by the FIFO or /dev/zero.
    writeFileSync(join(ws, 'later.yaml'), rg('rg-later'));
    await client.filesChanged({ uri: uriOf(join(ws, 'later.yaml')), type: 1 });
    await client.change(app, account('acctapp', 'rg-later'));
    await client.waitForDiagnostics(app, (p) => !ownerMissing(p), 10_000);
    // The resource group outside was never read, through the link or directly.
    assert.ok(ownerMissing({ uri: app, diagnostics: await client.change(app, account('acctapp', 'rg-outside')) }));
    const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, { uris: [...hostile, foreign] });
    assert.deepEqual(r.files, []);
    assert.deepEqual(r.unreadable.sort(), [...hostile, foreign].sort());
    assert.ok(process.memoryUsage().rss < 300 * 1024 * 1024, `rss ${process.memoryUsage().rss}`);
    await client.close(app);
  });
});

describe('maxFileSizeMB', () => {
  test('a file over the cap is left out of the index and named; a smaller cap in the settings takes effect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-cap-'));
    writeFileSync(join(dir, 'small.yaml'), rg('rg-small'));
    const big = rg('rg-big') + `# ${'x'.repeat(2000)}\n`;
    writeFileSync(join(dir, 'big.yaml'), big);
    const client = new WorkspaceClient({ rootDir: dir, settings: { maxFileSizeMB: 0.001 } });
    try {
      await client.initialize();
      await client.waitForScans(1, 60_000);
      const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {});
      assert.deepEqual(
        r.files.map((f) => f.uri),
        [uriOf(join(dir, 'small.yaml'))],
      );
      assert.ok(
        client.logs.includes(
          `cloud-manifests: skipped ${join(dir, 'big.yaml')}: larger than 1048 bytes (${big.length} bytes; see maxFileSizeMB)`,
        ),
        client.logs.join('\n'),
      );
      // Open, it is the editor's text and always checked.
      const diags = await client.open(uriOf(join(dir, 'big.yaml')), rg('rg-big'));
      assert.deepEqual(diags, []);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('unreadable entries', () => {
  test('a folder and a file nobody may read are named once each and skipped; the rest is indexed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-unreadable-'));
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'ok.yaml'), rg('rg-ok'));
    writeFileSync(join(dir, 'secret.yaml'), rg('rg-secret'));
    mkdirSync(join(dir, 'locked'));
    writeFileSync(join(dir, 'locked', 'inner.yaml'), rg('rg-inner'));
    // Root reads anything: then the server runs over stdio as nobody (the bundle), on files nobody owns.
    if (asRoot) spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
    chmodSync(join(dir, 'secret.yaml'), 0o000);
    chmodSync(join(dir, 'locked'), 0o000);
    const client = new WorkspaceClient({ rootDir: dir, ...(asRoot ? { transport: 'stdio', uid: NOBODY } : {}) });
    try {
      await client.initialize();
      await client.waitForScans(1, 60_000);
      const r = await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {});
      assert.deepEqual(
        r.files.map((f) => f.uri),
        [uriOf(join(dir, 'ok.yaml'))],
      );
      const skipped = client.logs.filter((l) => l.startsWith('cloud-manifests: skipped '));
      assert.deepEqual(skipped.sort(), [
        `cloud-manifests: skipped ${join(dir, 'locked')}: cannot read the folder: permission denied`,
        `cloud-manifests: skipped ${join(dir, 'secret.yaml')}: permission denied`,
      ]);
      assert.ok(
        client.logs.some((l) => /in 1 files in \d+ ms; skipped 2 \(locked, secret\.yaml\)$/.test(l)),
        client.logs.join('\n'),
      );
      // Asked for again (a file event), it is not named a second time.
      await client.filesChanged({ uri: uriOf(join(dir, 'secret.yaml')), type: 2 });
      await client.request<CheckWorkspaceResult>(CHECK_WORKSPACE, {});
      assert.equal(client.logs.filter((l) => l.includes('secret.yaml: permission denied')).length, 1);
    } finally {
      await client.stop();
      chmodSync(join(dir, 'locked'), 0o755);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
