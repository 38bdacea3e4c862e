// The editor while git cannot answer (issue 43): git runs off the server's main thread with a time limit, so
// a FIFO in the repository (at `.git/HEAD`, refused before git runs; at the branch compared, which blocks git
// until it is killed) never holds hover, `shutdown` or `exit`; the file says it was not compared.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { committedRepository, git, hasGit } from '../helpers/git';
import { WorkspaceClient } from './workspaceClient';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;
const MOVED = ACCOUNT.replace('westeurope', 'northeurope');

/** A committed workspace with `account.yaml` changed and a FIFO at `fifo` (inside `.git`). */
function workspace(fifo: string): string {
  const dir = committedRepository({ 'account.yaml': ACCOUNT, 'small.yaml': ACCOUNT.replace('ingest', 'small') });
  dirs.push(dir);
  git(dir, 'branch', 'release');
  const path = join(dir, '.git', fifo);
  rmSync(path, { force: true });
  assert.equal(spawnSync('mkfifo', [path]).status, 0);
  writeFileSync(join(dir, 'account.yaml'), MOVED);
  return dir;
}

/** Hovers `kind` in small.yaml: the time to the answer, in ms. */
async function hoverMs(c: WorkspaceClient): Promise<number> {
  const started = Date.now();
  const answer = await Promise.race([
    c.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: c.uri('small.yaml') },
      position: { line: 1, character: 2 },
    }),
    new Promise((r) => setTimeout(() => r('timeout'), 5000)),
  ]);
  assert.notEqual(answer, 'timeout');
  return Date.now() - started;
}

/** Shutdown and exit, as an editor sends them: the time until the server's process has ended by itself, in ms. */
async function exitMs(c: WorkspaceClient): Promise<number> {
  const proc = c.proc!;
  const started = Date.now();
  let exited = proc.exitCode !== null;
  const ended = new Promise<void>((r) => {
    if (exited) r();
    else
      proc.once('exit', () => {
        exited = true;
        r();
      });
  });
  await Promise.race([c.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 5000))]);
  await c.conn.sendNotification('exit');
  await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
  assert.ok(exited, 'the server did not exit');
  return Date.now() - started;
}

const notCompared = (ds: Diagnostic[]) => ds.find((d) => d.code === 'not-compared');

describe('the editor while git cannot answer', { skip: !hasGit && !process.env.CI && 'no git' }, () => {
  test('a FIFO at .git/HEAD: hover answered, the file says why it is not compared, exit at once', async () => {
    const dir = workspace('HEAD');
    const c = new WorkspaceClient({ rootDir: dir, transport: 'stdio' });
    try {
      await c.initialize();
      await c.waitForScans(1);
      await c.open(c.uri('small.yaml'), ACCOUNT.replace('ingest', 'small'));
      assert.ok((await hoverMs(c)) < 1000);
      const p = await c.waitForDiagnostics(c.uri('account.yaml'), (x) => !!notCompared(x.diagnostics), 5000);
      assert.match(String(notCompared(p.diagnostics)!.message), /\.git\/HEAD .* is not a regular file/);
      assert.equal(notCompared(p.diagnostics)!.severity, 3);
      assert.ok((await exitMs(c)) < 2000);
    } finally {
      if (c.proc?.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });

  test('git blocked on the branch compared: hover answered meanwhile, git killed at its time limit, exit at once', async () => {
    const dir = workspace(join('refs', 'heads', 'release'));
    const c = new WorkspaceClient({ rootDir: dir, transport: 'stdio', settings: { compareWith: 'release' } });
    try {
      await c.initialize();
      await c.waitForScans(1);
      await c.open(c.uri('small.yaml'), ACCOUNT.replace('ingest', 'small'));
      for (let i = 0; i < 3; i++) assert.ok((await hoverMs(c)) < 1000);
      const p = await c.waitForDiagnostics(c.uri('account.yaml'), (x) => !!notCompared(x.diagnostics), 20_000);
      assert.match(String(notCompared(p.diagnostics)!.message), /git did not answer within 10 s/);
      assert.ok((await exitMs(c)) < 2000);
    } finally {
      if (c.proc?.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });

  test('compareWith "HEAD^{/a{255}{255}{255}}" is refused (a settings problem): compared with HEAD, at once', async () => {
    const dir = committedRepository({ 'account.yaml': ACCOUNT });
    dirs.push(dir);
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const c = new WorkspaceClient({
      rootDir: dir,
      transport: 'stdio',
      settings: { compareWith: 'HEAD^{/a{255}{255}{255}}' },
    });
    try {
      await c.initialize();
      await c.waitForScans(1);
      const p = await c.waitForDiagnostics(
        c.uri('account.yaml'),
        (x) => x.diagnostics.some((d) => d.code === 'create-only-changed'),
        5000,
      );
      assert.ok(p.diagnostics.some((d) => String(d.message).includes("it was 'westeurope' at HEAD")));
      assert.ok(
        c.logs.some((l) => /compareWith must be a branch or tag name/.test(l)),
        c.logs.join('\n'),
      );
      assert.ok((await exitMs(c)) < 2000);
    } finally {
      if (c.proc?.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });

  test('the server killed (SIGTERM) while git is blocked: no git process left behind', async () => {
    const dir = workspace(join('refs', 'heads', 'release'));
    const c = new WorkspaceClient({ rootDir: dir, transport: 'stdio', settings: { compareWith: 'release' } });
    try {
      await c.initialize();
      await c.waitForScans(1);
      const proc = c.proc!;
      const children = () =>
        spawnSync('ps', ['-o', 'pid=', '--ppid', String(proc.pid)], { encoding: 'utf8' })
          .stdout.split('\n')
          .map((l) => Number(l.trim()))
          .filter((n) => n > 0);
      let gits: number[] = [];
      for (let i = 0; i < 50 && gits.length === 0; i++) {
        gits = children();
        if (gits.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(gits.length > 0, 'git is not running');
      const ended = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await ended;
      await new Promise((r) => setTimeout(r, 200));
      // Running still (a killed process whose parent is gone may stay a zombie until reaped: not running).
      const alive = gits.filter((pid) => {
        try {
          return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        } catch {
          return false;
        }
      });
      alive.forEach((pid) => process.kill(pid, 'SIGKILL'));
      assert.deepEqual(alive, []);
    } finally {
      if (c.proc?.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });

  test('exit while git is blocked: the server ends within 2 s', async () => {
    const dir = workspace(join('refs', 'heads', 'release'));
    const c = new WorkspaceClient({ rootDir: dir, transport: 'stdio', settings: { compareWith: 'release' } });
    try {
      await c.initialize();
      await c.waitForScans(1);
      assert.ok((await exitMs(c)) < 2000);
    } finally {
      if (c.proc?.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });
});
