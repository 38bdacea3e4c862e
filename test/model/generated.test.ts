// Generated artefacts stay in step with the model: the docs pages' tables (docs/kinds.md, docs/diagnostics.md)
// list every kind and every code, as `npm run gen:readme` writes them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderTables, TABLE_PAGES } from '../../server/src/generate/docsTables';
import { allKinds } from '../../server/src/model/registry';
import { codeList } from '../../server/src/service/core/codes';

const page = (table: keyof typeof TABLE_PAGES) => readFileSync(join(__dirname, '..', '..', TABLE_PAGES[table]), 'utf8');

test('the docs pages hold their tables, current (npm run gen:readme)', () => {
  for (const table of Object.keys(TABLE_PAGES)) {
    const text = page(table);
    assert.ok(text.includes(`<!-- generated:${table} -->`), `${TABLE_PAGES[table]} has no ${table} table`);
    assert.equal(renderTables(text), text, `${TABLE_PAGES[table]} is stale: npm run gen:readme`);
  }
});

test('docs/diagnostics.md lists every diagnostic code and docs/kinds.md every kind', () => {
  const codes = page('codes');
  const kinds = page('kinds');
  for (const c of codeList()) assert.ok(codes.includes(`| \`${c}\` |`), `code ${c} in ${TABLE_PAGES.codes}`);
  for (const d of allKinds)
    assert.ok(
      kinds.includes(`| ${d.kind} | \`${d.area}.{api_domain}/${d.version}\``),
      `${d.kind} ${d.version} in ${TABLE_PAGES.kinds}`,
    );
});
