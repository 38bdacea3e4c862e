// The editor reads the facts cache on reopen (issue 48, lsp/scanCache.ts): a scan with the cache on writes
// the facts of the workspace's files; the next start reads them and parses little, and every closed file's
// diagnostics are the cold scan's, also after files were edited on disk between the two (the edited ones are
// computed again). A pack `check --cache` wrote in the workspace folder is the editor's too.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { WORKERS_ENV } from '../../server/src/io/workerPool';
import { WorkspaceClient } from './workspaceClient';

const REPO = join(__dirname, '..', '..');
const FIXTURES = join(REPO, 'test', 'fixtures');
const CLI = join(REPO, 'dist', 'cli.js');
const PARTS = [
  'repositories/overlays',
  'repositories/chart',
  'workspace/owners',
  'workspace/duplicates-and-cycles',
  'workspace/references',
  'diagnostics/storage',
];

let root: string;
/** The cache folder the editor (and `check --cache` run in the root) uses: the root holds a package.json. */
let cacheDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'cm-scan-cache-'));
  // Without CRDs: the kinds of a CRD change after the scan, which indexes every file again with them.
  const noCrd = (src: string) => !src.includes('33-builtin-prefix-namespace');
  for (const p of PARTS) cpSync(join(FIXTURES, p), join(root, p.replace('/', '-')), { recursive: true, filter: noCrd });
  writeFileSync(join(root, 'package.json'), '{ "name": "scan-cache-fixture", "private": true }\n');
  cacheDir = join(root, 'node_modules', '.cache', 'cloud-manifests');
});
after(() => rmSync(root, { recursive: true, force: true }));

const entries = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((n) => /^[0-9a-f]{64}$/.test(n)) : []);

/** A server started on the root: every closed file's diagnostics after its scan, its parses and its log. */
async function scan(
  cache: boolean,
  options: { workers?: number; transport?: 'stdio' | 'in-process'; trusted?: boolean } = {},
): Promise<{ report: string; parses?: number; logs: string[] }> {
  const before = process.env[WORKERS_ENV];
  process.env[WORKERS_ENV] = String(options.workers ?? 0);
  const client = new WorkspaceClient({
    rootDir: root,
    pull: true,
    settings: { cache },
    transport: options.transport ?? 'in-process',
    env: { [WORKERS_ENV]: String(options.workers ?? 0) },
    ...(options.trusted !== undefined ? { initializationOptions: { trusted: options.trusted } } : {}),
  });
  try {
    await client.initialize();
    await client.waitForScans();
    const parses = client.serverState?.host.status().counters.parses;
    const r = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const items = r.items.map((i) => ({ uri: i.uri, items: i.kind === 'full' ? i.items : [] }));
    items.sort((a, b) => (a.uri < b.uri ? -1 : 1));
    return { report: JSON.stringify(items, null, 1), parses, logs: client.logs };
  } finally {
    await client.stop();
    if (before === undefined) delete process.env[WORKERS_ENV];
    else process.env[WORKERS_ENV] = before;
  }
}

const readFromCache = (logs: readonly string[]) => {
  const line = logs.find((l) => /the facts of \d+ of \d+ files read from the cache/.test(l));
  const m = line && /the facts of (\d+) of (\d+)/.exec(line);
  return m ? { hit: Number(m[1]), looked: Number(m[2]) } : undefined;
};

describe('the editor reads the facts cache on reopen', () => {
  test('reopened with the cache warm: the cold diagnostics, the files not parsed again; edits on disk seen', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    const cold = await scan(false);
    assert.match(cold.report, /owner|duplicate/i, 'the workspace has cross-file problems');
    assert.equal(entries().length, 0, 'the cache off: nothing written');
    // The first start with the cache: computed as cold, and written.
    const filling = await scan(true);
    assert.equal(filling.report, cold.report);
    assert.ok(entries().length > 0, 'the scan wrote its facts');
    assert.equal(readFromCache(filling.logs)?.hit, 0);
    // Reopened: every file's facts read, few parses, the same diagnostics.
    const warm = await scan(true);
    assert.equal(warm.report, cold.report);
    const found = readFromCache(warm.logs);
    assert.ok(found && found.hit > 20 && found.hit === found.looked, JSON.stringify(found));
    assert.ok(warm.parses! < cold.parses! / 3, `${warm.parses} parses warm, ${cold.parses} cold`);

    // Files edited on disk while the editor was closed: their new text's diagnostics, the others' from the cache.
    const storage = join(root, 'diagnostics-storage');
    const edited = readdirSync(storage).filter((f) => f.endsWith('.yaml'))[0];
    appendFileSync(
      join(storage, edited),
      '\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: added-after-close\n  unknownField: 1\ndata:\n  a: 1\n',
    );
    writeFileSync(join(root, 'workspace-owners', 'added.yaml'), 'apiVersion: v1\nkind: Service\nspec: 3\n');
    const coldAfter = await scan(false);
    assert.notEqual(coldAfter.report, cold.report, 'the edits change the diagnostics');
    const warmAfter = await scan(true);
    assert.equal(warmAfter.report, coldAfter.report);
    const after = readFromCache(warmAfter.logs)!;
    assert.equal(after.looked - after.hit, 2, `only the two files edited computed: ${JSON.stringify(after)}`);
    // And on worker threads: the files found in the cache are not sent, the others are.
    const pooled = await scan(true, { workers: 2 });
    assert.equal(pooled.report, coldAfter.report);
  });

  test("a pack `check --cache` wrote in the workspace folder is read by the editor's scan", async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    assert.ok(existsSync(CLI), `${CLI} does not exist: run \`npm run build\` first`);
    const cold = await scan(false, { transport: 'stdio' });
    const check = spawnSync(process.execPath, [CLI, 'check', '--cache', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, [WORKERS_ENV]: '0' },
    });
    assert.ok(check.status === 0 || check.status === 1, check.stderr);
    assert.ok(entries().length > 0, 'the check wrote its facts');
    const warm = await scan(true, { transport: 'stdio' });
    assert.equal(warm.report, cold.report);
    const found = readFromCache(warm.logs);
    assert.ok(found && found.hit > 20, `the CLI's facts read: ${JSON.stringify(found)}`);
  });

  test('a restricted workspace reads no facts cache: its folder may hold what the repository wrote', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    const cold = await scan(false);
    await scan(true);
    assert.ok(entries().length > 0, 'a trusted scan wrote its facts');
    const restricted = await scan(true, { trusted: false });
    assert.equal(restricted.report, cold.report);
    assert.equal(readFromCache(restricted.logs), undefined, 'no cache opened');
    assert.ok(restricted.parses! >= cold.parses!, `${restricted.parses} parses restricted, ${cold.parses} cold`);
  });
});
