// The lint's import boundaries (eslint.config.mjs) encode the layers of ARCHITECTURE.md: an import across a
// boundary fails the lint, one along the layers passes. Each case lints one line as if it were a file of
// that folder (nothing is written).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const FORBIDDEN: [string, string][] = [
  ['server/src/model/probe.ts', "import { CODES as x } from '../service/codes';"],
  ['server/src/model/kinds/probe.ts', "import { parseFile as x } from '../../service/parse';"],
  ['server/src/model/probe.ts', "import { readFileSync as x } from 'node:fs';"],
  ['server/src/model/probe.ts', "import { parse as x } from 'yaml';"],
  ['server/src/service/probe.ts', "import { startServer as x } from '../lsp/startServer';"],
  ['server/src/service/workspace/rules/probe.ts', "import { collectInputs as x } from '../../../io/files';"],
  ['server/src/service/probe.ts', "import { createConnection as x } from 'vscode-languageserver/node';"],
  ['server/src/service/probe.ts', "import { readFileSync as x } from 'node:fs';"],
  ['server/src/cli/probe.ts', "import { startServer as x } from '../lsp/startServer';"],
  ['server/src/lsp/probe.ts', "import { main as x } from '../cli/main';"],
  ['server/src/protocol/probe.ts', "import { CODES as x } from '../service/codes';"],
  ['client/src/probe.ts', "import { hover as x } from '../../server/src/service/features/hover';"],
  ['client/src/probe.ts', "import { startServer as x } from '../../server/src/lsp/startServer';"],
  // lsp/ and cli/ ask the host, and read core's plain data: not the layers under the host.
  ['server/src/lsp/probe.ts', "import { hover as x } from '../service/features/hover';"],
  ['server/src/lsp/probe.ts', "import { definitionAt as x } from '../service/workspace/navigate';"],
  ['server/src/cli/probe.ts', "import { validateFile as x } from '../service/checks/validate';"],
  ['server/src/cli/formats/probe.ts', "import { FIXES as x } from '../../service/features/fixCatalog';"],
  ['server/src/cli.ts', "import { validateFile as x } from './service/checks/validate';"],
  // lsp/, cli/ and mcp/ hold the host's interface, not its classes: every write goes through `apply`.
  ['server/src/lsp/probe.ts', "import { Analysis as x } from '../service/analysis';"],
  ['server/src/cli/probe.ts', "import type { Analysis as x } from '../service/analysis';"],
  ['server/src/mcp/tools/probe.ts', "import { Analysis as x } from '../../service/analysis';"],
  ['server/src/lsp/probe.ts', "import { Documents as x } from '../service/host/documents';"],
  ['server/src/cli/probe.ts', "import { Overlays as x } from '../service/host/overlays';"],
  // mcp/ has the CLI's rights: the host and core, never the layers under the host nor the LSP layer.
  ['server/src/mcp/probe.ts', "import { hover as x } from '../service/features/hover';"],
  [
    'server/src/mcp/tools/probe.ts',
    "import { renderKustomization as x } from '../../service/workspace/kustomize/render';",
  ],
  ['server/src/mcp/probe.ts', "import { startServer as x } from '../lsp/startServer';"],
  ['server/src/mcp/probe.ts', "import { createConnection as x } from 'vscode-languageserver/node';"],
  // service/'s inner layers: core ← checks ← workspace ← features ← host, from any depth of a layer's folder.
  ['server/src/service/core/probe.ts', "import { validateFile as x } from '../checks/validate';"],
  ['server/src/service/core/probe.ts', "import { validateFile as x } from '../../service/checks/validate';"],
  ['server/src/service/core/sub/probe.ts', "import { checkFile as x } from '../../workspace/checks';"],
  ['server/src/service/core/probe.ts', "import { hoverAt as x } from '../editorQueries';"],
  ['server/src/service/checks/probe.ts', "import { checkFile as x } from '../workspace/checks';"],
  ['server/src/service/checks/crd/rules/library/probe.ts', "import { hover as x } from '../../../../features/hover';"],
  ['server/src/service/checks/rules/probe.ts', "import type { Analysis as x } from '../../analysis';"],
  ['server/src/service/workspace/probe.ts', "import { complete as x } from '../features/complete';"],
  ['server/src/service/workspace/helm/probe.ts', "import { codeActions as x } from '../../features/codeActions';"],
  ['server/src/service/workspace/probe.ts', "import { documents as x } from '../host/documents';"],
  ['server/src/service/features/probe.ts', "import { Analysis as x } from '../analysis';"],
  [
    'server/src/service/features/a/b/c/d/e/f/probe.ts',
    "import { Analysis as x } from '../../../../../../../analysis';",
  ],
  // No LSP type below lsp/: the service's own are in core/editorTypes.ts.
  ['server/src/service/features/probe.ts', "import type { CompletionItem as x } from 'vscode-languageserver-types';"],
  ['server/src/service/probe.ts', "import type { Hover as x } from 'vscode-languageserver-protocol';"],
  ['server/src/service/core/probe.ts', "import { TextDocument as x } from 'vscode-languageserver-textdocument';"],
  // The browser build (issue 50): lsp/ reaches Node through io/ (which the build replaces), the web server
  // and the web extension reach it not at all.
  ['server/src/lsp/probe.ts', "import { readFileSync as x } from 'node:fs';"],
  ['server/src/lsp/probe.ts', "import { createConnection as x } from 'vscode-languageserver/node';"],
  ['server/src/web/probe.ts', "import { readFileSync as x } from 'node:fs';"],
  ['server/src/web/twins/io/probe.ts', "import { readFileSync as x } from 'node:fs';"],
  ['server/src/webServer.ts', "import { main as x } from './cli/main';"],
  ['client/src/web/probe.ts', "import { join as x } from 'node:path';"],
  ['client/src/web/probe.ts', "import { LanguageClient as x } from 'vscode-languageclient/node';"],
  ['client/src/features.ts', "import { LanguageClient as x } from 'vscode-languageclient/node';"],
];

