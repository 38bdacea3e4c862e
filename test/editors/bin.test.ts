// The package's `cloud-manifests-language-server` command, run as an editor runs it: no option at all
// (stdio is the default), or `--stdio`; it answers `initialize` with the server's capabilities. And the
// package as the README installs it: `npm pack`, then `npm install -g` of the tarball (into a scratch
// prefix, offline: the package needs nothing from the registry), which puts both commands on PATH.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createProtocolConnection, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { repo } from './tools';
import { serverReader } from '../e2e/lspClient';

const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const BIN = join(repo, pkg.bin['cloud-manifests-language-server']);

async function initialize(args: string[], bin = BIN) {
  const proc = spawn(bin, args, { stdio: 'pipe' });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += String(d)));
  const conn = createProtocolConnection(serverReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  conn.listen();
  try {
    const result = (await Promise.race([
      conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer to initialize within 10 s: ${stderr}`)), 10_000),
      ),
    ])) as { capabilities: Record<string, unknown>; serverInfo: { name: string; version: string } };
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    const code = await new Promise((resolve) =>
      proc.exitCode !== null ? resolve(proc.exitCode) : proc.on('exit', resolve),
    );
    return { result, code };
  } finally {
    conn.dispose();
    if (proc.exitCode === null) proc.kill();
  }
}

test('package.json names the three commands, and the server command is an executable file', () => {
  assert.deepEqual(Object.keys(pkg.bin).sort(), [
    'cloud-manifests',
    'cloud-manifests-language-server',
    'cloud-manifests-mcp',
  ]);
  const r = spawnSync(BIN, ['--version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), pkg.version);
});

for (const args of [[], ['--stdio']])
  test(`cloud-manifests-language-server ${args.join(' ') || '(no option)'} answers initialize over stdio and exits on exit`, async () => {
    const { result, code } = await initialize(args);
    assert.equal(result.serverInfo.name, 'cloud-manifests');
    // The version is package.json's, taken at build time (not written twice).
    assert.equal(result.serverInfo.version, pkg.version);
    assert.equal(result.capabilities.hoverProvider, true);
    assert.ok(result.capabilities.completionProvider);
    assert.equal(code, 0);
  });

test('npm pack + npm install -g of the tarball puts both commands on PATH, and they work', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-global-'));
  try {
    // dist/ is built by npm test before the tests run; --ignore-scripts: no rebuild under running tests.
    const pack = spawnSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(pack.status, 0, pack.stderr);
    const tgz = join(dir, pack.stdout.trim().split('\n').pop()!);
    const prefix = join(dir, 'prefix');
    const install = spawnSync(
      'npm',
      ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tgz],
      { encoding: 'utf8' },
    );
    assert.equal(install.status, 0, install.stderr);
    const cli = spawnSync(join(prefix, 'bin', 'cloud-manifests'), ['check', join(repo, 'examples', 'storage')], {
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stdout + cli.stderr);
    assert.match(cli.stdout, /6 files checked/);
    const { result, code } = await initialize([], join(prefix, 'bin', 'cloud-manifests-language-server'));
    assert.equal(result.serverInfo.name, 'cloud-manifests');
    assert.equal(code, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
