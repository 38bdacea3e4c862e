// `exit` and the end of standard input are honoured while the server is busy: the built server over stdio,
// checking a real heavy input (one 9.8 MB file of 45,000 manifests, each with a warning, under
// maxDocumentSize, so checked in full), is told to exit, or has its input closed, in the middle of that work: it ends within seconds, not
// once the work is done (it kept the CPU busy for 16 s and more, and an editor left it orphaned). The bound
// is a liveness check: generous against "after the whole check".
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SERVER } from './lspClient';

const LIVENESS_MS = 10_000;
/** A storage account with a warning (`accessTier: hot`): 45,000 of them, each checked and reported. */
const account = (i: number) =>
  `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct${i}\nspec:\n  location: westus\n  kind: StorageV2\n  accessTier: hot\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n`;
const BIG = Array.from({ length: 45_000 }, (_, i) => account(i)).join('---\n');

function send(proc: ChildProcessWithoutNullStreams, message: object): void {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** CPU time the process has used, in clock ticks (Linux /proc). */
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** A server that initialized and is checking BIG (it has used 0.6 s of CPU on it, and goes on). */
async function busyServer(): Promise<{ proc: ChildProcessWithoutNullStreams; exited: Promise<unknown> }> {
  const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r(code ?? signal)));
  let out = '';
  const initialized = new Promise<void>((resolve) =>
    proc.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes('"id":1')) resolve();
    }),
  );
  send(proc, { id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await initialized;
  send(proc, { method: 'initialized', params: {} });
  const start = cpuTicks(proc.pid!);
  send(proc, {
    method: 'textDocument/didOpen',
    params: { textDocument: { uri: 'file:///tmp/big.yaml', languageId: 'yaml', version: 1, text: BIG } },
  });
  // Busy: the server has spent 0.6 s of CPU since the document was sent (its check takes far longer).
  while (cpuTicks(proc.pid!) - start < 60) await new Promise((r) => setTimeout(r, 50));
  return { proc, exited };
}

async function endsWithin(exited: Promise<unknown>, proc: ChildProcessWithoutNullStreams): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), LIVENESS_MS)));
  const ended = await Promise.race([exited.then(() => true), late]);
  clearTimeout(timer);
  if (!ended) proc.kill('SIGKILL');
  return ended;
}

test(
  'exit is honoured while the server is busy checking a huge file',
  { skip: process.platform !== 'linux' },
  async () => {
    const { proc, exited } = await busyServer();
    send(proc, { method: 'exit' });
    assert.ok(await endsWithin(exited, proc), `the server still ran ${LIVENESS_MS} ms after exit`);
  },
);

test('the end of standard input ends a busy server', { skip: process.platform !== 'linux' }, async () => {
  const { proc, exited } = await busyServer();
  proc.stdin.end();
  assert.ok(await endsWithin(exited, proc), `the server still ran ${LIVENESS_MS} ms after its input ended`);
});
