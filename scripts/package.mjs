// `npm run package`: builds the extension's .vsix with @vscode/vsce from a clean staging folder, so that
// only what the extension needs goes in: the minified bundles (dist/extension.js, dist/server.js, and the
// web extension's dist/web/extension.js and dist/web/server.js; no source maps), the descriptions of Kubernetes' kinds for hover (dist/kube-descriptions.json, made here
// from kubernetes-types), the grammar, the settings file's schema (jsonValidation), package.json, README,
// CHANGELOG, LICENSE, the images and docs/ (the pages the README links, and the page of each code the
// diagnostics link). No node_modules:
// esbuild bundles vscode-languageclient and every server dependency.
//
//   node scripts/package.mjs [--out FILE.vsix]      (default: <name>-<version>.vsix in the repository)
//
// The repository's own dist/ is left alone (tests may be using it).
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVSIX } from '@vscode/vsce';
import { mcpSdkExternal } from './mcpSdk.mjs';
import { writeKubeDescriptions } from './kube-descriptions.mjs';
import { checkWebBudget, webBuilds } from './webBuild.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outArg = process.argv.indexOf('--out');
const out = resolve(outArg > 0 ? process.argv[outArg + 1] : join(root, `${pkg.name}-${pkg.version}.vsix`));
// 2 MB for the desktop's bundles, and a half more for the browser build's (its server and its client: issue 50).
const MAX_BYTES = 2.75 * 1024 * 1024;

const stage = mkdtempSync(join(tmpdir(), 'cloud-manifests-vsix-'));
try {
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
    plugins: [mcpSdkExternal],
  };
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'server/src/server.ts')], outfile: join(stage, 'dist/server.js') }),
    // The MCP SDK, which dist/server.js loads only with --mcp (the MCP server the extension registers).
    build({
      ...common,
      plugins: [],
      entryPoints: [join(root, 'server/src/mcp/sdk.ts')],
      outfile: join(stage, 'dist/mcpSdk.js'),
    }),
    // The worker threads of the server's workspace scan (server/src/lsp/scanPool.ts), beside it.
    build({
      ...common,
      entryPoints: [join(root, 'server/src/analysisWorker.ts')],
      outfile: join(stage, 'dist/analysisWorker.js'),
    }),
    build({
      ...common,
      entryPoints: [join(root, 'client/src/extension.ts')],
      outfile: join(stage, 'dist/extension.js'),
      external: ['vscode'],
    }),
    // The web extension and its server in a Web Worker (vscode.dev, github.dev), minified alike.
    ...webBuilds({ minify: true, sourcemap: false, legalComments: 'none', logLevel: 'warning' }, join(stage, 'dist')),
  ]);
  // A tab downloads and compiles the web server on every start: refused over its budget.
  const webServer = checkWebBudget(join(stage, 'dist'));
  // The descriptions hover shows for Kubernetes' own kinds (read from kubernetes-types at build time).
  writeKubeDescriptions(root, join(stage, 'dist/kube-descriptions.json'));
  // package.json without what only the repository needs (scripts, dependencies: everything is bundled).
  const { scripts: _s, devDependencies: _d, dependencies: _p, bin: _b, files: _f, private: _v, ...manifest } = pkg;
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  for (const f of [
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    '.vscodeignore',
    'syntaxes',
    'schemas/cloud-manifests.settings.json',
    'images/icon.png',
    'images/screenshot.png',
    'images/quickfix.png',
    'docs',
    'images/embedded.png',
    'images/colours.png',
  ]) {
    try {
      statSync(join(root, f));
    } catch {
      if (
        f === 'images/screenshot.png' ||
        f === 'images/quickfix.png' ||
        f === 'images/embedded.png' ||
        f === 'images/colours.png'
      )
        continue; // made by the code-server tests; optional here
      throw new Error(`missing ${f}`);
    }
    mkdirSync(dirname(join(stage, f)), { recursive: true });
    cpSync(join(root, f), join(stage, f), { recursive: true });
  }
  mkdirSync(dirname(out), { recursive: true });
  await createVSIX({
    cwd: stage,
    packagePath: out,
    dependencies: false,
    // The README's links are relative to the repository; the extension page shows the bundled images.
    rewriteRelativeLinks: false,
    allowMissingRepository: true,
  });
  const size = statSync(out).size;
  if (size > MAX_BYTES) throw new Error(`${out} is ${size} bytes, over the 2.75 MB budget`);
  console.log(`${out}: ${(size / 1024).toFixed(0)} KB (the web server bundle: ${(webServer / 1024).toFixed(0)} KB)`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
