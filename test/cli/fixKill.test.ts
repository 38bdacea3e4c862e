// `check --fix` killed (SIGKILL) at random moments while it fixes and writes large files, 50 times: every
// file is always either its old text or its new one, byte for byte, never empty, cut or mixed. The files are
// a few megabytes of comments around manifests with mistakes `--fix` corrects, so that writing them (with
// fsync) is a large part of a run; the kills are spread over the whole run, calibrated on one run first, and
// one in three comes as the first write begins: tried against `writeFileSync` in place, this test failed
// (a file cut at 512 KB), as 2 in 20 such kills did in an earlier trial; with the atomic writer, none.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { account } from '../workspace/helpers';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-kill-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = ['a.yaml', 'b.yaml', 'c.yaml'];
const padding = ('# ' + 'x'.repeat(77) + '\n').repeat(4000);
const original = (f: string) =>
  Buffer.from(
    [0, 1, 2].map((i) => account(`acct${f[0]}${i}`, 'rg-app', '  accessTier: hot\n') + padding).join('---\n'),
  );
const OLD = new Map(NAMES.map((f) => [f, original(f)]));
const restore = () => NAMES.forEach((f) => writeFileSync(join(dir, f), OLD.get(f)!));

/**
 * Runs `check --fix` and kills it after `delayMs` (never, if undefined), or `'first write'`: within 2 ms of
 * the first change in the folder (inotify), the moment a write in place would have emptied a file.
 */
function runFix(delayMs?: number | 'first write'): Promise<{ killed: boolean; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, 'check', '--fix', '.'], { cwd: dir, stdio: 'ignore' });
  const kill = () => child.kill('SIGKILL');
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  if (delayMs === 'first write')
    watcher = watch(dir, () => {
      watcher?.close();
      timer = setTimeout(kill, Math.random() * 2);
    });
  else if (delayMs !== undefined) timer = setTimeout(kill, delayMs);
  return new Promise((resolve) =>
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      watcher?.close();
      resolve({ killed: signal === 'SIGKILL', ms: Date.now() - started });
    }),
  );
}

test(
  'check --fix killed at random moments leaves each file old or new, byte for byte',
  { timeout: 240_000 },
  async () => {
    // The new texts, and how long a whole run takes here and now.
    restore();
    const whole = await runFix();
    const NEW = new Map(NAMES.map((f) => [f, readFileSync(join(dir, f))]));
    for (const f of NAMES) {
      assert.ok(!NEW.get(f)!.equals(OLD.get(f)!), `${f} was fixed`);
      assert.equal(NEW.get(f)!.length, OLD.get(f)!.length, 'hot → Hot: same length');
    }
    const seen = { old: 0, new: 0, killed: 0, mixed: 0 };
    // How long a run takes: the shortest whole run seen so far (the machine's load varies; a run that ends
    // before its kill says the estimate was long).
    let estimate = whole.ms;
    for (let i = 0; i < 50; i++) {
      restore();
      // One run in three killed as its first write begins; the others at a moment spread over the whole
      // run, startup included.
      const { killed, ms } = await runFix(i % 3 === 0 ? 'first write' : Math.random() * estimate);
      if (killed) seen.killed++;
      else estimate = Math.min(estimate, ms);
      const states = NAMES.map((f) => {
        const now = readFileSync(join(dir, f));
        if (now.equals(OLD.get(f)!)) return 'old';
        if (now.equals(NEW.get(f)!)) return 'new';
        return `neither (${now.length} bytes)`;
      });
      assert.deepEqual(
        states.filter((s) => s !== 'old' && s !== 'new'),
        [],
        `run ${i}: ${NAMES.map((f, k) => `${f} ${states[k]}`).join(', ')}`,
      );
      states.forEach((s) => seen[s as 'old' | 'new']++);
      if (states.includes('old') && states.includes('new')) seen.mixed++;
    }
    // The kills did land during runs (not all after them), some of them between files.
    assert.ok(seen.killed >= 15, JSON.stringify(seen));
    assert.ok(seen.old > 0 && seen.new > 0, JSON.stringify(seen));
    // A killed run may leave its temporary file (`.a.yaml.<pid>.<random>.tmp`, never a .yaml): only those.
    for (const f of readdirSync(dir)) assert.match(f, /^(?:[abc]\.yaml|\.[abc]\.yaml\.\d+\.[0-9a-f]{8}\.tmp)$/);
    // And the files as left are what a fresh run fixes.
    assert.equal(spawnSync(process.execPath, [CLI, 'check', '--fix', '.'], { cwd: dir }).status, 0);
    for (const f of NAMES) assert.ok(readFileSync(join(dir, f)).equals(NEW.get(f)!));
  },
);
