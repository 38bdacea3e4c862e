// The browser build (issue 50): the web extension (dist/web/extension.js, `browser` in package.json) and the
// language server it runs in a Web Worker (dist/web/server.js), platform `browser`. Used by build.mjs and
// package.mjs alike.
//   - webTwins: a module of server/src/io/ or server/src/lsp/ with a twin of the same name in
//     server/src/web/twins/ (the modules that read the disk, start worker threads or run git) is replaced by
//     the twin, which does the same through the editor (server/src/web/editorFiles.ts) or does without.
//   - noNodeBuiltins: a Node built-in module anywhere in the graph fails the build, naming who imports it.
//   - `Buffer`, which parts of the service use, is the npm `buffer` package (server/src/web/buffer.ts).
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const serverSrc = join(root, 'server', 'src');
const twins = join(serverSrc, 'web', 'twins');

/** The web server bundle's budget (minified, as packaged): a tab downloads and compiles it on every start. */
export const WEB_SERVER_MAX_BYTES = 2.5 * 1024 * 1024;

const webTwins = {
  name: 'webTwins',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = relative(serverSrc, resolve(args.resolveDir, args.path)).split(sep).join('/');
      if (!/^(io|lsp)\/[^/]+$/.test(target)) return undefined;
      const twin = join(twins, `${target.replace(/\.ts$/, '')}.ts`);
      return existsSync(twin) ? { path: twin } : undefined;
    });
  },
};

const builtins = new Set(builtinModules);
const noNodeBuiltins = {
  name: 'noNodeBuiltins',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      // `buffer/` (a trailing slash) is the npm package of that name, not Node's module.
      if (!args.path.startsWith('node:') && (args.path.endsWith('/') || !builtins.has(args.path.split('/')[0])))
        return undefined;
      return {
        errors: [
          {
            text: `the browser build may not use the Node module "${args.path}" (imported by ${relative(root, args.importer)}): give that module a twin in server/src/web/twins/`,
          },
        ],
      };
    });
  },
};

/** The plugins of the web server's build (test/web/build.test.ts bundles probes with them). */
export const webServerPlugins = [webTwins, noNodeBuiltins];

/** The two builds, with `options` (source maps, minifying) into `outDir`/web/. */
export function webBuilds(options, outDir) {
  const common = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    absWorkingDir: root,
    ...options,
    alias: { yaml: './node_modules/yaml/browser/index.js', 'js-yaml': './node_modules/js-yaml/dist/js-yaml.cjs.js' },
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  return [
    build({
      ...common,
      format: 'iife',
      entryPoints: [join(serverSrc, 'webServer.ts')],
      outfile: join(outDir, 'web', 'server.js'),
      plugins: webServerPlugins,
      inject: [join(serverSrc, 'web', 'buffer.ts')],
    }),
    build({
      ...common,
      format: 'cjs',
      entryPoints: [join(root, 'client', 'src', 'web', 'extension.ts')],
      outfile: join(outDir, 'web', 'extension.js'),
      external: ['vscode'],
      plugins: [noNodeBuiltins],
    }),
  ];
}

/** Refuses a web server bundle over its budget. */
export function checkWebBudget(outDir) {
  const size = statSync(join(outDir, 'web', 'server.js')).size;
  if (size > WEB_SERVER_MAX_BYTES)
    throw new Error(`${outDir}/web/server.js is ${size} bytes, over its ${WEB_SERVER_MAX_BYTES} byte budget`);
  return size;
}
