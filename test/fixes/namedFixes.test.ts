// The fixes a message names, offered where it names them: inside PromQL and CEL in every scalar style (the
// edit placed through the position map and written in the scalar's own quoting), the missing `key` of a
// destination expression, the one `kind` an apiVersion has; and the empty placeholder the missing-field fix
// writes, flagged until it is filled. Each is applied and validated again (verify.ts: parses, the
// diagnostic gone, nothing new).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDocument } from 'yaml';
import { lspCodeActions } from '../../server/src/lsp/codeActionRequests';
import { plainActions } from './plainActions';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostic';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

/** The action titled `title` for a diagnostic of `code`, applied and verified; the new text. */
function apply(text: string, code: string, title: string): string {
  const file = parseFile(text);
  const diags = validateFile(file);
  const mine = diags.filter((d) => d.code === code);
  assert.ok(mine.length > 0, `no ${code} in:\n${text}\n${diags.map((d) => d.code).join(', ')}`);
  const actions = codeActions(file, mine);
  const a = actions.find((x) => x.title === title);
  assert.ok(a, `no "${title}" among ${actions.map((x) => x.title).join(' | ')}`);
  assert.deepEqual(verifyAction(text, diags, a), []);
  return applyEdits(text, a.edits);
}

const RULES =
  'apiVersion: alertsmanagement.cloud.example.com/v20230301\nkind: PrometheusRuleGroup\nmetadata:\n  name: g\nspec:\n  location: westeurope\n  owner:\n    name: rg\n  scopesReferences:\n    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Provider.Monitor/accounts/amw\n  rules:\n    - alert: A\n      expression: ';

const STORE =
  'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: st\nspec:\n  location: westus\n  owner:\n    name: rg\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  operatorSpec:\n    configMapExpressions:\n      - name: c\n        key: k\n        value: ';

/** The decoded `expression`/`value` of the first rule or destination after the fix. */
const valueOf = (text: string, path: (string | number)[]) => parseDocument(text).getIn(path);
const EXPR = ['spec', 'rules', 0, 'expression'];
const CEL = ['spec', 'operatorSpec', 'configMapExpressions', 0, 'value'];

/** The same expression in each scalar style, as it follows `key: ` at an item's indentation of 8. */
const STYLES: [string, (e: string) => string][] = [
  ['plain', (e) => e],
  ['single-quoted', (e) => `'${e.replace(/'/g, "''")}'`],
  ['double-quoted', (e) => JSON.stringify(e)],
  ['literal block', (e) => `|\n          ${e}`],
  ['folded block', (e) => `>-\n          ${e}`],
];

describe('fixes named by PromQL messages, in every scalar style', () => {
  for (const [style, write] of STYLES) {
    test(`rate(x) gets a range: rate(x[5m]) (${style})`, () => {
      const text = RULES + write('sum(rate(http_requests_total{code="500"})) > 1') + '\n';
      const fixed = apply(text, 'promql-arguments', 'Add the range `[5m]`');
      assert.equal(String(valueOf(fixed, EXPR)).trim(), 'sum(rate(http_requests_total{code="500"}[5m])) > 1');
    });
    test(`an unknown function becomes the nearest one (${style})`, () => {
      const text = RULES + write('rte(up[5m]) > 0') + '\n';
      const fixed = apply(text, 'promql-unknown-function', 'Change to `rate`');
      assert.equal(String(valueOf(fixed, EXPR)).trim(), 'rate(up[5m]) > 0');
    });
  }
});

