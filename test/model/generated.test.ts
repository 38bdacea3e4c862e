// Generated artefacts stay in step with the model: the README's tables list every kind and every code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderReadme } from '../../server/src/generate/readmeTables';
import { allKinds } from '../../server/src/model/registry';
import { codeList } from '../../server/src/service/codes';

const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

test('README tables are current (npm run gen:readme)', () => {
  assert.equal(renderReadme(readme), readme);
});

test('README lists every diagnostic code and every kind', () => {
  for (const c of codeList()) assert.ok(readme.includes(`| \`${c}\` |`), `code ${c} in README`);
  for (const d of allKinds)
    assert.ok(
      readme.includes(`| ${d.kind} | \`${d.area}.{api_domain}/${d.version}\``),
      `${d.kind} ${d.version} in README`,
    );
});
