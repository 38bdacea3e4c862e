// Bundles the language server, the VS Code client, the CLI and their worker threads' entry with esbuild into dist/,
// and the web extension with its server into dist/web/.
import { chmodSync } from 'node:fs';
import { build } from 'esbuild';
import { mcpSdkExternal } from './mcpSdk.mjs';
import { webBuilds } from './webBuild.mjs';
import { writeKubeDescriptions } from './kube-descriptions.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  // Whitespace and syntax minified, names kept (stack traces stay readable; source maps beside them): the
  // server holds its own source text in memory for as long as it runs, and the .vsix ships it minified
  // (scripts/package.mjs), so the bench measures about what users run. `--minify` renames identifiers too.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: process.argv.includes('--minify'),
  // yaml's ES module build (same source as its CommonJS build): bundled from CommonJS, every `isMap`/`isScalar`
  // call goes through an interop getter, which profiles showed as the hottest frame of parsing and checking.
  // js-yaml (the CRD reader, service/checks/crd/kinds/sources.ts): its CommonJS build, not the ES module one esbuild picks for
  // an `import`. Same source, but the ES build keeps native class fields and parses about 4× slower on Node 20
  // (300 CRDs, 37 MB: 3.1 s against 0.8 s), which put the first diagnostics of a CRD kind past the 2 s target.
  alias: { yaml: './node_modules/yaml/browser/index.js', 'js-yaml': './node_modules/js-yaml/dist/js-yaml.cjs.js' },
  plugins: [mcpSdkExternal],
};

await Promise.all([
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  // The command's bundle, and the `bin` that runs it with its compiled code cached (server/src/io/codeCache.ts).
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: 'dist/cliMain.js' }),
  build({
    ...common,
    plugins: [],
    entryPoints: ['server/src/cliLoader.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  }),
  // The MCP SDK and zod (server/src/mcp/sdk.ts), which the CLI and the server require only to serve MCP.
  build({ ...common, plugins: [], entryPoints: ['server/src/mcp/sdk.ts'], outfile: 'dist/mcpSdk.js' }),
  // The worker threads of the CLI and the server (server/src/io/workerPool.ts), beside them.
  build({ ...common, entryPoints: ['server/src/analysisWorker.ts'], outfile: 'dist/analysisWorker.js' }),
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  // The web extension and its language server in a Web Worker (scripts/webBuild.mjs).
  ...webBuilds({ sourcemap: true, minifyWhitespace: true, minifySyntax: true, logLevel: 'warning' }, 'dist'),
]);

// Hover's descriptions of Kubernetes' own kinds' fields, from the kubernetes-types package (not in the
// repository): the server reads dist/kube-descriptions.json when a built-in kind's field is first hovered.
writeKubeDescriptions(process.cwd(), 'dist/kube-descriptions.json');

// The CLI is the package's `bin`: executable as built, so `npx cloud-manifests` runs in the clone right after
// `npm ci` (an install from the registry sets the mode itself; a build in the clone does not).
chmodSync('dist/cli.js', 0o755);
