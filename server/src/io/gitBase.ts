// The committed version of files, read from the repository's own git data with the `git` program: the
// repository a file is in, the commit a ref names, and each file's text at that commit, all files of a run
// in one `git cat-file --batch` process. Nothing is fetched: a blob a partial clone lacks is no version
// (every transport is refused, so git cannot go to the network for it), and no filter or textconv runs.
// The committed version of files, read from the repository's own git data with the `git` program: the
// repository a file is in (found and confined by gitRepository.ts before git runs, git then pointed at it),
// the commit a ref names, and each file's text at that commit: the sizes first (`git cat-file
// --batch-check`), then the texts within the caps in bounded batches (`--batch`). Every git process is
// asynchronous, killed past a time limit. Nothing is fetched: a blob a partial clone lacks is no version
// (every transport is refused, so git cannot go to the network for it), and no filter or textconv runs.
// Whatever is not compared gets its reason (`notCompared`), said on the file: never dropped in silence.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { decodeBytes } from './decode';
import {
  confineRepository,
  findRepository,
  repositoryTop,
  type FoundRepository,
  type Repository,
} from './gitRepository';

/**
 * The environment git runs in: none of the user's GIT_* variables (GIT_DIR, GIT_ALTERNATE_OBJECT_DIRECTORIES,
 * GIT_CONFIG_*… would lead it elsewhere), no system or global configuration (their includes open any
 * file), no prompt, no lock taken for reading, no transport at all.
 */
function gitEnv(repo: Repository): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.toUpperCase().startsWith('GIT_')) env[k] = v;
  return {
    ...env,
    GIT_DIR: repo.gitDir,
    GIT_WORK_TREE: repo.top,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_ALLOW_PROTOCOL: 'none',
    GIT_NO_LAZY_FETCH: '1',
  };
}
/** Configuration that would run a program or reach out for a read (none should; these make sure). */
const GIT_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'protocol.allow=never', '-c', 'core.hooksPath=/dev/null'];

/** The time a git command may take before it is killed (the repository is then not compared). */
export const GIT_TIMEOUT_MS = 10_000;
/** The texts one `git cat-file --batch` reads at most: a run's are read in batches of this size. */
const BATCH_BYTES = 16 * 1024 * 1024;
/** The committed texts a run reads in all; past it, files are said not compared. */
export const TOTAL_BYTES = 256 * 1024 * 1024;
/** A committed version this much larger than the file (and over 1 MB) is not compared (see `tooLarge`). */
const SHRINK_FACTOR = 8;
const SMALL_ENOUGH = 1024 * 1024;

type GitRun = { out: Buffer } | { failed: string };

/** The git processes running: killed when the process exits (a server told to exit leaves none blocked). */
const running = new Set<ReturnType<typeof spawn>>();
let killOnExit = false;

/** Runs git on a confined repository: its output, or why there is none (killed past the time or size limit). */
export function git(repo: Repository, args: string[], input: string, maxOutput: number): Promise<GitRun> {
  return new Promise((done) => {
    let settled = false;
    const finish = (r: GitRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(r);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn('git', [...GIT_CONFIG, ...args], {
        cwd: repo.top,
        env: gitEnv(repo),
        stdio: ['pipe', 'pipe', 'ignore'],
      });
    } catch {
      done({ failed: 'the git program could not be run' });
      return;
    }
    running.add(child);
    if (!killOnExit) {
      killOnExit = true;
      const killAll = () => running.forEach((c) => c.kill('SIGKILL'));
      process.on('exit', killAll);
      // Ended by a signal, the process runs no 'exit' handler: git is killed, then the signal taken as before
      // (the handler is gone once run, so the signal sent again ends the process as it would have).
      for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
        process.once(signal, () => {
          killAll();
          process.kill(process.pid, signal);
        });
    }
    child.on('close', () => running.delete(child));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ failed: `git did not answer within ${GIT_TIMEOUT_MS / 1000} s` });
    }, GIT_TIMEOUT_MS);
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout!.on('data', (b: Buffer) => {
      size += b.length;
      if (size > maxOutput) {
        child.kill('SIGKILL');
        finish({ failed: `git wrote more than the ${maxOutput} bytes asked for` });
      } else chunks.push(b);
    });
    child.on('error', () => finish({ failed: 'the git program could not be run' }));
    child.on('close', (code) =>
      finish(code === 0 ? { out: Buffer.concat(chunks) } : { failed: `git exited with status ${code}` }),
    );
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(input);
  });
}

/** A repository and the commit a ref names in it. */
export interface GitBase {
  repo: Repository;
  /** The repository's top folder (real path). */
  root: string;
  ref: string;
  /** The full commit id. */
  commit: string;
  /** Its abbreviation, as `git log --oneline` shows it. */
  short: string;
}

