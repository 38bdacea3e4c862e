// The team's shared folder (`shared/`: spec, corpus, notes) beside the repository, or one level further up
// when the repository is a worktree under `wt/`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '..');

export function sharedDir(...parts: string[]): string {
  const candidates = [join(repo, '..', 'shared', ...parts), join(repo, '..', '..', 'shared', ...parts)];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}
