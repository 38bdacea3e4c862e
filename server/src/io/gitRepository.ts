// The repository a folder is in, found and confined before any git process runs: git is then pointed at
// exactly the git folder checked here (GIT_DIR), so a repository cannot make git read another repository's
// objects or configuration, nor block it on a special file. A repository is refused (its files are said to
// be not compared, with the reason) when its `.git` file, `commondir`, object folders or alternates lead
// outside the repository and the workspace, when its configuration includes other files (git reads an
// `[include]` or `[includeIf]` wherever it points, and no option turns that off for every command), or when
// a file git reads first is no regular file (a FIFO at `.git/HEAD` blocks git for ever).
import { lstatSync, readdirSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** A repository git may read: its top folder, its git folder and the folder its objects and config are in. */
export interface Repository {
  /** The work tree's top folder (real path). */
  top: string;
  /** The git folder (`.git`, or where a `.git` file points), real path. */
  gitDir: string;
  /** The folder shared by worktrees (`commondir`; the git folder itself otherwise), real path. */
  commonDir: string;
}

/** A repository not read, and why (said once on each of its files). */
export interface RefusedRepository {
  top: string;
  refused: string;
}

export type FoundRepository = Repository | RefusedRepository;

/** The largest `.git` file, `commondir`, config or alternates file read (they are a few lines). */
const MAX_SMALL_FILE = 1024 * 1024;

const statOf = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
};

const realOf = (path: string): string | undefined => {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
};

const inside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

class Refusal extends Error {}

/** A small file's text; a special file (FIFO, device, socket) or a large one refuses the repository. */
function readSmall(path: string, what: string): string | undefined {
  const st = statOf(path);
  if (!st) return undefined;
  const real = st.isSymbolicLink() ? realOf(path) : path;
  const target = real && real !== path ? statOf(real) : st;
  if (!target) return undefined;
  if (!target.isFile()) throw new Refusal(`${what} (${path}) is not a regular file`);
  if (target.size > MAX_SMALL_FILE) throw new Refusal(`${what} (${path}) is over 1 MB`);
  return readFileSync(real!, 'utf8');
}

/** A file git opens as it starts must be a regular file when it exists (a FIFO would block git). */
function mustBeRegular(path: string, what: string): void {
  const st = statOf(path);
  if (!st) return;
  const target = st.isSymbolicLink() ? (realOf(path) ? statOf(realOf(path)!) : undefined) : st;
  if (target && !target.isFile()) throw new Refusal(`${what} (${path}) is not a regular file`);
}

/**
 * The top folder of the repository holding `folder` (the nearest with a `.git`, as git looks); undefined: none.
 * A `.git` folder with no `HEAD` in it is no git folder to git, which looks further up: so do we (a
 * project may keep a folder of that name that is not a repository).
 */
