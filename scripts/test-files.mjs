// Which test files there are, and which set each belongs to, by the folder under test/ it sits in — never by
// a hand list of files, so that a new file lands in a set by where it is put. Shared by run-tests.mjs,
// time-tests.mjs and test/lint/testSets.test.ts (which holds the quick folders to what they promise).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST = join(dirname(dirname(fileURLToPath(import.meta.url))), 'test');

/**
 * The quick set (`npm run test:quick`, the edit-test loop): the unit and service tests, which run the
 * sources in the test's own process — no editor, no code-server, no kubectl, no build (nothing spawns
 * dist/). Every other folder (cli, e2e, kustomize, code-server, editors, vscode, bench, mcp, repositories,
 * and any new one) is in the full run only.
 */
export const QUICK_FOLDERS = ['fixes', 'lint', 'model', 'schemas', 'service', 'syntaxes', 'workspace'];

/**
 * The real editors (a browser with code-server, Neovim, Emacs, VS Code): `npm test` runs these files one at a
 * time, beside the others, as two browsers on two cores would starve each other past their time limits.
 */
export const EDITOR_FOLDERS = ['code-server', 'editors', 'vscode', 'web'];

const find = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'node_modules' || n === 'fixtures') return [];
    return statSync(p).isDirectory() ? find(p) : n.endsWith('.test.ts') ? [p] : [];
  });

/** The first folder under the repository's test/ a file sits in ('' for a file directly in it, or outside). */
export const folderOf = (file) => {
  const parts = relative(TEST, resolve(file)).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : '';
};

export const isQuick = (file) => QUICK_FOLDERS.includes(folderOf(file));
export const isEditor = (file) => EDITOR_FOLDERS.includes(folderOf(file));

/** The test files under `dir` (every *.test.ts outside node_modules and fixtures), sorted, narrowed to the paths containing one of the filters when there are any. */
export const testFiles = (dir, filters = []) =>
  find(dir)
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
