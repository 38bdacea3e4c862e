// The npm package (what `npm install -g "$(npm pack)"` installs for Neovim, Emacs, Helix, pre-commit) holds
// the pages of the diagnostic codes: the server links every diagnostic to docs/codes/<code>.md beside its
// bundle (lsp/diagnostic.ts), so a package without them would link to files that do not exist; and the docs
// pages its README links (docs/*.md), which npm shows with the package.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { codeList } from '../../server/src/service/core/codes';

const ROOT = join(__dirname, '..', '..');

test('npm pack ships docs/codes/<code>.md for every code, beside dist/server.js, and the docs pages', () => {
  // --ignore-scripts: no rebuild; --dry-run: the file list only, nothing written.
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const files = new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
  assert.ok(files.has('dist/server.js'));
  // The CLI's (and the server's) worker threads run it: without it, a large run would check on one thread.
  assert.ok(files.has('dist/analysisWorker.js'));
  // `cloud-manifests mcp` (and `cloud-manifests-mcp`) loads the MCP SDK from it (docs/mcp.md).
  assert.ok(files.has('dist/mcpSdk.js'));
  // The `bin` (dist/cli.js) runs the command's bundle beside it (io/codeCache.ts).
  assert.ok(files.has('dist/cli.js') && files.has('dist/cliMain.js'));
  assert.ok(files.has('bin/cloud-manifests-mcp.js'));
  const missing = codeList().filter((c) => !files.has(`docs/codes/${c}.md`));
  assert.deepEqual(missing, [], 'pages missing from the npm package');
  const guides = readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'));
  assert.ok(guides.includes('cli.md'));
  assert.deepEqual(
    guides.filter((n) => !files.has(`docs/${n}`)),
    [],
    'docs pages missing from the npm package',
  );
});
