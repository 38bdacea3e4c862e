// Lint: typescript-eslint's recommended rules, and the layers of ARCHITECTURE.md as import boundaries:
//
//   model ← service ← lsp / cli        (generate/ reads model and service; io/ is Node I/O for lsp and cli)
//   client → server/src/protocol/ only (the custom requests' types, how the server is launched)
//
// Each layer may import only what is to its left. Inside service/, the inner layers (ARCHITECTURE.md):
//
//   core ← checks ← workspace ← features ← host (analysis.ts, editorQueries.ts, host/)
//
// lsp/, cli/ and mcp/ import the host and core only.
//
// To see the lint fail on a model → service import:
//
//   echo "export { CODES } from '../service/codes';" | npx eslint --stdin --stdin-filename server/src/model/probe.ts
//
// (test/lint/layers.test.ts checks every boundary that way.)
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A relative import of one of these folders (or files) of server/src, from any depth. */
const into = (...names) => `^\\.{1,2}/(?:\\.\\./)*(?:${names.join('|')})(?:/|$)`;
const boundary = (regex, message) => ({ regex, message });
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const NODE = boundary('^node:', 'Node APIs belong to io/, lsp/ and cli/: this layer stays pure.');
const LSP_LIBS = boundary(
  '^vscode-languageserver(?:/|$)|^vscode-languageserver-textdocument$',
  'The LSP library belongs to lsp/.',
);
/** Every LSP package, its types included: the service answers in its own types (service/core/editorTypes.ts). */
const SERVICE_LSP = boundary(
  '^vscode-languageserver',
  'No LSP library or type in service/: use its own types (service/core/editorTypes.ts); lsp/ speaks LSP.',
);
const SERVICE_OUTER = [
  boundary(
    into('lsp', 'cli', 'io', 'generate'),
    'The service is plain functions: lsp/ and cli/ call it, not the other way round.',
  ),
  SERVICE_LSP,
  NODE,
];

/**
 * lsp/ and cli/ ask the host (service/analysis.ts, service/editorQueries.ts, service/host/) and read core's
 * plain data (documents, positions, diagnostics, edits): the layers under the host are its business, so that
 * the editor and the CLI cannot assemble an answer of their own beside the host's one query.
 */
const HOST_ONLY = boundary(
  '(?:^|/)service/(?:checks|workspace|features)(?:/|$)',
  'lsp/ and cli/ call the host (service/analysis.ts, editorQueries.ts, host/) and read service/core/ only (ARCHITECTURE.md).',
);

/**
 * lsp/, cli/ and mcp/ hold the host's interface (service/host/hostApi.ts, made by `createHost`), not its
 * class nor the owners behind it: every write goes through `apply`, and what they may ask is that interface
 * (issue 46; test/lint/hostApi.test.ts keeps it small).
 */
const HOST_CLASSES = {
  regex: '(?:^|/)service/(?:analysis|host/(?:documents|overlays|diagnostics|crdKinds))$',
  importNames: ['Analysis', 'Documents', 'Overlays', 'FileDiagnostics', 'CrdKinds'],
  message:
    "lsp/, cli/ and mcp/ hold the host's interface (createHost, Host: service/host/hostApi.ts), not its classes.",
};

/**
 * The inner layers of service/, lowest first: a file of one imports its own layer and lower ones, never a
 * higher one nor the host (service/analysis.ts, service/editorQueries.ts, service/host/), which imports them
 * all. A pattern sees only the import's text, so there is one config per depth below the layer's folder:
 * from `service/core/a/b.ts` the checks layer is `../../checks/` (`../checks/` would be core/checks/).
 */
const SERVICE_LAYERS = ['core', 'checks', 'workspace', 'features'];
const HOST = ['analysis', 'editorQueries', 'host'];
/** The deepest folder under a layer's folder the patterns cover: test/lint/layers.test.ts fails on a deeper one. */
const MAX_LAYER_DEPTH = 6;
const innerLayers = () =>
  SERVICE_LAYERS.flatMap((layer, i) => {
    const above = [...SERVICE_LAYERS.slice(i + 1), ...HOST];
    const message = `service/${layer}/ is below ${above.slice(0, -HOST.length).concat('the host').join(', ')}: it may import only ${SERVICE_LAYERS.slice(0, i + 1).join(', ')} (ARCHITECTURE.md).`;
    return Array.from({ length: MAX_LAYER_DEPTH + 1 }, (_, depth) => ({
      files: [`server/src/service/${layer}/${'*/'.repeat(depth)}*.ts`],
      rules: restrict(
        ...SERVICE_OUTER,
        boundary(`^(?:\\.\\./){${depth + 1}}(?:\\.\\./service/)?(?:${above.join('|')})(?:/|\\.ts$|$)`, message),
      ),
    }));
  });

