// The files changed since a ref (`check --changed`): the repository holding the current folder (found and
// confined by gitRepository.ts), the commit the ref names — or, without one, the merge base of HEAD with the
// default branch — and the paths git says differ from it in the work tree (committed since, staged or not)
// plus the untracked ones. Every git process is gitBase.ts's: asynchronous, confined, time- and size-limited.
import { baseOfRepository, git, type GitBase } from './gitBase';
import { findRepository, type Repository } from './gitRepository';

/** The most bytes of paths git may list (of changed, then of untracked files): a few hundred thousand paths. */
export const MAX_LISTED_BYTES = 16 * 1024 * 1024;

/** Where the default branch is looked for, in order: the remote's HEAD, then the usual local names. */
const DEFAULT_BRANCHES = ['refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master'];

export interface ChangedFiles {
  /** The commit compared with. */
  base: GitBase;
  /** How the run names it: `origin/HEAD` merge base, or the ref given. */
  since: string;
  /** The files changed, deleted or untracked, as git names them (relative to `base.root`, `/`-separated). */
  paths: string[];
}

const commitOf = async (repo: Repository, ref: string): Promise<string | undefined> => {
  const r = await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], '', 4096);
  const id = 'out' in r ? r.out.toString('utf8').trim() : '';
  return /^[0-9a-f]{40,64}$/.test(id) ? id : undefined;
};

/** NUL-separated paths git printed, relative to the repository's top. */
const listed = (out: Buffer): string[] =>
  out
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '');

/**
 * The files changed since `ref` (undefined: the merge base of HEAD with the default branch) in the repository
 * holding `folder`, confined to `allowed`; or why they cannot be known (a usage error for the caller).
 */
export async function changedFiles(
  folder: string,
  ref: string | undefined,
  allowed: readonly string[],
): Promise<ChangedFiles | { error: string }> {
  const found = findRepository(folder, allowed);
  if (!found) return { error: `--changed needs a git repository, and ${folder} is not in one` };
  if ('refused' in found) return { error: `--changed: the repository ${found.top} is not read: ${found.refused}` };
  let since = ref;
  let commit: string | undefined;
  if (ref === undefined) {
    for (const branch of DEFAULT_BRANCHES) {
      const tip = await commitOf(found, branch);
      if (!tip) continue;
      const mb = await git(found, ['merge-base', 'HEAD', tip], '', 4096);
      const id = 'out' in mb ? mb.out.toString('utf8').trim() : '';
      if (!/^[0-9a-f]{40,64}$/.test(id)) continue;
      commit = id;
      since = `the merge base with ${branch.replace(/^refs\/(remotes|heads)\//, '')}`;
      break;
    }
    if (!commit)
      return {
        error: `--changed found no default branch to compare with (origin/HEAD, main or master, with a commit in common with HEAD) in ${found.top}: name one, --changed=REF`,
      };
  }
  const base = await baseOfRepository(found, commit ?? ref!);
  if ('error' in base) return { error: `--changed: ${base.error}` };
  if ('notCompared' in base) return { error: `--changed: ${base.notCompared}` };
  // Against the work tree: what was committed since, staged or not; a rename is a deletion and an addition.
  // The two listings at once (each its own process).
  const [diff, untracked] = await Promise.all([
    git(
      found,
      ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', base.commit, '--'],
      '',
      MAX_LISTED_BYTES,
    ),
    git(found, ['ls-files', '--others', '--exclude-standard', '-z'], '', MAX_LISTED_BYTES),
  ]);
  if ('failed' in diff) return { error: `--changed: ${diff.failed} listing the files changed since ${since}` };
  if ('failed' in untracked) return { error: `--changed: ${untracked.failed} listing the untracked files` };
  const paths = new Set([...listed(diff.out), ...listed(untracked.out)]);
  return { base, since: since!, paths: [...paths] };
}
