// No import cycle anywhere in the tree (server, client, scripts, bench, test, audit; type-only imports
// included: a cycle of types is still a loop in the design, as the index once depended on the rules that
// read it, and bench/workload.ts once on the families built on it), and no folder-level circle in
// service/: sibling folders never import each other round (the inner layers core/, checks/, workspace/,
// features/, and inside each its sub-folders: crd/, embedded/, rules/…). A folder's own files may use its
// sub-folders and be used by them: the folder is one unit to the level above. madge reads the imports as
// TypeScript resolves them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import madge from 'madge';

const ROOT = join(__dirname, '..', '..');

/** The folders of the tree whose TypeScript imports one another (the projects of tsconfig.json). */
const TREE = ['server', 'client', 'scripts', 'bench', 'test', 'audit'];
/** Files written to hold a cycle, for the tests below that the check finds one. */
const FIXTURES = /^test\/lint\/fixtures\//;

/** The imports among the files under `dirs`, paths relative to the first folder they all sit in. */
const read = (dirs: string | string[], exclude: RegExp[] = []) =>
  madge(typeof dirs === 'string' ? join(ROOT, dirs) : dirs.map((d) => join(ROOT, d)), {
    fileExtensions: ['ts'],
    tsConfig: join(ROOT, 'tsconfig.json'),
    excludeRegExp: exclude,
  });

/** The whole tree, read once (the slow part: every file parsed and its imports resolved) for both tests. */
let whole: ReturnType<typeof read> | undefined;
const tree = () => (whole ??= read(TREE, [FIXTURES]));

/** The import cycles among the files under `dir`, each as the list of files around it. */
async function cycles(dir: string): Promise<string[][]> {
  return (await read(dir)).circular();
}

/** The imports of the files under `dir` (relative to the tree) among themselves, paths relative to `dir`. */
function within(files: Record<string, string[]>, dir: string): Record<string, string[]> {
  const prefix = `${dir}/`;
  const out: Record<string, string[]> = {};
  for (const [from, deps] of Object.entries(files))
    if (from.startsWith(prefix))
      out[from.slice(prefix.length)] = deps.filter((d) => d.startsWith(prefix)).map((d) => d.slice(prefix.length));
  return out;
}

/**
 * The folder-level circles under `dir`: for every folder, the circles among its direct sub-folders (each
 * with everything under it), an import of a file under one by a file under another being an arrow. Each
 * circle is its folders and, for each arrow, one import that makes it.
 */
function folderCycles(files: Record<string, string[]>): string[][] {
  const arrows = new Map<string, Map<string, string>>();
  for (const [from, deps] of Object.entries(files))
    for (const to of deps) {
      if (to.startsWith('..')) continue;
      // The first folder where the two paths part: the arrow is between their sub-folders there.
      const a = from.split('/');
      const b = to.split('/');
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      if (i === a.length - 1 || i === b.length - 1) continue;
      const [fa, fb] = [a.slice(0, i + 1).join('/'), b.slice(0, i + 1).join('/')];
      if (!arrows.has(fa)) arrows.set(fa, new Map());
      if (!arrows.get(fa)!.has(fb)) arrows.get(fa)!.set(fb, `${from} → ${to}`);
    }
  // Tarjan's strongly connected components over the folder arrows: a component of two or more is a circle.
  const out: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of arrows.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1)
        out.push([
          ...component.sort(),
          ...component.flatMap((f) =>
            [...(arrows.get(f) ?? [])].filter(([t]) => component.includes(t)).map(([, e]) => e),
          ),
        ]);
    }
  };
  for (const v of arrows.keys()) if (!index.has(v)) visit(v);
  return out;
}

test('the tree has no import cycle (server, client, scripts, bench, test, audit)', async () => {
  assert.deepEqual((await tree()).circular(), []);
});

test('the check finds a cycle when there is one', async () => {
  const found = await cycles('test/lint/fixtures/cycle');
  assert.deepEqual(found, [['a.ts', 'b.ts']]);
});

test('service/ has no folder-level circle', async () => {
  assert.deepEqual(folderCycles(within((await tree()).obj(), 'server/src/service')), []);
});

test('the check finds a folder-level circle that has no file-level cycle', async () => {
  assert.deepEqual(await cycles('test/lint/fixtures/folderCycle'), []);
  assert.deepEqual(folderCycles((await read('test/lint/fixtures/folderCycle')).obj()), [
    ['a', 'b', 'a/one.ts → b/two.ts', 'b/two.ts → a/three.ts'],
  ]);
});
