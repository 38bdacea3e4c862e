// `npm run package`: the .vsix holds the bundled extension and server, the grammar, the settings file's
// schema, README, CHANGELOG, LICENSE, images, the docs pages the README links and docs/codes/ (the pages
// diagnostics link to), and nothing else
// (no node_modules, sources, source maps, manifest schemas, tests); it is under 2 MB; `engines.vscode` covers
// what vscode-languageclient needs; every command, view and setting the client uses is contributed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readZip, type ZipEntry } from './zip';

const repo = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

/** `^1.91.0` → [1, 91, 0]. */
const minVersion = (range: string) => (/(\d+)\.(\d+)\.(\d+)/.exec(range) ?? []).slice(1).map(Number);
const atLeast = (a: number[], b: number[]) =>
  a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] >= b[2])));

describe('the packaged .vsix', () => {
  let dir: string;
  let vsix: string;
  let entries: ZipEntry[];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-package-'));
    vsix = join(dir, 'cloud-manifests.vsix');
    const r = spawnSync(process.execPath, [join(repo, 'scripts', 'package.mjs'), '--out', vsix], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    entries = readZip(vsix);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('holds the bundles, grammar, settings schema, README, CHANGELOG, LICENSE, images and the pages of the codes, and nothing else', () => {
    const names = entries.map((e) => e.name).sort();
    for (const need of [
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      // The server's scan runs it on worker threads (lsp/scanPool.ts).
      'extension/dist/analysisWorker.js',
      // The MCP server the extension registers (dist/server.js --mcp) loads its SDK from it.
      'extension/dist/mcpSdk.js',
      // Hover's descriptions of Kubernetes' kinds' fields, made at build time from kubernetes-types.
      'extension/dist/kube-descriptions.json',
      // The browser build (package.json `browser`): the web client and the server's Web Worker.
      'extension/dist/web/extension.js',
      'extension/dist/web/server.js',
      'extension/syntaxes/cloud-manifests.injection.tmLanguage.json',
      'extension/schemas/cloud-manifests.settings.json',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/LICENSE.txt',
      'extension/images/icon.png',
      'extension/docs/codes/enum-case.md',
      ...readdirSync(join(repo, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `extension/docs/${n}`),
      'extension.vsixmanifest',
    ])
      assert.ok(names.includes(need), `${need} missing from ${names.join(', ')}`);
    const allowed =
      /^(\[Content_Types\]\.xml|extension\.vsixmanifest|extension\/(package\.json|readme\.md|changelog\.md|LICENSE\.txt|dist\/((extension|server|analysisWorker|mcpSdk|web\/extension|web\/server)\.js|kube-descriptions\.json)|syntaxes\/[^/]+\.json|schemas\/cloud-manifests\.settings\.json|images\/(icon|screenshot|quickfix|embedded|colours)\.png|docs\/(codes\/)?[a-z0-9-]+\.md))$/;
    assert.deepEqual(
      names.filter((n) => !allowed.test(n)),
      [],
    );
  });

  // 2 MB until the browser build (issue 50) added the web client and the Web Worker's server (~650 KB).
  test('is under 2.75 MB', () => {
    const size = statSync(vsix).size;
    assert.ok(size < 2.75 * 1024 * 1024, `${size} bytes`);
  });

  test('is the size README.md and docs/vscode.md say, within 10%', () => {
    const size = statSync(vsix).size;
    for (const page of ['README.md', join('docs', 'vscode.md')]) {
      const text = readFileSync(join(repo, page), 'utf8');
      const m = /\.vsix \(([\d,]+) KB/.exec(text);
      assert.ok(m, `${page} says the size of the .vsix`);
      const said = Number(m[1].replace(/,/g, '')) * 1024;
      assert.ok(
        Math.abs(said - size) <= size / 10,
        `${page} says ${m[1]} KB; the .vsix is ${size.toLocaleString('en-US')} bytes (${Math.round(size / 1024).toLocaleString('en-US')} KB): write that`,
      );
    }
  });

  test('the settings file schema it contributes (jsonValidation) is inside it and is the generated one', () => {
    const manifest = JSON.parse(
      entries
        .find((e) => e.name === 'extension/package.json')!
        .read()
        .toString('utf8'),
    );
    assert.deepEqual(manifest.contributes.jsonValidation, [
      { fileMatch: '.cloud-manifests.json', url: './schemas/cloud-manifests.settings.json' },
    ]);
    const inside = entries.find((e) => e.name === 'extension/schemas/cloud-manifests.settings.json');
    assert.ok(inside);
    assert.equal(
      inside.read().toString('utf8'),
      readFileSync(join(repo, 'schemas', 'cloud-manifests.settings.json'), 'utf8'),
    );
  });

  test('its package.json points at the bundles and matches the API used', () => {
    const manifest = JSON.parse(
      entries
        .find((e) => e.name === 'extension/package.json')!
        .read()
        .toString('utf8'),
    );
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.icon, 'images/icon.png');
    assert.equal(manifest.license, 'MIT');
    assert.equal(manifest.dependencies, undefined, 'everything is bundled');
    const lc = JSON.parse(readFileSync(join(repo, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'));
    const types = JSON.parse(readFileSync(join(repo, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8'));
    const engine = minVersion(manifest.engines.vscode);
    assert.ok(
      atLeast(engine, minVersion(lc.engines.vscode)),
      `engines.vscode ${manifest.engines.vscode} < languageclient's ${lc.engines.vscode}`,
    );
    // The typings the client is compiled against must not be newer than the engine it claims.
    assert.ok(
      atLeast(engine, minVersion(types.version)),
      `@types/vscode ${types.version} is newer than engines.vscode ${manifest.engines.vscode}`,
    );
  });

  test('the extension bundle starts the bundled server and needs nothing but vscode', () => {
    const ext = entries
      .find((e) => e.name === 'extension/dist/extension.js')!
      .read()
      .toString('utf8');
    const requires = [...ext.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]).filter((m) => !m.startsWith('node:'));
    const builtins = new Set(builtinModules);
    assert.deepEqual([...new Set(requires.filter((m) => m !== 'vscode' && !builtins.has(m)))], []);
    assert.match(ext, /dist[^"]{0,10}server\.js|"server\.js"/);
    assert.doesNotMatch(ext, /sourceMappingURL/);
  });
});

describe('package.json contributions', () => {
  const src = (f: string) => readFileSync(join(repo, 'client', 'src', f), 'utf8');
  // The commands are registered where the desktop and the web client share them (features.ts).
  const client = ['extension.ts', 'features.ts', 'checkWorkspace.ts', 'ownerTree.ts', 'newManifest.ts']
    .map(src)
    .join('\n');
  test('every command the client registers is contributed with a title, and the reverse', () => {
    const registered = [...client.matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]).sort();
    const contributed = (pkg.contributes.commands as { command: string; title: string }[]).map((c) => c.command).sort();
    assert.deepEqual(registered, contributed);
    for (const c of pkg.contributes.commands) assert.ok(c.title, c.command);
    const titles = pkg.contributes.commands.map((c: { title: string }) => c.title);
    assert.ok(titles.includes('New Cloud Resource Manifest…') && titles.includes('Check Workspace Manifests'));
  });
  test('the owner tree view is contributed to the explorer', () => {
    const id = /VIEW_ID = '([^']+)'/.exec(src('ownerTree.ts'))![1];
    assert.ok(pkg.contributes.views.explorer.some((v: { id: string }) => v.id === id));
  });
  test('the settings the issue names are contributed with descriptions', () => {
    const props = pkg.contributes.configuration.properties;
    for (const k of ['apiDomain', 'rules', 'ownerResolution', 'exclude', 'trace.server'])
      assert.ok(props[`cloudManifests.${k}`]?.description, k);
    assert.ok(props['cloudManifests.rules'].additionalProperties.enum.includes('off'));
  });
  test('untrusted workspaces: limited, with every setting that points outside the workspace restricted', () => {
    const untrusted = pkg.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    assert.ok(untrusted.description);
    // Where links lead, which paths are read, how much is read and analysed: a repository's own settings may
    // not decide.
    const restricted = [
      'cloudManifests.compareWith',
      'cloudManifests.crds',
      'cloudManifests.docsBaseUrl',
      'cloudManifests.exclude',
      'cloudManifests.helmTemplates',
      'cloudManifests.maxDocumentSize',
      'cloudManifests.maxFileSizeMB',
    ];
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), restricted);
    for (const k of restricted) assert.ok(pkg.contributes.configuration.properties[k], `${k} is a setting`);
    // Every setting that names files (a list of paths or patterns) is among them.
    for (const [k, p] of Object.entries(
      pkg.contributes.configuration.properties as Record<string, { type?: string; items?: { type?: string } }>,
    ))
      if (p.type === 'array' && p.items?.type === 'string') assert.ok(restricted.includes(k), `${k} is restricted`);
    // On the desktop the server reads the workspace from disk, which a virtual workspace does not have; in the
    // browser it reads through the editor (issue 50): limited, and the description says what.
    assert.equal(pkg.capabilities.virtualWorkspaces.supported, 'limited');
    assert.ok(pkg.capabilities.virtualWorkspaces.description);
  });
  test('the client synchronises the settings section and runs YAML files and untitled documents', () => {
    const ext = src('extension.ts');
    assert.match(ext, /configurationSection: 'cloudManifests'/);
    assert.match(ext, /scheme: 'file', language: 'yaml'/);
    assert.match(ext, /scheme: 'untitled', language: 'yaml'/);
    assert.match(ext, /new LanguageClient\('cloudManifests'/); // reads cloudManifests.trace.server
    assert.doesNotMatch(ext, /errorHandler:/); // the default handler restarts a crashed server
  });
  test("Enter after a `key:` indents the next line; the document's words are not suggested in YAML", () => {
    // The extension's rules for the `yaml` language (merged with VS Code's own, which indent only under
    // `editor.autoIndent: full`): what each line ending with Enter indents the next by. The real workbench
    // step (test/code-server/overlaysCharts.test.ts) types it.
    const lang = (pkg.contributes.languages as { id: string; configuration?: string }[]).find((l) => l.id === 'yaml');
    assert.ok(lang?.configuration);
    const conf = JSON.parse(readFileSync(join(repo, lang.configuration), 'utf8')) as {
      onEnterRules: { beforeText: string; action: { indent: string; appendText?: string } }[];
    };
    const extra = (line: string) => {
      const rule = conf.onEnterRules.find((r) => new RegExp(r.beforeText).test(line));
      return rule ? 2 + (rule.action.appendText?.length ?? 0) : 0;
    };
    assert.deepEqual(
      [
        'spec:',
        '  owner:',
        '  - owner:',
        'metadata: # the name',
        '  script: |',
        '  name: x',
        '- name: x',
        '# note:',
      ].map(extra),
      [2, 2, 4, 2, 2, 0, 0, 0],
    );
    assert.equal(pkg.contributes.configurationDefaults['[yaml]']['editor.wordBasedSuggestions'], 'off');
  });
});
