// No import cycle anywhere in server/src (type-only imports included: a cycle of types is still a loop in
// the design, as the index once depended on the rules that read it). madge reads the imports as TypeScript
// resolves them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import madge from 'madge';

const ROOT = join(__dirname, '..', '..');

/** The import cycles among the files under `dir`, each as the list of files around it. */
async function cycles(dir: string): Promise<string[][]> {
  const graph = await madge(join(ROOT, dir), {
    fileExtensions: ['ts'],
    tsConfig: join(ROOT, 'tsconfig.json'),
  });
  return graph.circular();
}

test('server/src has no import cycle', async () => {
  assert.deepEqual(await cycles('server/src'), []);
});

test('the check finds a cycle when there is one', async () => {
  const found = await cycles('test/lint/fixtures/cycle');
  assert.deepEqual(found, [['a.ts', 'b.ts']]);
});
