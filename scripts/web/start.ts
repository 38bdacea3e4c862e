// Try the browser build by hand: VS Code for the web served locally (scripts/web/vscodeWeb.ts) with this
// repository's extension (build it first: `npm run build`) and a folder open. Open the address it prints.
//
//   npx tsx scripts/web/start.ts [FOLDER] [--port 3000]
import { resolve } from 'node:path';
import { missingWebPrerequisites, serveWorkbench } from './vscodeWeb';

const args = process.argv.slice(2);
const at = args.indexOf('--port');
const port = at >= 0 ? Number(args[at + 1]) : 3000;
const folder = resolve(
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--port') ?? 'test/fixtures/workspace',
);
const missing = missingWebPrerequisites().filter((m) => !m.startsWith('chromium') && !m.startsWith('unzip'));
if (missing.length > 0) {
  console.error(`scripts/web/start.ts needs ${missing.join(', ')}`);
  process.exit(2);
}
void serveWorkbench({ extension: resolve(__dirname, '..', '..'), folder, port }).then((wb) =>
  console.log(`VS Code for the web with the extension, ${folder} open: ${wb.url}`),
);
