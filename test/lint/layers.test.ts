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
  ['client/src/probe.ts', "import { hover as x } from '../../server/src/service/hover';"],
  ['client/src/probe.ts', "import { startServer as x } from '../../server/src/lsp/startServer';"],
];

const ALLOWED: [string, string][] = [
  ['server/src/model/probe.ts', "import { allKinds as x } from './registry';"],
  ['server/src/service/probe.ts', "import { allKinds as x } from '../model/registry';"],
  ['server/src/service/probe.ts', "import type { GraphNode as x } from '../protocol/requests';"],
  ['server/src/lsp/probe.ts', "import { hover as x } from '../service/hover';"],
  ['server/src/lsp/probe.ts', "import { decodeText as x } from '../io/files';"],
  ['server/src/cli/probe.ts', "import { validateFile as x } from '../service/validate';"],
  ['server/src/generate/probe.ts', "import { CODES as x } from '../service/codes';"],
  ['client/src/probe.ts', "import { OWNER_GRAPH as x } from '../../server/src/protocol/requests';"],
];

test('an import across a layer boundary fails the lint', async () => {
  for (const [file, code] of FORBIDDEN) assert.equal((await problems(file, code)).length, 1, `${file}: ${code}`);
});

test('imports along the layers pass', async () => {
  for (const [file, code] of ALLOWED) assert.deepEqual(await problems(file, code), [], `${file}: ${code}`);
});
