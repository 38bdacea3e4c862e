// The lint's import boundaries (eslint.config.mjs) encode the layers of ARCHITECTURE.md: an import across a
// boundary fails the lint, one along the layers passes. Each case lints one line as if it were a file of
// that folder (nothing is written).
import assert from 'node:assert/strict';
import { join } from 'node:path';
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
];

const ALLOWED: [string, string][] = [
  ['server/src/model/probe.ts', "import { allKinds as x } from './registry';"],
  ['server/src/service/probe.ts', "import { allKinds as x } from '../model/registry';"],
  ['server/src/service/probe.ts', "import type { GraphNode as x } from '../protocol/customRequests';"],
  ['server/src/lsp/probe.ts', "import { hover as x } from '../service/hover';"],
  ['server/src/lsp/probe.ts', "import { decodeText as x } from '../io/files';"],
  ['server/src/cli/probe.ts', "import { validateFile as x } from '../service/validate';"],
  ['server/src/generate/probe.ts', "import { CODES as x } from '../service/codes';"],
  ['client/src/probe.ts', "import { OWNER_GRAPH as x } from '../../server/src/protocol/customRequests';"],
];

test('an import across a layer boundary fails the lint', async () => {
  for (const [file, code] of FORBIDDEN) assert.equal((await problems(file, code)).length, 1, `${file}: ${code}`);
});

test('imports along the layers pass', async () => {
  for (const [file, code] of ALLOWED) assert.deepEqual(await problems(file, code), [], `${file}: ${code}`);
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
  ['server/src/service/embedded/probe.ts', 'class Cache {}\nconst x = new Cache();'],
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
