// Try the extension by hand in a real VS Code workbench: packages the .vsix, installs it into a scratch
// code-server and opens a workspace (default: the test workspace of test/code-server/ in a temp folder).
//   bash scripts/code-server/install.sh            # once: code-server and chromium
//   npx tsx scripts/code-server/start.ts [FOLDER] [--port 8080] [--vsix FILE]
// then browse http://127.0.0.1:8080/. Ctrl+C stops it (with its extension hosts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeWorkspace } from '../../test/code-server/workspaceFiles';
import { missingPrerequisites, startWorkbench } from './codeServer';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const port = Number(opt('--port') ?? 8080);
let vsix = opt('--vsix');
const missing = missingPrerequisites().filter((m) => m.startsWith('code-server'));
if (missing.length) {
  console.error(`missing ${missing.join(', ')}: run bash scripts/code-server/install.sh`);
  process.exit(2);
}
const root = mkdtempSync(join(tmpdir(), 'cloud-manifests-try-'));
const workspace = args[0] ? resolve(args[0]) : makeWorkspace(join(root, 'workspace'));
if (!vsix) {
  vsix = join(root, 'cloud-manifests.vsix');
  const r = spawnSync(process.execPath, [join(__dirname, '..', 'package.mjs'), '--out', vsix], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
void startWorkbench({ root: join(root, 'code-server'), vsix, workspace, port }).then((wb) => {
  console.log(`code-server: ${wb.url}/?folder=${encodeURIComponent(workspace)}  (scratch: ${root}; Ctrl+C stops)`);
  const stop = () => void wb.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
