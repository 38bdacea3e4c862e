// Diagnostics serialised once (lsp/diagnosticJson.ts): a publish is written byte for byte as JSON.stringify
// writes it, each diagnostic's range afresh and the rest from its first serialisation, so an edit of a large
// file does not serialise again the diagnostics of the documents it left alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostic';
import { diagnosticsEncoder, messageJson } from '../../server/src/lsp/diagnosticJson';
import { Analysis } from '../../server/src/service/analysis';
import type { Diag } from '../../server/src/service/core/diag';
import type { FixData } from '../../server/src/service/core/fixData';

const account = (name: string, tls: string, tier = 'Hot') =>
  [
    '---',
    'apiVersion: storage.cloud.example.com/v20220901',
    'kind: StorageAccount',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  location: westeurope',
    `  accessTier: ${tier}`,
    `  minimumTlsVersion: ${tls}`,
    '',
  ].join('\n');

/** A publish as vscode-jsonrpc hands it to the writer. */
const publish = (diagnostics: unknown[], version?: number) => ({
  jsonrpc: '2.0',
  method: 'textDocument/publishDiagnostics',
  params: {
    uri: 'file:///w/a "quoted" \u00e9 \ud83d\ude00.yaml',
    ...(version !== undefined ? { version } : {}),
    diagnostics,
  },
});

test('a publish is written as JSON.stringify writes it: fix data, odd characters, foreign diagnostics', async () => {
  const analysis = new Analysis();
  const text = [
    account('a\u00e9\ud83d\ude00', 'TLS1_9'),
    account('b"q"\\', 'TLS1_2', 'Warm'),
    account('c', 'TLS1_0\t# \u2028 sep'),
  ].join('');
  const file = analysis.parse(text);
  const diags = analysis.fileDiagnostics('file:///w/a.yaml', file);
  assert.ok(diags.length >= 2, 'the texts have problems');
  assert.ok(
    diags.some((d) => d.data),
    'some carry fix data',
  );
  const lsp = diags.map((d) => toLspDiagnostic(file, d));
  // Not made here: written by JSON.stringify as they are.
  const foreign: Diagnostic = {
    range: { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } },
    message: 'x',
  };
  for (const msg of [
    publish(lsp, 3),
    publish([...lsp, foreign]),
    publish([]),
    { jsonrpc: '2.0', id: 1, result: lsp },
  ]) {
    // Twice: the second time from what the first kept.
    assert.equal(messageJson(msg), JSON.stringify(msg));
    assert.equal(messageJson(msg), JSON.stringify(msg));
    const bytes = await diagnosticsEncoder.encode(msg, { charset: 'utf-8' });
    assert.equal(Buffer.from(bytes).toString('utf8'), JSON.stringify(msg));
  }
});

test('a diagnostic kept across publishes is written with its range of now, and is not serialised again', () => {
  let serialised = 0;
  // Fix data that counts how often it is serialised.
  const data = { fix: 'replace', toJSON: () => (serialised++, { fix: 'replace' }) } as unknown as FixData;
  const d: Diag = { code: 'enum-value', message: 'not allowed', start: 10, end: 14, data };
  const at = (line: number) => ({
    lines: { range: () => ({ start: { line, character: 4 }, end: { line, character: 8 } }) },
  });
  const first = toLspDiagnostic(at(1), d);
  const msg1 = publish([first], 1);
  assert.equal(messageJson(msg1), JSON.stringify(msg1));
  assert.equal(serialised, 2, 'JSON.stringify above serialised it once, messageJson once');
  // Lines inserted above it: the same diagnostic, further down.
  const moved = toLspDiagnostic(at(7), d);
  const msg2 = publish([moved], 2);
  const written = messageJson(msg2);
  assert.equal(serialised, 2, 'its fix data and message were not serialised again');
  assert.deepEqual(JSON.parse(written).params.diagnostics[0].range, {
    start: { line: 7, character: 4 },
    end: { line: 7, character: 8 },
  });
  assert.equal(written, JSON.stringify(msg2));
  // A diagnostic whose message or severity changed is converted anew.
  const reworded = toLspDiagnostic(at(7), { ...d, message: 'reworded', data: undefined });
  assert.equal(messageJson(publish([reworded])), JSON.stringify(publish([reworded])));
  assert.equal(reworded.message, 'reworded');
});

test('a diagnostic once converted cannot be changed behind the JSON kept for it', () => {
  const d: Diag = { code: 'enum-value', message: 'not allowed', start: 0, end: 1 };
  const lsp = toLspDiagnostic(
    { lines: { range: () => ({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }) } },
    d,
  );
  assert.throws(() => {
    (lsp as { message: string }).message = 'changed';
  }, TypeError);
});
