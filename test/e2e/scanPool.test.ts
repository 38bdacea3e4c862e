// The workspace scan on worker threads (issue 35) makes the index the scan on one thread makes: every
// closed file's diagnostics (`workspace/diagnostic`) are the same, with problems in open files only and with
// workspace-wide problems (where the workers check the files too), on a workspace with cross-file problems
// (overlays, owners across files, duplicates, references, a Helm chart); and the files were parsed by the
// workers, not by the server's thread.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { WORKERS_ENV } from '../../server/src/io/workerPool';
import { WorkspaceClient } from './workspaceClient';

const FIXTURES = join(__dirname, '..', 'fixtures');
const PARTS = [
  'repositories/overlays',
  'repositories/chart',
  'kustomize',
  'workspace/owners',
  'workspace/duplicates-and-cycles',
  'workspace/references',
  'workspace/arm-ids',
  'diagnostics/storage',
];

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'cm-scan-pool-'));
  // Without the one overlay that holds a CRD: kinds from a CRD keep the scan on the server's thread
  // (scanPool.ts: the workers know the built-in kinds alone), and this test is about the workers.
  const noCrd = (src: string) => !src.includes('33-builtin-prefix-namespace');
  for (const p of PARTS) cpSync(join(FIXTURES, p), join(root, p.replace('/', '-')), { recursive: true, filter: noCrd });
});
after(() => rmSync(root, { recursive: true, force: true }));

/** Every closed file's diagnostics after the scan, and the parses the server's thread did. */
async function scan(
  workers: number,
  settings: unknown,
  workersAlone = false,
): Promise<{ report: string; parses: number }> {
  const before = process.env[WORKERS_ENV];
  process.env[WORKERS_ENV] = String(workers);
  const client = new WorkspaceClient({ rootDir: root, pull: true, settings });
  if (workersAlone) client.serverState!.ws.workersAlone = true;
  try {
    await client.initialize();
    await client.waitForScans();
    const parses = client.serverState!.host.status().counters.parses;
    const r = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const items = r.items.map((i) => ({ uri: i.uri, items: i.kind === 'full' ? i.items : [] }));
    items.sort((a, b) => (a.uri < b.uri ? -1 : 1));
    return { report: JSON.stringify(items, null, 1), parses };
  } finally {
    await client.stop();
    if (before === undefined) delete process.env[WORKERS_ENV];
    else process.env[WORKERS_ENV] = before;
  }
}

describe('the workspace scan on worker threads', () => {
  for (const [name, settings] of [
    ['problems in open files', {}],
    ['workspace-wide problems', { problemsScope: 'workspace' }],
  ] as const)
    test(`indexes as on one thread: every file's diagnostics the same (${name})`, async () => {
      const one = await scan(0, settings);
      assert.match(one.report, /owner|duplicate/i, 'the workspace has cross-file problems');
      // The server's thread does batches too (as it runs), or leaves them all to the workers.
      const pooled = await scan(2, settings);
      assert.equal(pooled.report, one.report);
      const alone = await scan(2, settings, true);
      assert.equal(alone.report, one.report);
      // Then the scan's parses were the workers': the server's thread parsed the chart's templates and little else.
      assert.ok(one.parses > 50, `${one.parses} parses on one thread`);
      assert.ok(alone.parses < one.parses / 3, `${alone.parses} parses here, ${one.parses} on one thread`);
    });
});