/** A repository whose files are not compared, and why. */
export interface RefusedBase {
  root: string;
  notCompared: string;
}

/** The base of a repository found by gitRepository.ts: its commit at `ref`, or why none. */
export async function baseOfRepository(
  found: FoundRepository,
  ref: string,
): Promise<GitBase | RefusedBase | { error: string }> {
  if ('refused' in found) return { root: found.top, notCompared: `the repository is not read: ${found.refused}` };
  const repo = found;
  // `--end-of-options` keeps a ref from being read as an option whatever it holds (settings.ts allows none).
  const ids = await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], '', 4096);
  // git not run, killed at its time limit: not compared, said; git's own refusal: the ref is unknown there.
  if ('failed' in ids && !ids.failed.startsWith('git exited'))
    return { root: repo.top, notCompared: `${ids.failed} in ${repo.top}` };
  const commit = 'out' in ids ? ids.out.toString('utf8').trim() : '';
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return { error: `git knows no commit named '${ref}' in ${repo.top}` };
  const shortRun = await git(repo, ['rev-parse', '--short', commit], '', 4096);
  const short = 'out' in shortRun ? shortRun.out.toString('utf8').trim() : commit.slice(0, 7);
  return { repo, root: repo.top, ref, commit, short };
}

/**
 * The repository holding a folder (confined to `allowed`, the workspace folders, and its own top), and the
 * commit `ref` names there; undefined outside a repository.
 */
export async function gitBaseOf(
  folder: string,
  ref: string,
  allowed: readonly string[],
): Promise<GitBase | RefusedBase | { error: string } | undefined> {
  const found = findRepository(folder, allowed);
  return found ? baseOfRepository(found, ref) : undefined;
}

/** Real paths of folders, looked up once each (a run's files share a few folders). */
const realFolders = new Map<string, string>();

function realFolder(dir: string): string {
  let real = realFolders.get(dir);
  if (real === undefined) {
    try {
      real = realpathSync.native(dir);
    } catch {
      real = dir; // a folder not on disk (yet): its path as given
    }
    if (realFolders.size > 10_000) realFolders.clear();
    realFolders.set(dir, real);
  }
  return real;
}

/**
 * A file's path inside a repository, as git names it (`/`-separated); undefined outside it. The folder's
 * real path, not the file's: git names a symbolic link by its own path.
 */
