// Fix data as the editor gets it: a candidate with the usual title ("Change to `x`") is sent as its text
// alone, and read back as it was when the editor sends the diagnostic with a code action request; any other
// candidate (a quoted text under a plain title, another title) is sent whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostic';
import { parseFile } from '../../server/src/service/core/parse';
import { readFixData, type FixData } from '../../server/src/service/core/fixData';
import { validateFile } from '../../server/src/service/checks/validate';

const text = [
  'apiVersion: storage.cloud.example.com/v20220901',
  'kind: StorageAccount',
  'metadata:',
  '  name: acct',
  'spec:',
  '  location: westus',
  '  kind: StorageV2',
  '  sku:',
  '    name: Standard_LRS',
  '  owner:',
  '    name: rg',
  '  minimumTlsVersion: TLS1_9',
  '  accessTier: hot',
  '',
].join('\n');

test('a published fix candidate with the usual title is its text alone, and reads back as it was', () => {
  const file = parseFile(text);
  const diags = validateFile(file).filter((d) => d.data);
  assert.ok(diags.length >= 2, 'an enum value and a case to correct');
  const tls = diags.find((d) => d.code === 'enum-value')!;
  const lsp = toLspDiagnostic(file, tls);
  const sent = JSON.parse(JSON.stringify(lsp.data)) as { candidates: unknown[] };
  assert.deepEqual(sent.candidates, ['TLS1_2', 'TLS1_1', 'TLS1_0']);
  // Shorter than the data it stands for, and read back to it.
  assert.ok(JSON.stringify(lsp.data).length < JSON.stringify(tls.data).length);
  for (const d of diags)
    assert.deepEqual(readFixData(JSON.parse(JSON.stringify(toLspDiagnostic(file, d).data))), d.data, d.code);
});

test('a candidate whose title is not the usual one for its text is sent whole', () => {
  const data: FixData = {
    fix: 'replace',
    span: [0, 3],
    candidates: [
      { title: 'Change to `yes`', text: '"yes"' },
      { title: 'Change to `a`b`', text: 'a`b' },
      { title: 'Quote it', text: '"x"' },
    ],
  };
  const lsp = toLspDiagnostic(
    { lines: { range: () => ({ start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }) } },
    { code: 'enum-value', message: 'not allowed', start: 0, end: 3, data },
  );
  const sent = JSON.parse(JSON.stringify(lsp.data)) as { candidates: unknown[] };
  assert.deepEqual(sent.candidates, [data.candidates[0], 'a`b', data.candidates[2]]);
  assert.deepEqual(readFixData(sent), data);
});