describe('fixes named by CEL messages, in every scalar style', () => {
  for (const [style, write] of STYLES) {
    test(`a field with a did-you-mean is renamed (${style})`, () => {
      const text = STORE + write('self.spec.locaton + "-x"') + '\n';
      const fixed = apply(text, 'cel-unknown-field', 'Change to `location`');
      assert.equal(String(valueOf(fixed, CEL)).trim(), 'self.spec.location + "-x"');
    });
  }
  test('an unknown method with a near one is renamed', () => {
    const text = STORE + 'self.spec.location.upperAsci()\n';
    const fixed = apply(text, 'cel-unknown-function', 'Change to `upperAscii`');
    assert.equal(valueOf(fixed, CEL), 'self.spec.location.upperAscii()');
  });
  test('a string result without `key` gets one named after the field selected', () => {
    const text =
      STORE.replace('        key: k\n', '') +
      'self.status.primaryEndpoints.blob\n      - name: d\n        key: e\n        value: self.spec.location\n';
    const fixed = apply(text, 'cel-key', 'Add `key: blob`');
    assert.ok(
      fixed.includes('        value: self.status.primaryEndpoints.blob\n        key: blob\n      - name: d'),
      fixed,
    );
  });
  test('a string result without `key`, CRLF and the last line of the file', () => {
    const text = (STORE.replace('        key: k\n', '') + 'self.spec.location').replace(/\n/g, '\r\n');
    const fixed = apply(text, 'cel-key', 'Add `key: location`');
    assert.ok(fixed.endsWith('value: self.spec.location\r\n        key: location'), JSON.stringify(fixed));
  });
});

describe('the envelope', () => {
  test('a missing kind where the apiVersion has one kind: it is added, and the manifest is checked', () => {
    const text =
      'apiVersion: resources.cloud.example.com/v20200601\nmetadata:\n  name: rg\nspec:\n  location: westus\n';
    const fixed = apply(text, 'missing-required', 'Add `kind: ResourceGroup`');
    assert.equal(fixed, text.replace('\nmetadata', '\nkind: ResourceGroup\nmetadata'));
    assert.deepEqual(validateFile(parseFile(fixed)), []);
  });
  test('a missing kind where the apiVersion has several: no guess', () => {
    const text = 'apiVersion: storage.cloud.example.com/v20220901\nmetadata:\n  name: st\n';
    const file = parseFile(text);
    const diags = validateFile(file);
    assert.deepEqual(
      codeActions(file, diags).map((a) => a.title),
      ['Disable missing-required for this line'],
    );
  });
});

describe('placeholders', () => {
  test('the empty string the missing-field fix writes is flagged until it is filled', () => {
    const text =
      'apiVersion: resources.cloud.example.com/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  tags:\n    team: sre\n';
    const file = parseFile(text);
    const missing = validateFile(file).find((d) => d.code === 'missing-required');
    assert.ok(missing, 'location is required');
    const a = codeActions(file, [missing]).find((x) => x.title.startsWith('Add the missing field'));
    assert.ok(a);
    const fixed = applyEdits(text, a.edits);
    assert.ok(fixed.includes('location: ""'), fixed);
    const after = validateFile(parseFile(fixed));
    assert.deepEqual(
      after.map((d) => [d.code, d.severity ?? 'default', fixed.slice(d.start, d.end)]),
      [['placeholder-value', 'default', '""']],
    );
    assert.match(after[0].message, /^`spec\.location` is empty: write its value, e\.g\. `westus`/);
    assert.deepEqual(validateFile(parseFile(fixed.replace('location: ""', 'location: westus'))), []);
  });
});

describe('fix titles over LSP', () => {
  test('are plain text: code names quoted, no backticks', () => {
    const text = RULES + 'rate(up) > 0\n';
    const file = parseFile(text);
    const diagnostics = validateFile(file).map((d) => toLspDiagnostic(file, d));
    const d = diagnostics.find((x) => x.code === 'promql-arguments')!;
    const titles = lspCodeActions(
      plainActions(file),
      { textDocument: { uri: 'file:///r.yaml' }, range: d.range, context: { diagnostics: [d] } },
      { version: 1, documentChanges: false },
    ).map((a) => a.title);
    assert.deepEqual(titles, ["Add the range '[5m]'", 'Disable promql-arguments for this line']);
  });
});
