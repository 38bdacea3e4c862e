// A hostile workspace folder, for the CLI's and the server's safety tests: what a checked-out repository can
// hold to make a tool read the whole machine, block, or run out of stack or memory.
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Root reads and writes anything: permission tests run as `nobody` (a child process) when tests run as root. */
export const asRoot = process.getuid?.() === 0;
export const NOBODY = 65534;

/**
 * 5,000 nested folders `d` below a folder, made or removed: deeper than a path may be long, so by a process
 * that changes into each one in turn (bash's `cd` takes minutes there, and `rm -rf` seconds).
 */
const DEEP = `const fs = require('fs'); process.chdir(process.argv[1]);
  if (process.argv[2] === 'make') for (let i = 0; i < 5000; i++) { fs.mkdirSync('d'); process.chdir('d'); }
  else { let n = 0; while (fs.existsSync('d')) { process.chdir('d'); n++; }
    for (; n > 0; n--) { process.chdir('..'); fs.rmSync('d', { recursive: true, force: true }); } }`;
const deep = (dir: string, op: 'make' | 'remove') => {
  const r = spawnSync(process.execPath, ['-e', DEEP, dir, op], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nested folders (${op}): ${r.stderr}`);
};

const put = (dir: string, rel: string, text: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};

/**
 * Fills `ws` with `good.yaml` and `d/…(100 levels)…/deep.yaml` (the `manifest` text), and: `root` → `/`,
 * `zero.yaml` → /dev/zero, a dangling `gone.yaml`, `loop` → `.`, a FIFO `fifo.yaml`, a 1.9 GB sparse
 * `sparse.yaml`, 5,000 nested folders and `locked/` that only root may read (`locked/secret.yaml` in it).
 */
export function makeHostileFolder(ws: string, manifest: (name: string) => string): void {
  put(ws, 'good.yaml', manifest('good'));
  symlinkSync('/', join(ws, 'root'));
  symlinkSync('/dev/zero', join(ws, 'zero.yaml'));
  symlinkSync('nowhere.yaml', join(ws, 'gone.yaml'));
  symlinkSync('.', join(ws, 'loop'));
  const fifo = spawnSync('mkfifo', [join(ws, 'fifo.yaml')]);
  if (fifo.status !== 0) throw new Error(`mkfifo: ${fifo.stderr}`);
  writeFileSync(join(ws, 'sparse.yaml'), '');
  truncateSync(join(ws, 'sparse.yaml'), Math.floor(1.9 * 1024 ** 3));
  put(ws, 'locked/secret.yaml', manifest('secret'));
  deep(ws, 'make');
  put(ws, 'd/'.repeat(100) + 'deep.yaml', manifest('deep'));
  chmodSync(join(ws, 'locked'), 0o000);
}

/** Removes a scratch folder, a hostile one included. */
export function removeTree(dir: string, ws = join(dir, 'ws')): void {
  try {
    chmodSync(join(ws, 'locked'), 0o755);
  } catch {
    // Not a hostile folder.
  }
  if (lstatSync(join(ws, 'd'), { throwIfNoEntry: false })) deep(ws, 'remove');
  rmSync(dir, { recursive: true, force: true });
}