export function pathInRepository(root: string, file: string): string | undefined {
  const rel = relative(root, join(realFolder(dirname(file)), basename(file)));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || /[\r\n]/.test(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** A file's committed version: its text, why it is not compared, or undefined (not there: a new file). */
export type Committed = { text: string } | { notCompared: string } | undefined;

/** The committed texts a run may still read (TOTAL_BYTES at first), shared by its repositories. */
export interface ReadBudget {
  left: number;
}
export const newBudget = (): ReadBudget => ({ left: TOTAL_BYTES });

/** A size in words: MB from 1 MB on, KB below. */
const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/** What a file to compare is: its path in the repository and its current size in bytes. */
export interface ToCompare {
  path: string;
  size: number;
  /**
   * Its text now, when known: a committed blob whose id is that of this text's UTF-8 bytes holds this text,
   * and is not read (most files of a run are unchanged since the commit).
   */
  text?: string;
}

/** From this many files on, their entries are listed from the commit's tree at once (see `treeEntries`). */
const LIST_TREE_FROM = 32;
/** The folders named to `git ls-tree` at most; more, and the whole tree is listed. */
const LIST_TREE_FOLDERS = 256;
/** What `git ls-tree` may print at most; more, and the files are looked up one path at a time. */
const LIST_TREE_BYTES = 64 * 1024 * 1024;

/** A blob's place in a commit's tree: its id and size, or another type of object there (a submodule). */
interface TreeEntry {
  oid: string;
  type: string;
  size: number;
}

/**
 * The entries of the files at the base's commit, by path, from one listing of the folders that hold them
 * (`git ls-tree -r -l`: one walk of the trees, where `--batch-check` resolves each `commit:path` from the
 * top, ~4× slower on 2,000 files); undefined when the listing is refused (over its size, git failed): the
 * caller then asks path by path. A path not listed is not in the commit.
 */
async function treeEntries(base: GitBase, paths: readonly string[]): Promise<Map<string, TreeEntry> | undefined> {
  // The fewest folders holding every file: a folder inside another named is left out; a file at the top
  // lists the whole tree.
  const folders = [...new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')))].sort();
  const named: string[] = [];
  for (const f of folders) {
    if (f === '' || named.length >= LIST_TREE_FOLDERS) {
      named.length = 0;
      break;
    }
    const last = named[named.length - 1];
    if (last === undefined || !f.startsWith(`${last}/`)) named.push(f);
  }
  // Literal: a folder's name is never read as a pattern.
  const args = ['--literal-pathspecs', 'ls-tree', '-r', '-l', '-z', '--full-tree', base.commit, '--', ...named];
  const listed = await git(base.repo, args, '', LIST_TREE_BYTES);
  if ('failed' in listed) return undefined;
  const entries = new Map<string, TreeEntry>();
  // <mode> SP <type> SP <object> SP <size, padded; '-' for other objects> TAB <path>, NUL-ended: read by
  // position (a regular expression per entry cost more than git's own listing on 2,000 files).
  for (const line of listed.out.toString('utf8').split('\0')) {
    const tab = line.indexOf('\t');
    const type0 = line.indexOf(' ');
    const oid0 = line.indexOf(' ', type0 + 1);
    const size0 = line.indexOf(' ', oid0 + 1);
    if (tab < 0 || type0 < 0 || oid0 < 0 || size0 < 0 || size0 > tab) continue;
    const oid = line.slice(oid0 + 1, size0);
    const size = line.slice(size0 + 1, tab).trim();
    if (!/^[0-9a-f]{40,64}$/.test(oid) || !/^(\d+|-)$/.test(size)) continue;
    entries.set(line.slice(tab + 1), { oid, type: line.slice(type0 + 1, oid0), size: size === '-' ? 0 : Number(size) });
  }
  return entries;
}

/** The entries of the files at the base's commit, path by path (`git cat-file --batch-check`). */
async function pathEntries(base: GitBase, paths: readonly string[]): Promise<(TreeEntry | undefined)[] | string> {
  const input = paths.map((p) => `${base.commit}:${p}\n`).join('');
  const checked = await git(
    base.repo,
    ['cat-file', '--batch-check'],
    input,
    Buffer.byteLength(input) + 128 * paths.length,
  );
  if ('failed' in checked) return checked.failed;
  const lines = checked.out.toString('utf8').split('\n');
  return paths.map((_, i) => {
    const m = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(lines[i] ?? '');
    return m ? { oid: m[1], type: m[2], size: Number(m[3]) } : undefined;
  });
}

/** The id git gives a blob of these bytes (SHA-1, or SHA-256 in a repository of 64-digit ids). */
function blobId(bytes: Buffer, digits: number): string {
  const h = createHash(digits === 64 ? 'sha256' : 'sha1');
  return h.update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Why a committed version is not read, if it is not: over the file-size cap (`maxFileSizeMB`), as a file of
 * the workspace would be; or over 1 MB and many times the file's current size, where parsing what the file
 * once was would cost far more than checking it (a 2 KB file whose committed version is 5 MB of keys).
 */
function tooLarge(size: number, current: number, maxFileBytes: number): string | undefined {
  if (size > maxFileBytes)
    return `its committed version is ${mb(size)}, over the file-size cap (maxFileSizeMB, ${mb(maxFileBytes)})`;
  if (size > SMALL_ENOUGH && size > SHRINK_FACTOR * current)
    return `its committed version is ${mb(size)}, over ${SHRINK_FACTOR} times the file's size now (${mb(current)}): a file that shrank this much is not compared`;
  return undefined;
}

/** Parses `git cat-file --batch` output: per object asked for, its text (undefined: not text). */
function readBatch(out: Buffer, count: number): (string | undefined)[] {
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < count && at < out.length; i++) {
    const eol = out.indexOf(0x0a, at);
    if (eol < 0) break;
    const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(out.toString('utf8', at, eol));
    at = eol + 1;
    if (!m) {
      texts.push(undefined);
      continue;
    }
    const size = Number(m[2]);
    texts.push(m[1] === 'blob' ? decodeBytes(out.subarray(at, at + size))?.text : undefined);
    at += size + 1;
  }
  while (texts.length < count) texts.push(undefined);
  return texts;
}

/**
 * The texts of files at the base's commit: the sizes first (`--batch-check`), then the texts within the caps
 * in batches of at most BATCH_BYTES, each batch taken from `budget`. A file not there has none (undefined).
 */
export async function committedTexts(
  base: GitBase,
  files: readonly ToCompare[],
  budget: ReadBudget,
  maxFileBytes: number,
): Promise<Committed[]> {
  const result: Committed[] = files.map(() => undefined);
  if (files.length === 0) return result;
  const at = `${base.ref} (${base.short})`;
  const paths = files.map((f) => f.path);
  const listed = files.length >= LIST_TREE_FROM ? await treeEntries(base, paths) : undefined;
  const entries = listed ? paths.map((p) => listed.get(p)) : await pathEntries(base, paths);
  if (typeof entries === 'string') return files.map(() => ({ notCompared: `${entries} reading ${at}` }));
  const wanted: { index: number; oid: string; size: number }[] = [];
  files.forEach((f, i) => {
    const e = entries[i];
    // Missing, or a folder or submodule there then: the file is new since the commit.
    if (!e || e.type !== 'blob') return;
    const large = tooLarge(e.size, f.size, maxFileBytes);
    if (large) result[i] = { notCompared: large };
    else if (f.text !== undefined && blobId(Buffer.from(f.text, 'utf8'), e.oid.length) === e.oid)
      result[i] = { text: f.text };
    else wanted.push({ index: i, oid: e.oid, size: e.size });
  });
  for (let i = 0; i < wanted.length;) {
    const batch: typeof wanted = [];
    let bytes = 0;
    while (i < wanted.length && (batch.length === 0 || bytes + wanted[i].size <= BATCH_BYTES)) {
      bytes += wanted[i].size;
      batch.push(wanted[i++]);
    }
    if (bytes > budget.left) {
      for (const w of batch)
        result[w.index] = {
          notCompared: `the committed versions of this run passed ${mb(TOTAL_BYTES)}, read at most`,
        };
      continue;
    }
    budget.left -= bytes;
    const asked = batch.map((w) => `${w.oid}\n`).join('');
    const read = await git(base.repo, ['cat-file', '--batch'], asked, bytes + 128 * batch.length);
    if ('failed' in read) {
      for (const w of batch) result[w.index] = { notCompared: `${read.failed} reading ${at}` };
      continue;
    }
    readBatch(read.out, batch.length).forEach((text, k) => {
      result[batch[k].index] = text === undefined ? { notCompared: `its version at ${at} is not text` } : { text };
    });
  }
  return result;
}

/** The folder a file is in (for `gitBaseOf`). */
export const folderOf = (file: string): string => dirname(file);

/** A file's committed version as a run reads it: its text, or why it is not compared. */
export interface FileBase {
  text: string;
  ref: string;
  /** The commit, abbreviated ('' when the commit is not known). */
  commit: string;
  /** Set when the file is not compared: why (said on the file as an Information). */
  notCompared?: string;
}

/**
 * The committed version of each file, at `ref` in the repository each is in (found from the file's folder,
 * so a file in a submodule is compared with the submodule's own repository), confined to `allowed`.
 * Files outside a repository, new or untracked have none. `errors`: a ref a repository does not know.
 */
export async function readBases(
  files: readonly ToCompare[],
  ref: string,
  options: { allowed: readonly string[]; maxFileBytes: number },
): Promise<{ bases: Map<string, FileBase>; errors: string[] }> {
  const bases = new Map<string, FileBase>();
  const errors: string[] = [];
  const ofFolder = new Map<string, Promise<GitBase | RefusedBase | { error: string } | undefined>>();
  const byRoot = new Map<string, Promise<GitBase | RefusedBase | { error: string }>>();
  const baseOfFolder = (dir: string) => {
    let b = ofFolder.get(dir);
    if (!b) {
      const top = repositoryTop(dir);
      if (top !== undefined) {
        let r = byRoot.get(top);
        if (!r) byRoot.set(top, (r = baseOfRepository(confineRepository(top, options.allowed), ref)));
        b = r;
      } else b = Promise.resolve(undefined);
      ofFolder.set(dir, b);
    }
    return b;
  };
  const repos = new Map<GitBase, { files: string[]; items: ToCompare[] }>();
  for (const file of files) {
    const b = await baseOfFolder(dirname(file.path));
    if (!b) continue;
    if ('error' in b) {
      if (!errors.includes(b.error)) errors.push(b.error);
      continue;
    }
    if ('notCompared' in b) {
      bases.set(file.path, { text: '', ref, commit: '', notCompared: b.notCompared });
      continue;
    }
    const path = pathInRepository(b.root, file.path);
    if (path === undefined) continue;
    const at = repos.get(b) ?? { files: [], items: [] };
    at.files.push(file.path);
    at.items.push({ path, size: file.size, text: file.text });
    repos.set(b, at);
  }
  const budget = newBudget();
  for (const [b, { files: fs, items }] of repos) {
    const texts = await committedTexts(b, items, budget, options.maxFileBytes);
    fs.forEach((f, i) => {
      const c = texts[i];
      if (c)
        bases.set(
          f,
          'text' in c
            ? { text: c.text, ref, commit: b.short }
            : { text: '', ref, commit: b.short, notCompared: c.notCompared },
        );
    });
  }
  return { bases, errors };
}