export function repositoryTop(folder: string): string | undefined {
  for (let d = realOf(folder) ?? resolve(folder); ;) {
    const dotGit = join(d, '.git');
    const st = statOf(dotGit);
    const isFolder = st?.isDirectory() || (st?.isSymbolicLink() && statOf(realOf(dotGit) ?? dotGit)?.isDirectory());
    if (st && !(isFolder && !statOf(join(dotGit, 'HEAD')))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/**
 * The repository whose top folder is `top`, confined to `allowed` (the workspace folders) and its own top
 * folder; or why it is refused. Checked once per repository (a run's folders share a few).
 */
export function confineRepository(top: string, allowed: readonly string[]): FoundRepository {
  try {
    return confined(
      top,
      allowed.map((a) => realOf(a) ?? resolve(a)),
    );
  } catch (e) {
    if (e instanceof Refusal) return { top, refused: e.message };
    throw e;
  }
}

/** The repository holding `folder`, confined (`confineRepository`); undefined outside any repository. */
export function findRepository(folder: string, allowed: readonly string[]): FoundRepository | undefined {
  const top = repositoryTop(folder);
  return top === undefined ? undefined : confineRepository(top, allowed);
}

function confined(top: string, roots: readonly string[]): Repository {
  const areas = [top, ...roots];
  // A submodule's git folder is in its superproject's `.git/modules/`: the repository a folder above holds.
  for (let d = dirname(top); d !== dirname(d); d = dirname(d))
    if (statOf(join(d, '.git'))?.isDirectory()) areas.push(join(realOf(join(d, '.git')) ?? join(d, '.git'), 'modules'));
  const within = (path: string) => areas.some((a) => inside(a, path));
  const dotGit = join(top, '.git');
  const st = statOf(dotGit)!;
  let gitDir: string;
  let linkedWorktree = false;
  if (st.isDirectory() || (st.isSymbolicLink() && statOf(realOf(dotGit) ?? dotGit)?.isDirectory())) {
    gitDir = realOf(dotGit) ?? dotGit;
    if (!within(gitDir)) throw new Refusal(`its .git folder leads outside the workspace, to ${gitDir}`);
  } else {
    const text = readSmall(dotGit, 'the .git file') ?? '';
    const m = /^gitdir: *(.+?)\s*$/m.exec(text);
    if (!m) throw new Refusal('its .git file names no git folder');
    const named = resolve(top, m[1]);
    gitDir = realOf(named) ?? named;
    if (!statOf(gitDir)?.isDirectory()) throw new Refusal(`its .git file names ${named}, which is no folder`);
    // A worktree git made links back: its git folder's `gitdir` file names this `.git` file.
    const back = readSmall(join(gitDir, 'gitdir'), "the git folder's gitdir file")?.trim();
    linkedWorktree =
      back !== undefined && (realOf(resolve(gitDir, back)) ?? resolve(gitDir, back)) === (realOf(dotGit) ?? dotGit);
    if (!within(gitDir) && !linkedWorktree)
      throw new Refusal(`its .git file leads outside the workspace, to ${gitDir}`);
    if (linkedWorktree) areas.push(gitDir);
  }
  mustBeRegular(join(gitDir, 'HEAD'), '.git/HEAD');
  if (!statOf(join(gitDir, 'HEAD'))) throw new Refusal(`its git folder ${gitDir} has no HEAD`);
  let commonDir = gitDir;
  // The branch HEAD names is the ref compared by default: a FIFO there would block git as long.
  const head = /^ref: *(refs\/[^\s]+)\s*$/.exec(readSmall(join(gitDir, 'HEAD'), '.git/HEAD') ?? '')?.[1];
  const common = readSmall(join(gitDir, 'commondir'), 'the commondir file')?.trim();
  if (common) {
    const named = resolve(gitDir, common);
    commonDir = realOf(named) ?? named;
    // A worktree's shared folder is the one holding its git folder (`<repo>/.git/worktrees/<name>`).
    const own = linkedWorktree && commonDir === dirname(dirname(gitDir));
    if (!within(commonDir) && !own) throw new Refusal(`its commondir leads outside the workspace, to ${commonDir}`);
    // A worktree's shared folder, once checked, is its repository's own: its objects may be read.
    if (own) areas.push(commonDir);
  }
  for (const dir of new Set([gitDir, commonDir])) {
    for (const f of ['config', 'config.worktree']) {
      const text = readSmall(join(dir, f), `the repository's ${f}`);
      // `[include]`, `[includeIf "…"]`, the old `[include.path]` form; git's names are case-insensitive.
      if (text !== undefined && /^[ \t]*\[[ \t]*include/im.test(text))
        throw new Refusal(
          `its ${f} includes other files ([include] or [includeIf]), which git would read wherever they are`,
        );
    }
    for (const f of ['HEAD', 'packed-refs', 'index', 'shallow', 'gitdir', 'commondir'])
      mustBeRegular(join(dir, f), `.git/${f}`);
  }
  if (head && !head.split('/').includes('..')) mustBeRegular(join(commonDir, head), `.git/${head}`);
  checkObjects(join(commonDir, 'objects'), within, 0);
  return { top, gitDir, commonDir };
}

/** An object folder, its packs and its alternates stay within the allowed folders (alternates: 5 deep). */
function checkObjects(objects: string, within: (p: string) => boolean, depth: number): void {
  const real = realOf(objects);
  if (!real) return;
  if (!within(real)) throw new Refusal(`its objects folder leads outside the workspace, to ${real}`);
  // A fan-out folder or pack linked elsewhere would read another repository's objects.
  for (const sub of ['', 'pack', 'info']) {
    let names: string[];
    try {
      names = readdirSync(join(real, sub));
    } catch {
      continue;
    }
    if (names.length > 100_000) throw new Refusal(`its objects folder ${join(real, sub)} holds over 100,000 entries`);
    for (const n of names) {
      const p = join(real, sub, n);
      if (!statOf(p)?.isSymbolicLink()) continue;
      const to = realOf(p);
      if (to && !within(to)) throw new Refusal(`its object store links outside the workspace, to ${to}`);
    }
  }
  const alternates = readSmall(join(real, 'info', 'alternates'), 'objects/info/alternates');
  if (alternates === undefined) return;
  for (const line of alternates.split('\n')) {
    const l = line.trim();
    if (l === '' || l.startsWith('#')) continue;
    if (depth >= 5) throw new Refusal('its alternates are nested over 5 deep');
    const to = resolve(real, l.startsWith('"') ? l.slice(1, -1) : l);
    if (!within(realOf(to) ?? to))
      throw new Refusal(`its objects/info/alternates leads outside the workspace, to ${to}`);
    checkObjects(to, within, depth + 1);
  }
}
