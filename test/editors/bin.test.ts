// The package's `cloud-manifests-language-server` command, run as an editor runs it: no option at all
// (stdio is the default), or `--stdio`; it answers `initialize` with the server's capabilities.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { repo } from './tools';

const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const BIN = join(repo, pkg.bin['cloud-manifests-language-server']);

async function initialize(args: string[]) {
  const proc = spawn(BIN, args, { stdio: 'pipe' });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += String(d)));
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  conn.listen();
  try {
    const result = (await Promise.race([
      conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer to initialize within 10 s: ${stderr}`)), 10_000)),
    ])) as { capabilities: Record<string, unknown>; serverInfo: { name: string } };
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    const code = await new Promise((resolve) => (proc.exitCode !== null ? resolve(proc.exitCode) : proc.on('exit', resolve)));
    return { result, code };
  } finally {
    conn.dispose();
    if (proc.exitCode === null) proc.kill();
  }
}

test('package.json names the two commands, and the server command is an executable file', () => {
  assert.deepEqual(Object.keys(pkg.bin).sort(), ['cloud-manifests', 'cloud-manifests-language-server']);
  const r = spawnSync(BIN, ['--version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), pkg.version);
});

for (const args of [[], ['--stdio']])
  test(`cloud-manifests-language-server ${args.join(' ') || '(no option)'} answers initialize over stdio and exits on exit`, async () => {
    const { result, code } = await initialize(args);
    assert.equal(result.serverInfo.name, 'cloud-manifests');
    assert.equal(result.capabilities.hoverProvider, true);
    assert.ok(result.capabilities.completionProvider);
    assert.equal(code, 0);
  });
