// Messages as users read them in Problems: no generated type names (`StorageAccount_Spec`,
// `Endpoints_STATUS`, `…_ARM`), and what is wrong comes first, not where (the row already shows the
// position, and Problems cuts a long row). Over every diagnostic of the fixtures, the examples and the
// workspace fixtures (cross-file checks included).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parseFile } from '../../server/src/service/core/parse';
import { plainText } from '../../server/src/service/core/plainText';
import { validateFile } from '../../server/src/service/checks/validate';
import { checkFile } from '../../server/src/service/workspace/checks';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { REPO, yamlFiles } from '../helpers/files';

const GENERATED = /\b[A-Za-z0-9]+(?:_(?:Spec|STATUS|ARM))+\b/;

function messagesOf(folder: string): { where: string; message: string }[] {
  const files = yamlFiles(folder);
  const index = createWorkspaceIndex();
  for (const f of files) index.set(pathToFileURL(f).href, parseFile(readFileSync(f, 'utf8')));
  return files.flatMap((f) => {
    const diags = [
      ...validateFile(parseFile(readFileSync(f, 'utf8'))),
      ...checkFile(index, pathToFileURL(f).href, { complete: true }),
    ];
    return diags.map((d) => ({ where: `${relative(REPO, f)} ${d.code}`, message: plainText(d.message) }));
  });
}

test('no message names a generated type, and none opens with where instead of what', () => {
  const workspaces = join(REPO, 'test', 'fixtures', 'workspace');
  const all = [
    ...messagesOf(join(REPO, 'test', 'fixtures', 'diagnostics')),
    ...messagesOf(join(REPO, 'examples')),
    ...readdirSync(workspaces)
      .filter((n) => statSync(join(workspaces, n)).isDirectory())
      .flatMap((n) => messagesOf(join(workspaces, n))),
  ];
  assert.ok(all.length > 300, `only ${all.length} messages`);
  assert.deepEqual(
    all.filter((m) => GENERATED.test(m.message)),
    [],
  );
  // An embedded expression's problem used to open with its path ('spec.rules[0].expression': …).
  assert.deepEqual(
    all.filter((m) => /^'[^']+': /.test(m.message)),
    [],
  );
});
