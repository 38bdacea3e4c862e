// Runs every YAML fixture under test/fixtures/diagnostics: the diagnostics the service reports must be
// exactly the ones written inline (code, line, columns and, where given, severity), no more, no less.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { actualDiagnostics, compared, fmt, readExpectations } from '../expectations';
import { yamlFiles } from '../helpers/files';

const root = join(__dirname, '..', 'fixtures', 'diagnostics');

for (const file of yamlFiles(root)) {
  test(`diagnostics: ${relative(root, file)}`, () => {
    const text = readFileSync(file, 'utf8');
    const expected = readExpectations(text);
    const actual = actualDiagnostics(text);
    const { got, want } = compared(expected, actual);
    assert.deepEqual(got, want, `messages:\n${actual.map((a) => `  ${fmt(a)}: ${a.message}`).join('\n')}`);
    for (const a of actual) {
      assert.ok(a.message.length > 20 && /`/.test(a.message), `message names the field: ${a.message}`);
    }
  });
}
