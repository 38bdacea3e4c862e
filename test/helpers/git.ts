// Real git repositories for the tests of changes against the committed version: made, committed and
// changed by the tests, in a temporary folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const hasGit = spawnSync('git', ['--version']).status === 0;

/** Runs git in `dir`; its output, trimmed (a failure fails the test). */
export function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

/** Makes `dir` (a new temporary folder by default) a repository holding `files`, committed on `main`. */
export function committedRepository(
  files: Record<string, string>,
  dir = mkdtempSync(join(tmpdir(), 'cm-git-')),
): string {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'test');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'deployed');
  return dir;
}
