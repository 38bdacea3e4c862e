// Writes docs/codes/<code>.md (one page per diagnostic code, linked from every diagnostic) and the table of
// quick fixes per code in docs/diagnostics.md, from the code registry and fixes/catalog.ts. `--check` exits 1 when stale.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeList } from '../server/src/service/core/codes';
import { codePage } from '../server/src/service/host/codeDocs';
import { FIXES } from '../server/src/service/features/fixCatalog';

const root = join(__dirname, '..');
const dir = join(root, 'docs', 'codes');
const check = process.argv.includes('--check');
const stale: string[] = [];

const write = (path: string, text: string) => {
  const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (now === text) return;
  stale.push(path);
  if (!check) writeFileSync(path, text);
};

if (!check) mkdirSync(dir, { recursive: true });
const pages = new Set(codeList().map((c) => `${c}.md`));
for (const c of codeList()) write(join(dir, `${c}.md`), codePage(c));
if (existsSync(dir))
  for (const n of readdirSync(dir))
    if (n.endsWith('.md') && !pages.has(n)) {
      stale.push(join(dir, n));
      if (!check) rmSync(join(dir, n));
    }

const rows = codeList().map((c) => {
  const f = FIXES[c];
  const actions = f.actions.length
    ? f.actions.map((a) => a.replace(/\|/g, '\\|')).join('; ')
    : '— (the right edit would be a guess)';
  return `| [\`${c}\`](codes/${c}.md) | ${actions} | ${f.safe ? 'yes' : ''} |`;
});
const table = [
  '| Code | Quick fixes (besides “Disable CODE for this line”) | Fix-all |',
  '| --- | --- | --- |',
  ...rows,
].join('\n');
const page = join(root, 'docs', 'diagnostics.md');
const current = readFileSync(page, 'utf8');
const block = /<!-- generated:fixes -->[\s\S]*?<!-- \/generated:fixes -->/;
if (block.test(current))
  write(page, current.replace(block, `<!-- generated:fixes -->\n${table}\n<!-- /generated:fixes -->`));
else stale.push(`${page} (no <!-- generated:fixes --> block)`);

if (check && stale.length > 0) {
  console.error(`stale: ${stale.join(', ')}: run npm run gen:docs`);
  process.exit(1);
}
