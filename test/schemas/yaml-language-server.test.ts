// The generated schemas work with yaml-language-server (the peer users already have) through a
// `# yaml-language-server: $schema=` modeline, as docs/other-editors.md shows: a valid manifest gets no
// diagnostics, a wrong enum, a wrong type and a missing required field are reported.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { createProtocolConnection, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { serverReader } from '../e2e/lspClient';

const repo = join(__dirname, '..', '..');
const bin = join(repo, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const dir = mkdtempSync(join(tmpdir(), 'yls-modeline-'));
const schema = relative(dir, join(repo, 'schemas', 'storage', 'v20220901', 'StorageAccount.json'));

const proc = spawn(process.execPath, [bin, '--stdio'], { stdio: 'pipe' });
const conn = createProtocolConnection(serverReader(proc.stdout), new StreamMessageWriter(proc.stdin));
const published = new Map<string, PublishDiagnosticsParams>();
const waiting = new Map<string, (p: PublishDiagnosticsParams) => void>();
conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
  published.set(p.uri, p);
  waiting.get(p.uri)?.(p);
});
conn.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
  params.items.map((i) => (i.section === 'yaml' ? { validate: true, hover: true, completion: true, schemaStore: { enable: false } } : {})),
);
conn.onRequest('client/registerCapability', () => null);
conn.onNotification('window/logMessage', () => undefined);
conn.listen();

before(async () => {
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: { workspace: { configuration: true } } });
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: { validate: true, schemaStore: { enable: false } } } });
});
after(() => {
  conn.dispose();
  proc.kill();
});

const example = readFileSync(join(repo, 'examples', 'storage', 'account.yaml'), 'utf8').split(/^---$/m)[0];

async function diagnosticsOf(name: string, body: string) {
  const file = join(dir, name);
  const text = `# yaml-language-server: $schema=${schema}\n${body}`;
  writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  // The peer publishes once on open and may publish again after resolving the schema: take the last.
  const done = new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    waiting.set(uri, () => {
      clearTimeout(timer);
      timer = setTimeout(resolve, 1500);
    });
  });
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await Promise.race([done, new Promise((r) => setTimeout(r, 15000))]);
  return published.get(uri)?.diagnostics ?? [];
}

test('a valid StorageAccount gets no diagnostics from yaml-language-server', { timeout: 30000 }, async () => {
  assert.match(example, /kind: StorageAccount/);
  const diags = await diagnosticsOf('valid.yaml', example);
  assert.deepEqual(diags.map((d) => d.message), []);
});

test('yaml-language-server reports a wrong enum, a wrong type and a missing required field', { timeout: 30000 }, async () => {
  const bad = example
    .replace(/name: Standard_\w+/, 'name: Standard_XYZ')
    .replace(/^(\s+)isHnsEnabled: \w+$/m, '$1isHnsEnabled: "sometimes"')
    .replace(/^ {2}location: .*\n/m, '');
  assert.notEqual(bad, example);
  const diags = await diagnosticsOf('invalid.yaml', bad);
  const text = diags.map((d) => d.message).join('\n');
  assert.match(text, /Standard_LRS|Value is not accepted/i, text);
  assert.match(text, /location/, text);
  assert.match(text, /Incorrect type|boolean/i, text);
});
