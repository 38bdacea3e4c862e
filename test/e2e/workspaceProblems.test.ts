// Workspace-wide Problems (`cloudManifests.problems.scope`, `workspace` by default): every manifest of the
// workspace has its problems shown without being opened, published to a client that does not pull and
// answered to `workspace/diagnostic` for one that does (unchanged files answered "unchanged"), kept current
// as files change on disk; with `openFiles`, a closed file shows nothing of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Diagnostic, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { account, rg } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

/** A workspace of three files: a clean owner, an account with a typo, an account with an unknown owner. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'cm-ws-problems-'));
  const files: Record<string, string> = {
    'rg.yaml': rg('rg-app'),
    'typo.yaml': account('typo', 'rg-app', '  acessTier: Hot\n'),
    'orphan.yaml': account('orphan', 'no-such-rg'),
  };
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text);
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  return { root, uri, write: (rel: string, text: string) => writeFileSync(join(root, rel), text) };
}

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code)).sort();

describe('workspace-wide problems, published (a client that does not pull)', () => {
  const ws = workspace();
  const client = new WorkspaceClient({ rootDir: ws.root });
  after(async () => {
    await client.stop();
    rmSync(ws.root, { recursive: true, force: true });
  });

  test('every closed file has its own and cross-file problems after the scan, and follows changes on disk', async () => {
    await client.initialize();
    await client.waitForScans(1);
    const typo = await client.waitForDiagnostics(ws.uri('typo.yaml'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(codes(typo.diagnostics), ['unknown-field']);
    assert.match(String(typo.diagnostics[0].message), /acessTier/);
    const orphan = await client.waitForDiagnostics(ws.uri('orphan.yaml'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(codes(orphan.diagnostics), ['owner-not-found']);
    // Fixed on disk (another tool, a git checkout): its problems go.
    ws.write('typo.yaml', account('typo', 'rg-app', '  accessTier: Hot\n'));
    await client.filesChanged({ uri: ws.uri('typo.yaml'), type: 2 });
    await client.waitForDiagnostics(ws.uri('typo.yaml'), (p) => p.diagnostics.length === 0);
  });
});

describe('workspace-wide problems, pulled (workspace/diagnostic)', () => {
  const ws = workspace();
  const client = new WorkspaceClient({ rootDir: ws.root, pull: true });
  after(async () => {
    await client.stop();
    rmSync(ws.root, { recursive: true, force: true });
  });

  test('full reports for every closed file, then "unchanged" until a file changes on disk', async () => {
    const init = (await client.initialize()) as { capabilities: { diagnosticProvider?: unknown } };
    assert.deepEqual(init.capabilities.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: true });
    const first = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const byUri = new Map(first.items.map((i) => [i.uri, i]));
    assert.deepEqual(
      [...byUri.keys()].sort(),
      ['orphan.yaml', 'rg.yaml', 'typo.yaml'].map((r) => ws.uri(r)),
    );
    const typo = byUri.get(ws.uri('typo.yaml'))!;
    assert.equal(typo.kind, 'full');
    assert.deepEqual(codes(typo.kind === 'full' ? typo.items : []), ['unknown-field']);
    const previousResultIds = first.items.map((i) => ({ uri: i.uri, value: i.resultId! }));
    const again = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
    assert.deepEqual(
      again.items.map((i) => i.kind),
      ['unchanged', 'unchanged', 'unchanged'],
    );
    ws.write('typo.yaml', account('typo', 'rg-app', '  accessTier: Hot\n'));
    await client.filesChanged({ uri: ws.uri('typo.yaml'), type: 2 });
    // The file event is handled in the server's queue: ask until it shows.
    let report: WorkspaceDiagnosticReport | undefined;
    for (let i = 0; i < 200; i++) {
      report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
      if (report.items.some((x) => x.kind === 'full')) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const changed = report!.items.filter((x) => x.kind === 'full');
    assert.deepEqual(
      changed.map((x) => [x.uri, x.kind === 'full' ? x.items.length : -1]),
      [[ws.uri('typo.yaml'), 0]],
    );
  });
});

describe('problems.scope openFiles', () => {
  const ws = workspace();
  const client = new WorkspaceClient({ rootDir: ws.root, pull: true, settings: { problems: { scope: 'openFiles' } } });
  after(async () => {
    await client.stop();
    rmSync(ws.root, { recursive: true, force: true });
  });

  test('workspace/diagnostic reports no closed file, and empties those the client still shows', async () => {
    await client.initialize();
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
      previousResultIds: [{ uri: ws.uri('typo.yaml'), value: '0.1' }],
    });
    assert.deepEqual(report.items, [{ kind: 'full', uri: ws.uri('typo.yaml'), version: null, items: [] }]);
  });
});
