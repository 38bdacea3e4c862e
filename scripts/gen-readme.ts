// Regenerates the kinds and codes tables of the docs pages (docs/kinds.md, docs/diagnostics.md: TABLE_PAGES)
// from the model and the code registry; the script kept its name from when they were in the README.
// `--check` exits 1 when a page is stale; a page without its table's block always fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTables, TABLE_PAGES } from '../server/src/generate/docsTables';

const root = join(__dirname, '..');
const check = process.argv.includes('--check');
const problems: string[] = [];
for (const [table, page] of Object.entries(TABLE_PAGES)) {
  const path = join(root, page);
  const current = readFileSync(path, 'utf8');
  if (!current.includes(`<!-- generated:${table} -->`))
    problems.push(`${page} has no <!-- generated:${table} --> block`);
  const next = renderTables(current);
  if (next === current) continue;
  if (check) problems.push(`${page} is stale: run npm run gen:readme`);
  else writeFileSync(path, next);
}
for (const p of problems) console.error(p);
if (problems.length > 0) process.exit(1);
