// End-to-end, over stdio as an editor starts the server: `exit` (without `shutdown`) and standard input closing
// are honoured while the server works on issue 30's hostile inputs (an overlay chain of 17 levels each listing
// its base three ways, and a 40,000-line Helm template, both opened): every heavy path yields between bounded
// slices, between which `exit` and the end of input are read. It guards that bound (a slice that ran for
// minutes would fail it); it does not reproduce the original hang, which needed more than this
// sequence (the test passes at d7f2016 too). The bound is generous on purpose: the claim is that the process
// ends, not how fast (`npm run bench:hostile` measures that).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CASES } from '../../bench/hostile';
import { TestClient } from './lspClient';

/** CPU seconds a process has used (user and system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const HEAVY = ['overlay-chain-17', 'helm-40k-lines'];

describe('a busy server honours exit', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-exit-busy-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const ws = join(dir, 'ws');
  mkdirSync(ws);
  for (const name of HEAVY) {
    const c = CASES.find((x) => x.name === name);
    assert.ok(c, name);
    mkdirSync(join(ws, name));
    c.make(join(ws, name));
  }
  const template = join('helm-40k-lines', 'chart', 'templates', 't.yaml');
  const overlay = join('overlay-chain-17', 'l16', 'kustomization.yaml');

  for (const how of ['exit', 'stdin closed'] as const) {
    test(`${how} while the workspace is scanned and a 40,000-line template is checked: the process ends`, async () => {
      const client = new TestClient({ rootDir: ws });
      const proc = client.proc!;
      const ended = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
      try {
        await client.initialize();
        // The overlay chain's top kustomization and the template opened: their checks start behind the scan,
        // and all are under way when the client leaves.
        for (const file of [overlay, template])
          await client.conn.sendNotification('textDocument/didOpen', {
            textDocument: {
              uri: client.uri(file),
              languageId: 'yaml',
              version: 1,
              text: readFileSync(join(ws, file), 'utf8'),
            },
          });
        // Busy: the process has computed for a second since (or, past 30 s, whatever it does then).
        const start = cpuSeconds(proc.pid!);
        const giveUp = Date.now() + 30_000;
        while (cpuSeconds(proc.pid!) - start < 1 && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 20));
        if (how === 'exit') await client.conn.sendNotification('exit');
        else proc.stdin.end();
        let timer: NodeJS.Timeout | undefined;
        const code = await Promise.race([
          ended,
          new Promise<'still running'>((r) => (timer = setTimeout(() => r('still running'), 10_000))),
        ]);
        clearTimeout(timer);
        // No `shutdown` came first: LSP's exit code 1.
        assert.equal(code, 1, client.stderr.slice(0, 2000));
      } finally {
        client.conn.dispose();
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
    });
  }
});
