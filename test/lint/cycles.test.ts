// No import cycle anywhere in server/src (type-only imports included: a cycle of types is still a loop in
// the design, as the index once depended on the rules that read it), and no folder-level circle in
// service/: sibling folders never import each other round (the inner layers core/, checks/, workspace/,
// features/, and inside each its sub-folders: crd/, embedded/, rules/…). A folder's own files may use its
// sub-folders and be used by them: the folder is one unit to the level above. madge reads the imports as
// TypeScript resolves them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import madge from 'madge';

const ROOT = join(__dirname, '..', '..');

const read = (dir: string) => madge(join(ROOT, dir), { fileExtensions: ['ts'], tsConfig: join(ROOT, 'tsconfig.json') });

/** The import cycles among the files under `dir`, each as the list of files around it. */
async function cycles(dir: string): Promise<string[][]> {
  return (await read(dir)).circular();
}

/**
 * The folder-level circles under `dir`: for every folder, the circles among its direct sub-folders (each
 * with everything under it), an import of a file under one by a file under another being an arrow. Each
 * circle is its folders and, for each arrow, one import that makes it.
 */
async function folderCycles(dir: string): Promise<string[][]> {
  const files = (await read(dir)).obj();
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

test('server/src has no import cycle', async () => {
  assert.deepEqual(await cycles('server/src'), []);
});

test('the check finds a cycle when there is one', async () => {
  const found = await cycles('test/lint/fixtures/cycle');
  assert.deepEqual(found, [['a.ts', 'b.ts']]);
});

test('service/ has no folder-level circle', async () => {
  assert.deepEqual(await folderCycles('server/src/service'), []);
});

test('the check finds a folder-level circle that has no file-level cycle', async () => {
  assert.deepEqual(await cycles('test/lint/fixtures/folderCycle'), []);
  assert.deepEqual(await folderCycles('test/lint/fixtures/folderCycle'), [
    ['a', 'b', 'a/one.ts → b/two.ts', 'b/two.ts → a/three.ts'],
  ]);
});
