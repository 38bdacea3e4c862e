// The editor, the CLI and the MCP server see the host through one small interface (issue 46): its members are
// counted here, and only `apply` and `work` change anything (the lint refuses an import of the classes behind
// it: layers.test.ts). A new member is a decision, taken by changing the list below.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/** The members of an interface of a file, by name. */
function membersOf(file: string, name: string): string[] {
  const path = join(ROOT, file);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  assert.ok(found, `interface ${name} in ${file}`);
  return found.members.map((m) => (m.name && ts.isIdentifier(m.name) ? m.name.text : '?'));
}

test('lsp/, cli/ and mcp/ hold a host interface of at most 15 members, two of which write', () => {
  const members = membersOf('server/src/service/host/hostApi.ts', 'Host');
  assert.ok(members.length <= 15, `${members.length} members: ${members.join(', ')}`);
  // The writers: `apply` (every change of the inputs) and `work` (what changes left to do, in slices).
  const WRITERS = ['apply', 'work'];
  const QUERIES = [
    'diagnostics',
    'largeFileSteps',
    'completion',
    'hover',
    'file',
    'files',
    'status',
    'settings',
    'factsSetup',
    'templateSteps',
    'parse',
    'readOnce',
    'overlay',
  ];
  assert.deepEqual([...members].sort(), [...WRITERS, ...QUERIES].sort());
});
