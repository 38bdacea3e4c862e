// The committed version of files, read from the repository's own git data with the `git` program: the
// repository a file is in, the commit a ref names, and each file's text at that commit, all files of a run
// in one `git cat-file --batch` process. Nothing is fetched: a blob a partial clone lacks is no version
// (every transport is refused, so git cannot go to the network for it), and no filter or textconv runs.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { decodeBytes } from './decode';

/** The environment git runs in: no prompt, no lock taken for reading, no transport at all. */
const GIT_ENV = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_ALLOW_PROTOCOL: 'none',
  GIT_NO_LAZY_FETCH: '1',
};
/** Configuration that would run a program or reach out for a read (none should; these make sure). */
const GIT_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'protocol.allow=never', '-c', 'core.hooksPath=/dev/null'];

/** Output of one git command read at most (the batch of a large workspace is the files' size, capped). */
const MAX_OUTPUT = 512 * 1024 * 1024;

function git(cwd: string, args: string[], input?: Buffer): Buffer | undefined {
  try {
    const r = spawnSync('git', [...GIT_CONFIG, ...args], {
      cwd,
      env: GIT_ENV,
      input,
      maxBuffer: MAX_OUTPUT,
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: 60_000,
    });
    return r.status === 0 && r.stdout ? r.stdout : undefined;
  } catch {
    return undefined; // no git program
  }
}

/** A repository and the commit a ref names in it. */
export interface GitBase {
  /** The repository's top folder (real path). */
  root: string;
  ref: string;
  /** The full commit id. */
  commit: string;
  /** Its abbreviation, as `git log --oneline` shows it. */
  short: string;
}

/**
 * Whether a folder may be inside a repository: a `.git` in it or above it (or git told where the repository
 * is). Checked before any git process starts, so a run outside a repository costs a few file look-ups.
 */
function mayBeInRepository(folder: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let d = folder; ;) {
    if (existsSync(join(d, '.git'))) return true;
    const up = dirname(d);
    if (up === d) return false;
    d = up;
  }
}

/** The repository holding a folder, and the commit `ref` names there; undefined outside a repository. */
export function gitBaseOf(folder: string, ref: string): GitBase | { error: string } | undefined {
  if (!mayBeInRepository(folder)) return undefined;
  const top = git(folder, ['rev-parse', '--show-toplevel'])?.toString('utf8').trim();
  if (!top) return undefined;
  // `--end-of-options` keeps a ref from being read as an option whatever it holds.
  const ids = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  const commit = ids?.toString('utf8').trim();
  if (!commit) return { error: `git knows no commit named '${ref}' in ${top}` };
  const short = git(top, ['rev-parse', '--short', commit])?.toString('utf8').trim() ?? commit.slice(0, 7);
  let root = top;
  try {
    root = realpathSync(top);
  } catch {
    // keep git's own
  }
  return { root, ref, commit, short };
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

/** Parses `git cat-file --batch` output: per request, its text or undefined (missing, not a blob, binary). */
function readBatch(out: Buffer, count: number): (string | undefined)[] {
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < count && at < out.length; i++) {
    const eol = out.indexOf(0x0a, at);
    if (eol < 0) break;
    const header = out.toString('utf8', at, eol);
    at = eol + 1;
    const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!m) {
      texts.push(undefined); // "<name> missing" or "ambiguous"
      continue;
    }
    const size = Number(m[2]);
    const bytes = out.subarray(at, at + size);
    at += size + 1;
    texts.push(m[1] === 'blob' ? decodeBytes(bytes)?.text : undefined);
  }
  while (texts.length < count) texts.push(undefined);
  return texts;
}

/** The texts of files (paths inside the repository) at the base's commit; undefined where a file was not there. */
export function committedTexts(base: GitBase, paths: readonly string[]): (string | undefined)[] {
  if (paths.length === 0) return [];
  const input = Buffer.from(paths.map((p) => `${base.commit}:${p}\n`).join(''), 'utf8');
  const out = git(base.root, ['cat-file', '--batch'], input);
  return out ? readBatch(out, paths.length) : paths.map(() => undefined);
}

/** `committedTexts` without blocking: the server reads the base of a file as it is opened. */
export function committedTextsAsync(base: GitBase, paths: readonly string[]): Promise<(string | undefined)[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      [...GIT_CONFIG, 'cat-file', '--batch'],
      { cwd: base.root, env: GIT_ENV, encoding: 'buffer', maxBuffer: MAX_OUTPUT, timeout: 60_000 },
      (err, stdout) => resolve(err ? paths.map(() => undefined) : readBatch(stdout, paths.length)),
    );
    child.on('error', () => resolve(paths.map(() => undefined)));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(paths.map((p) => `${base.commit}:${p}\n`).join(''));
  });
}

/** The folder a file is in (for `gitBaseOf`). */
export const folderOf = (file: string): string => dirname(file);

/** A file's committed version as a run reads it. */
export interface FileBase {
  text: string;
  ref: string;
  /** The commit, abbreviated. */
  commit: string;
}

/**
 * The committed version of each file, at `ref` in the repository each is in (one `git rev-parse` per
 * repository, one `git cat-file --batch` per repository for all its files). Files outside a repository,
 * new or untracked have none. `errors`: a ref a repository does not know.
 */
export function readBases(files: readonly string[], ref: string): { bases: Map<string, FileBase>; errors: string[] } {
  const bases = new Map<string, FileBase>();
  const errors: string[] = [];
  const repos: { base: GitBase; files: string[]; paths: string[] }[] = [];
  const outside = new Set<string>();
  for (const file of files) {
    const dir = dirname(file);
    if (outside.has(dir)) continue;
    let path: string | undefined;
    let repo = repos.find((r) => (path = pathInRepository(r.base.root, file)) !== undefined);
    if (!repo) {
      const b = gitBaseOf(dir, ref);
      if (b === undefined) {
        outside.add(dir);
        continue;
      }
      if ('error' in b) {
        if (!errors.includes(b.error)) errors.push(b.error);
        outside.add(dir);
        continue;
      }
      repo = repos.find((r) => r.base.root === b.root) ?? { base: b, files: [], paths: [] };
      if (!repos.includes(repo)) repos.push(repo);
      path = pathInRepository(repo.base.root, file);
    }
    if (path === undefined) continue;
    repo.files.push(file);
    repo.paths.push(path);
  }
  for (const r of repos) {
    const texts = committedTexts(r.base, r.paths);
    r.files.forEach((f, i) => {
      const text = texts[i];
      if (text !== undefined) bases.set(f, { text, ref, commit: r.base.short });
    });
  }
  return { bases, errors };
}
