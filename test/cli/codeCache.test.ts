// The CLI keeps its compiled code between runs (io/codeCache.ts) in the user's cache folder, never in the
// workspace: the report is the same with the cache, without it, and with a corrupt entry (which is replaced);
// CLOUD_MANIFESTS_CODE_CACHE=0 keeps nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { storageAccount } from '../helpers/manifests';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// A name the operator refuses: the run reports an error, in the same words with the cache or without.
const ACCOUNT = storageAccount({ name: 'Bad_Name' });

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'cm-code-'));
  dirs.push(root);
  const ws = join(root, 'ws');
  mkdirSync(ws);
  writeFileSync(join(ws, 'package.json'), '{}');
  writeFileSync(join(ws, 'account.yaml'), ACCOUNT);
  const cache = join(root, 'xdg');
  const run = (env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'account.yaml'], {
      cwd: ws,
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cache, CLOUD_MANIFESTS_CODE_CACHE: '', ...env },
    });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, '');
    return r.stdout;
  };
  const entries = () => {
    const dir = join(cache, 'cloud-manifests', 'code');
    return existsSync(dir) ? readdirSync(dir).map((n) => join(dir, n)) : [];
  };
  return { ws, run, entries };
}

test('the compiled code is kept in the user cache folder and the report is the same with it', () => {
  const { ws, run, entries } = setup();
  const off = run({ CLOUD_MANIFESTS_CODE_CACHE: '0' });
  assert.match(off, /"code": ?"/);
  assert.deepEqual(entries(), []);
  assert.equal(run(), off);
  const [entry] = entries();
  assert.equal(entries().length, 1);
  // The user's own: not readable by others.
  assert.equal(statSync(entry).mode & 0o077, 0);
  const kept = readFileSync(entry);
  assert.equal(run(), off);
  assert.deepEqual(readFileSync(entry), kept, 'an entry V8 takes is not written again');
  // Nothing in the workspace (its node_modules/.cache is `--cache`'s, not this).
  assert.deepEqual(readdirSync(ws).sort(), ['account.yaml', 'package.json']);
});

test('a corrupt or truncated entry is refused, the report unchanged, and the entry made again', () => {
  const { run, entries } = setup();
  const off = run({ CLOUD_MANIFESTS_CODE_CACHE: '0' });
  run();
  const [entry] = entries();
  const good = readFileSync(entry);
  for (const bad of [Buffer.alloc(good.length, 0x5a), good.subarray(0, good.length >> 1)]) {
    writeFileSync(entry, bad);
    assert.equal(run(), off);
    assert.equal(entries().length, 1);
    assert.ok(!readFileSync(entry).equals(bad), 'the refused entry is replaced');
  }
});
