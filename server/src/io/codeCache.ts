// The CLI's compiled code kept between runs. A run of `check` on a few files spends a good part of its time
// compiling the 2 MB bundle (V8 compiles each function on its first call): with V8's code cache of a previous
// run, those functions are read, not compiled again (about 0.15–0.2 s of a second's run). Node 22 offers the
// same (`module.enableCompileCache`); Node 20, which we support, does not, hence this.
//
// The cache is the user's own (`$XDG_CACHE_HOME/cloud-manifests/code`, else `~/.cache/…`), never a folder of
// the workspace: compiled code runs as it is read, so it comes from no place a repository can write to. An
// entry is named by a hash of the bundle's text, Node's version and the architecture; it is written once,
// after a run (so that it holds the functions that run compiled), whole or not at all (a temporary file, then
// a rename), and V8 itself refuses data made by another V8. Anything that fails — no home folder, a read-only
// one, a corrupt entry — only means the bundle is compiled as without it. CLOUD_MANIFESTS_CODE_CACHE=0 turns it off.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';

/** Entries kept (one per build): older ones are deleted when a new one is written. */
const KEEP = 3;
/** An entry larger than this is not read (the bundle's cache is ~1.5 MB). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** The folder of the compiled code; undefined when turned off. */
export function codeCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.CLOUD_MANIFESTS_CODE_CACHE === '0') return undefined;
  const xdg = env.XDG_CACHE_HOME?.trim();
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  const base = xdg && isAbsolute(xdg) ? xdg : home ? join(home, '.cache') : undefined;
  return base && join(base, 'cloud-manifests', 'code');
}

/** The code cache's entry for this text under this Node, or undefined (none, unreadable, too large). */
function readEntry(path: string): Buffer | undefined {
  try {
    if (statSync(path).size > MAX_ENTRY_BYTES) return undefined;
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Writes an entry whole or not at all, and deletes all but the newest entries. */
function writeEntry(dir: string, name: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = join(dir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, join(dir, name));
    const entries = readdirSync(dir)
      .filter((n) => n.endsWith('.v8') && n !== name)
      .map((n) => {
        try {
          return { n, t: statSync(join(dir, n)).mtimeMs };
        } catch {
          return { n, t: 0 };
        }
      })
      .sort((a, b) => b.t - a.t);
    for (const e of entries.slice(KEEP - 1)) unlinkSync(join(dir, e.n));
  } catch {
    // Not kept: the next run compiles again.
  }
}

/**
 * Runs a CommonJS bundle as `require` would, with its compiled code read from the cache when there, and
 * written there after the run when it was not (or V8 refused it).
 */
export function runCached(file: string, env: NodeJS.ProcessEnv): void {
  const source = readFileSync(file, 'utf8');
  const dir = codeCacheDir(env);
  const name = `${createHash('sha256').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex')}.v8`;
  const cachedData = dir ? readEntry(join(dir, name)) : undefined;
  // The wrapper `require` puts around a module, on the first line (line numbers stay the bundle's own).
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source.replace(/^#!.*/, '')}\n});`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (dir && (!cachedData || script.cachedDataRejected))
    process.once('exit', () => writeEntry(dir, name, script.createCachedData()));
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {}, filename: file, id: file };
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}
