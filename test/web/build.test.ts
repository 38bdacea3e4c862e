// The browser build (scripts/webBuild.mjs): the language server bundled for a Web Worker with the modules of
// server/src/web/twins/ in place of io/'s, and a Node module anywhere in its graph failing the build, named
// with who imports it. No browser needed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { build, type Plugin } from 'esbuild';

const repo = join(__dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'cloud-manifests-webbuild-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

async function plugins(): Promise<Plugin[]> {
  const m = (await import(join(repo, 'scripts', 'webBuild.mjs'))) as { webServerPlugins: Plugin[] };
  return m.webServerPlugins;
}

async function bundle(entry: string) {
  return build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
    absWorkingDir: repo,
    plugins: await plugins(),
    alias: { yaml: './node_modules/yaml/browser/index.js', 'js-yaml': './node_modules/js-yaml/dist/js-yaml.cjs.js' },
    inject: [join(repo, 'server', 'src', 'web', 'buffer.ts')],
    metafile: true,
  });
}

test('the web server bundles with the twins in place of io/ and of git, and no Node module', async () => {
  const r = await bundle(join(repo, 'server', 'src', 'webServer.ts'));
  const inputs = Object.keys(r.metafile.inputs);
  for (const twin of ['read', 'folderWalk', 'fileKind', 'paths', 'workerPool', 'factsStore'])
    assert.ok(inputs.includes(`server/src/web/twins/io/${twin}.ts`), `twin ${twin}`);
  assert.ok(inputs.includes('server/src/web/twins/lsp/gitBases.ts'));
  // The Node modules they stand in for are not in the bundle, nor any other reading the disk.
  for (const gone of [
    'server/src/io/read.ts',
    'server/src/io/gitBase.ts',
    'server/src/lsp/gitBases.ts',
    'server/src/io/factsStore.ts',
    'server/src/io/cacheStore.ts',
  ])
    assert.ok(!inputs.includes(gone), gone);
  // The language server itself is: the same lsp/ as on Node.
  assert.ok(inputs.includes('server/src/lsp/startServer.ts'));
  assert.ok(inputs.includes('server/src/lsp/workspaceFolders.ts'));
});

test('a Node module in the web graph fails the build, naming the module and its importer', async () => {
  const probe = join(scratch, 'probe.ts');
  writeFileSync(probe, "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n");
  await assert.rejects(bundle(probe), (e: Error) => {
    assert.match(e.message, /may not use the Node module "node:fs" \(imported by .*probe\.ts\)/);
    return true;
  });
  const bare = join(scratch, 'bare.ts');
  writeFileSync(bare, "import { join } from 'path';\nexport const x = join;\n");
  await assert.rejects(bundle(bare), /may not use the Node module "path"/);
});