/**
 * No hidden state in the pure layers: what the service computes depends on its inputs (the analysis's), not
 * on what an earlier call left in a module. At module level, service/ and model/ may not declare a `let`
 * (or `var`), create an object with `new` (a Map, a Set, a cache class), or start an empty array or object
 * to fill later. Allowed: `WeakMap`/`WeakSet` memos keyed on values (a model type, a chunk of one
 * analysis), regular expressions, the immutable `Registry`, and a `Map`/`Set` typed `ReadonlyMap`/`ReadonlySet`
 * (TypeScript then rejects a call that changes it). Mutable caches live in the analysis (service/analysis.ts,
 * service/memo.ts).
 */
const MODULE_LEVEL = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'];
const IMMUTABLE_NEW = '^(?:WeakMap|WeakSet|RegExp|Registry)$';
const NO_MODULE_STATE = {
  'no-restricted-syntax': [
    'error',
    ...MODULE_LEVEL.map((at) => ({
      selector: `${at}[kind=/^(?:let|var)$/]`,
      message: 'No module-level `let` in service/ and model/: state belongs to the analysis (service/analysis.ts).',
    })),
    ...MODULE_LEVEL.map((at) => ({
      selector: `${at} > VariableDeclarator[init.type='NewExpression']:not([init.callee.name=/${IMMUTABLE_NEW}/]):not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(?:Map|Set)$/])`,
      message:
        'No module-level mutable object in service/ and model/: a cache belongs to the analysis (service/memo.ts); a constant lookup table is typed ReadonlyMap/ReadonlySet.',
    })),
    ...MODULE_LEVEL.map((at) => ({
      selector: `${at} > VariableDeclarator[init.type=/^(?:ArrayExpression|ObjectExpression)$/][init.elements.length=0], ${at} > VariableDeclarator[init.type='ObjectExpression'][init.properties.length=0]`,
      message:
        'No module-level empty array or object to fill later in service/ and model/: state belongs to the analysis.',
    })),
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.bench/**', 'test-results/**', 'schemas/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        clearImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        NodeJS: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      // Names starting with `_` are unused on purpose (a parameter a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // No array spread into a call (`push(...xs)`, `Math.max(...xs)`): every element becomes an argument on the
    // stack, and an unbounded array overflows it (a 220,000-manifest document did, in WorkspaceIndex.set).
    files: [
      'server/src/service/**/*.ts',
      'server/src/lsp/**/*.ts',
      'server/src/cli/**/*.ts',
      'server/src/mcp/**/*.ts',
      'server/src/io/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > SpreadElement, NewExpression > SpreadElement',
          message: 'No spread into a call: a large array overflows the stack. Use a loop (for … of, then push).',
        },
      ],
    },
  },
  {
    // The published commands' launchers are plain CommonJS run by Node as they are.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests match terminal colours (ESC) in the CLI's output.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['server/src/model/**/*.ts', 'server/src/service/**/*.ts'],
    // No `eslint-disable` comment takes effect here: an exception is made in this file, where it is seen.
    linterOptions: { noInlineConfig: true },
    rules: NO_MODULE_STATE,
  },
  {
    // The libraries loaded on first use with require() (a workspace that never needs them never pays for
    // them), and Kubernetes' kinds (model/kube/kinds.json, read when a manifest of a built-in group is first
    // met; kustomizeMerge.json and kustomizeNameReference.json, when an overlay renders one): allowed by name here, since no inline comment takes effect in these folders.
    files: ['server/src/model/**/*.ts', 'server/src/service/**/*.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': [
        'error',
        {
          allow: [
            '^@marcbachmann/cel-js$',
            '^@prometheus-io/lezer-promql$',
            '^re2js$',
            '^\\./kinds\\.json$',
            '^\\./kustomizeMerge\\.json$',
            '^\\./kustomizeNameReference\\.json$',
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/model/**/*.ts'],
    rules: restrict(
      boundary(
        into('service', 'lsp', 'cli', 'io', 'generate', 'protocol'),
        'The model depends on nothing: it is the language as data.',
      ),
      boundary('^(?:yaml|vscode-.*)$', 'The model depends on nothing: it is the language as data.'),
      NODE,
    ),
  },
  {
    files: ['server/src/service/**/*.ts'],
    rules: restrict(...SERVICE_OUTER),
  },
  // After the config above: a file's no-restricted-imports is the last config's that matches it.
  ...innerLayers(),
  {
    files: ['server/src/generate/**/*.ts'],
    rules: restrict(
      boundary(into('lsp', 'cli', 'io'), 'Generators read the model (and the code registry) only.'),
      LSP_LIBS,
      NODE,
    ),
  },
  {
    files: ['server/src/protocol/**/*.ts'],
    rules: restrict(
      boundary(
        into('model', 'service', 'lsp', 'cli', 'io', 'generate'),
        'protocol/ is shared with the client: it imports nothing of the server.',
      ),
      LSP_LIBS,
      NODE,
    ),
  },
  {
    files: ['server/src/io/**/*.ts'],
    rules: restrict(
      boundary(into('model', 'service', 'lsp', 'cli', 'generate'), 'io/ is Node I/O only (walks, reads, globs).'),
      LSP_LIBS,
    ),
  },
  {
    files: ['server/src/cli/**/*.ts', 'server/src/cli.ts'],
    rules: restrict(
      boundary(into('lsp'), 'The CLI calls the service, not the LSP layer.'),
      LSP_LIBS,
      HOST_ONLY,
      HOST_CLASSES,
    ),
  },
  {
    // The MCP server has the CLI's rights (it runs `check` itself: cli/checkRun.ts), and the CLI's
    // `mcp` command loads its bundle (dist/mcp.js) at run time, not through an import.
    files: ['server/src/mcp/**/*.ts', 'server/src/mcp.ts'],
    rules: restrict(
      boundary(into('lsp'), 'The MCP server calls the service (and the CLI), not the LSP layer.'),
      LSP_LIBS,
      HOST_ONLY,
      HOST_CLASSES,
    ),
  },
  {
    files: ['server/src/lsp/**/*.ts'],
    rules: restrict(
      boundary(into('cli', 'generate'), 'The LSP layer calls the service (and io/), not the CLI.'),
      HOST_ONLY,
      HOST_CLASSES,
    ),
  },
  {
    // The browser build's server (issue 50) is lsp/ with io/'s modules replaced (scripts/webBuild.mjs): lsp/
    // reaches Node through io/ only, but for the modules the build replaces or never takes (the stdio
    // transport, its header check, V8's heap flags, git).
    files: ['server/src/lsp/**/*.ts'],
    ignores: ['server/src/lsp/{transport,headerCheck,heap,gitBases}.ts'],
    rules: restrict(
      boundary(into('cli', 'generate'), 'The LSP layer calls the service (and io/), not the CLI.'),
      HOST_ONLY,
      HOST_CLASSES,
      boundary(
        '^node:|^vscode-languageserver/node$',
        'lsp/ reaches Node through io/ (the browser build puts server/src/web/twins/ in its place): add it there.',
      ),
    ),
  },
  {
    files: ['server/src/web/**/*.ts', 'server/src/webServer.ts'],
    rules: restrict(
      boundary(into('cli', 'generate', 'mcp'), 'The browser build serves the editor: no CLI, no MCP server.'),
      HOST_ONLY,
      HOST_CLASSES,
      boundary('^node:|^vscode-languageserver/node$', 'The browser build runs in a Web Worker: no Node module.'),
    ),
  },
  {
    files: ['client/src/**/*.ts'],
    rules: restrict(
      boundary(
        '(?:^|/)server/src/(?!protocol/)',
        'The client imports nothing of the server but what protocol/ shares with it.',
      ),
      boundary('^vscode-languageserver(?:/|$)', 'The client speaks to the server through vscode-languageclient.'),
    ),
  },
  {
    // The web extension and what it shares with the desktop's (features.ts and what it registers).
    files: [
      'client/src/web/**/*.ts',
      'client/src/{features,checkWorkspace,ownerTree,newManifest,graphModel,kindOrder,util}.ts',
    ],
    rules: restrict(
      boundary(
        '(?:^|/)server/src/(?!protocol/)',
        'The client imports nothing of the server but what protocol/ shares with it.',
      ),
      boundary('^vscode-languageserver(?:/|$)', 'The client speaks to the server through vscode-languageclient.'),
      boundary('^node:|^vscode-languageclient/node$', 'The web extension runs in the browser: no Node module.'),
    ),
  },
);
