// Diagnostic messages leave the service as plain text (LSP `Diagnostic.message`, CLI lines): code spans become
// quotes, emphasis goes; markdown stays for hover. One conversion, at the boundary (lspDiagnostic.ts, cli/buildReport.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostic';
import { parseFile } from '../../server/src/service/core/parse';
import { plainText } from '../../server/src/service/core/plainText';
import { validateFile } from '../../server/src/service/checks/validate';

test('plainText: code spans become quotes, emphasis and escapes go', () => {
  assert.equal(
    plainText('`spec.sku.name` does not allow "X"; allowed: `A` or `B`.'),
    `'spec.sku.name' does not allow "X"; allowed: 'A' or 'B'.`,
  );
  assert.equal(plainText('**Required** and \\*literal\\*'), 'Required and *literal*');
  assert.equal(plainText('a ``x`y`` b'), "a 'x`y' b");
  assert.equal(plainText('`` `tick` ``'), "'`tick`'");
  assert.equal(plainText('subject `/a/*/b` has a wildcard'), "subject '/a/*/b' has a wildcard");
  assert.equal(plainText('an unclosed ` stays'), 'an unclosed ` stays');
});

test('an LSP diagnostic message has no markdown; the service message keeps it', () => {
  const file = parseFile(
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: stx01\nspec:\n  locaton: westus\n',
  );
  const d = validateFile(file).find((x) => x.code === 'unknown-field')!;
  assert.match(d.message, /`spec` has no field `locaton`/);
  const lsp = toLspDiagnostic(file, d);
  assert.doesNotMatch(String(lsp.message), /`|\*\*/);
  assert.match(
    String(lsp.message),
    /^'spec' has no field 'locaton'\. Did you mean 'location' \(required, and missing\)\?/,
  );
});

test('the unknown-field message names the nearest fields and where the whole list is, not 15 of them', () => {
  const file = parseFile(
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: stx01\nspec:\n  acesTier: Hot\n  sku:\n    capacity: 1\n',
  );
  const msgs = validateFile(file)
    .filter((x) => x.code === 'unknown-field')
    .map((x) => plainText(x.message));
  assert.deepEqual(msgs, [
    "'spec' has no field 'acesTier'. Nearest names: 'accessTier', 'identity', 'location', 'owner' or 'encryption' (32 fields in all; completion on this key lists them).",
    "'spec.sku' has no field 'capacity'. Allowed: 'name' or 'tier'.",
  ]);
});