const ALLOWED: [string, string][] = [
  ['server/src/lsp/probe.ts', "import { createHost as x } from '../service/analysis';"],
  ['server/src/cli/probe.ts', "import type { Host as x } from '../service/analysis';"],
  ['server/src/model/probe.ts', "import { allKinds as x } from './registry';"],
  ['server/src/service/probe.ts', "import { allKinds as x } from '../model/registry';"],
  ['server/src/service/probe.ts', "import type { GraphNode as x } from '../protocol/customRequests';"],
  ['server/src/lsp/probe.ts', "import { definition as x } from '../service/host/navigation';"],
  ['server/src/lsp/probe.ts', "import { decodeText as x } from '../io/files';"],
  ['server/src/lsp/transport.ts', "import { format as x } from 'node:util';"],
  ['server/src/web/probe.ts', "import { createConnection as x } from 'vscode-languageserver/browser';"],
  ['client/src/extension.ts', "import { LanguageClient as x } from 'vscode-languageclient/node';"],
  ['server/src/cli/probe.ts', "import { fixText as x } from '../service/host/fixAll';"],
  ['server/src/cli/formats/probe.ts', "import { severityOf as x } from '../../service/core/diag';"],
  ['server/src/mcp/tools/probe.ts', "import { explain as x } from '../../service/host/kindFacts';"],
  ['server/src/mcp/probe.ts', "import { checkRun as x } from '../cli/checkRun';"],
  ['server/src/generate/probe.ts', "import { CODES as x } from '../service/core/codes';"],
  ['server/src/service/core/probe.ts', "import { LineIndex as x } from './lineIndex';"],
  ['server/src/service/checks/probe.ts', "import { parseFile as x } from '../core/parse';"],
  ['server/src/service/checks/crd/rules/library/probe.ts', "import { memoKey as x } from '../../../../core/memo';"],
  ['server/src/service/workspace/kustomize/probe.ts', "import { validateFile as x } from '../../checks/validate';"],
  ['server/src/service/workspace/probe.ts', "import { LineIndex as x } from '../core/lineIndex';"],
  ['server/src/service/features/probe.ts', "import { checkFile as x } from '../workspace/checks';"],
  ['server/src/service/probe.ts', "import { complete as x } from './features/complete';"],
  ['server/src/service/host/probe.ts', "import { complete as x } from '../features/complete';"],
  ['client/src/probe.ts', "import { OWNER_GRAPH as x } from '../../server/src/protocol/customRequests';"],
];

