// The two sets of tests (scripts/test-files.mjs, docs/developing.md "Tests: how long, and why"): the quick
// set (`npm run test:quick`) is every file in the quick folders, chosen by folder so that a new file lands in
// a set by where it is put. A file in a quick folder must keep what the set promises — the sources run in the
// test's own process: no build of dist/ started or read, no kubectl, no editor or browser, no language server
// in a process of its own. This reads each of those files (comments aside) for the marks of them.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const REPO = join(__dirname, '..', '..');
interface Sets {
  QUICK_FOLDERS: string[];
  EDITOR_FOLDERS: string[];
  testFiles(dir: string, filters?: string[]): string[];
  isQuick(file: string): boolean;
}
// The runner's own module (plain JavaScript, no declarations: its path is not a literal TypeScript resolves).
const SETS = '../../scripts/test-files.mjs';
const sets = async () => (await import(SETS)) as Sets;

/** What makes a file slow or dependent on more than the sources, and how it shows in the text. */
const MARKS: [RegExp, string][] = [
  [/['"/]dist['"/]/, 'a path into dist/ (the build)'],
  [/helpers\/kubectl|spawn(?:Sync)?\(\s*['"]kubectl['"]/, 'kubectl'],
  [/code-server|playwright|from '\.\.\/editors\//, 'an editor or a browser'],
  [/new TestClient\((?![^)]*in-process)/, "a language server in a process of its own (TestClient's default 'stdio')"],
];

/** The marks found in a file's text, its comments left out. */
export function marksIn(text: string): string[] {
  const code = text
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
    .join('\n');
  return MARKS.filter(([re]) => re.test(code)).map(([, what]) => what);
}

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'fixtures') return [];
    return statSync(p).isDirectory() ? sources(p) : n.endsWith('.ts') ? [p] : [];
  });

test('the quick folders exist, and are not also editor folders', async () => {
  const { QUICK_FOLDERS, EDITOR_FOLDERS } = await sets();
  for (const f of [...QUICK_FOLDERS, ...EDITOR_FOLDERS]) assert.ok(existsSync(join(REPO, 'test', f)), `test/${f}`);
  assert.deepEqual(
    QUICK_FOLDERS.filter((f) => EDITOR_FOLDERS.includes(f)),
    [],
  );
});

test('every file of the quick folders runs the sources in its own process (no dist/, kubectl, editor, server process)', async () => {
  const { QUICK_FOLDERS } = await sets();
  const found: string[] = [];
  for (const folder of QUICK_FOLDERS)
    for (const file of sources(join(REPO, 'test', folder))) {
      if (file === __filename) continue; // this file names the marks
      const marks = marksIn(readFileSync(file, 'utf8'));
      if (marks.length > 0) found.push(`${relative(REPO, file)}: ${marks.join(', ')}`);
    }
  assert.deepEqual(found, [], 'move these to a folder of the full run (scripts/test-files.mjs says which)');
});

test('the marks are found where they are, and not in comments', () => {
  assert.deepEqual(marksIn("const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');"), [
    'a path into dist/ (the build)',
  ]);
  assert.deepEqual(marksIn("import { hasKubectl } from '../helpers/kubectl';"), ['kubectl']);
  assert.deepEqual(marksIn("const c = new TestClient({ rootDir: 'x' });"), [
    "a language server in a process of its own (TestClient's default 'stdio')",
  ]);
  assert.deepEqual(marksIn("const c = new TestClient({ transport: 'in-process' });"), []);
  assert.deepEqual(marksIn('// compared with kubectl in test/kustomize/, needs dist/ built'), []);
});

test('the quick set is the files of the quick folders, the full run every file', async () => {
  const { testFiles, isQuick } = await sets();
  const all = testFiles(join(REPO, 'test'));
  const quick = all.filter(isQuick);
  assert.ok(quick.length > 0 && quick.length < all.length, `${quick.length} of ${all.length}`);
  assert.ok(quick.some((f) => f.includes('/service/')) && !quick.some((f) => f.includes('/code-server/')));
});
