// The pages every diagnostic links to: one per code in docs/codes/, generated from the registry, with an
// example and the fix; the table of fixes per code in docs/diagnostics.md up to date (npm run gen:docs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { codeList } from '../../server/src/service/core/codes';
import { codePage } from '../../server/src/service/host/codeDocs';

const repo = join(__dirname, '..', '..');

test('docs/codes/ has the current page of every code: what it catches, an example, the fix', () => {
  for (const code of codeList()) {
    const page = readFileSync(join(repo, 'docs', 'codes', `${code}.md`), 'utf8');
    assert.equal(page, codePage(code), `docs/codes/${code}.md is stale: npm run gen:docs`);
    assert.match(page, /## What it catches\n\n\S/);
    assert.match(page, /## Example\n\n```yaml\n[\s\S]+?\n```/);
    assert.match(page, /## Fix\n\n\S/);
  }
});

test('docs/diagnostics.md lists the fixes per code, generated', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'scripts', 'gen-code-docs.ts'), '--check'], {
    cwd: repo,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const page = readFileSync(join(repo, 'docs', 'diagnostics.md'), 'utf8');
  for (const code of codeList()) assert.ok(page.includes(`| [\`${code}\`](codes/${code}.md) |`), code);
});