test('an import across a layer boundary fails the lint', async () => {
  for (const [file, code] of FORBIDDEN) assert.equal((await problems(file, code)).length, 1, `${file}: ${code}`);
});

test('imports along the layers pass', async () => {
  for (const [file, code] of ALLOWED) assert.deepEqual(await problems(file, code), [], `${file}: ${code}`);
});

const SERVICE = join(__dirname, '..', '..', 'server', 'src', 'service');
const INNER = ['core', 'checks', 'workspace', 'features'];
const folders = (dir: string): string[] => [
  dir,
  ...readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? folders(join(dir, e.name)) : [])),
];

test("every folder of an inner layer refuses an import of the layer above it (the lint's patterns cover its depth)", async () => {
  for (const [i, layer] of INNER.entries()) {
    const above = INNER[i + 1] ?? 'analysis';
    for (const dir of folders(join(SERVICE, layer))) {
      const rel = relative(SERVICE, dir);
      const up = '../'.repeat(rel.split('/').length);
      const file = `server/src/service/${rel}/probe.ts`;
      const code = `import { x } from '${up}${above}/probe';`;
      assert.equal((await problems(file, code)).length, 1, `${file}: ${code}`);
    }
  }
});

/** Messages of the no-module-state rule (eslint.config.mjs) for one file's text. */
async function stateProblems(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const STATEFUL: [string, string][] = [
  ['server/src/service/probe.ts', 'let x = 0;'],
  ['server/src/service/probe.ts', 'export let x: string | undefined;'],
  ['server/src/service/workspace/probe.ts', 'const x = new Map<string, number>();'],
  ['server/src/service/probe.ts', 'const x = new Set<string>();'],
  ['server/src/service/checks/embedded/probe.ts', 'class Cache {}\nconst x = new Cache();'],
  ['server/src/service/probe.ts', 'const x: string[] = [];'],
  ['server/src/model/probe.ts', 'let x = 1;'],
  ['server/src/model/probe.ts', 'const x = new Map<string, RegExp>();'],
  // An inline disable comment has no effect there (noInlineConfig): an exception goes in eslint.config.mjs.
  ['server/src/service/probe.ts', '// eslint-disable-next-line no-restricted-syntax\nlet x = 0;'],
];

const STATELESS: [string, string][] = [
  ['server/src/service/probe.ts', "const x: ReadonlySet<string> = new Set(['a', 'b']);"],
  ['server/src/service/probe.ts', 'const x = new WeakMap<object, number>();'],
  ['server/src/service/probe.ts', "const x = ['a', 'b'];"],
  ['server/src/service/probe.ts', 'function f() {\n  let n = 0;\n  return n++;\n}\nconst x = f;'],
  ['server/src/lsp/probe.ts', 'let x = 0;'],
  ['server/src/cli/probe.ts', 'const x = new Map<string, number>();'],
];

test('a module-level `let` or mutable cache in service/ or model/ fails the lint', async () => {
  for (const [file, code] of STATEFUL) assert.equal((await stateProblems(file, code)).length, 1, `${file}: ${code}`);
});

test('constant tables, WeakMap memos, function locals and state outside the pure layers pass', async () => {
  for (const [file, code] of STATELESS) assert.deepEqual(await stateProblems(file, code), [], `${file}: ${code}`);
});
