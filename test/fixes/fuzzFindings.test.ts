// The findings of the fuzzing in issue 21 (quick fixes and embedded-language results under random edits),
// each as a fixed case named for it. oddText.test.ts keeps looking for more.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { complete } from '../../server/src/service/features/complete';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile, type Diag } from '../../server/src/service/checks/validate';
import { checkFile } from '../../server/src/service/workspace/checks';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: fuzzstore
spec:
  location: westus
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;
const RULES = (expression: string) => `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: fuzz-rules
spec:
  location: westus2
  owner:
    name: rg
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Provider.Monitor/accounts/m
  rules:
    - alert: A
      expression: ${expression}`;

const actions = (text: string, code: string) => {
  const file = parseFile(text);
  const diags = validateFile(file);
  const d = diags.find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${JSON.stringify(text)}: ${diags.map((x) => x.code).join(', ')}`);
  return { file, diags, d, all: codeActions(file, diags).filter((a) => a.diag === d) };
};
const data = (text: string) => JSON.stringify(parseAllDocuments(text).map((d) => d.toJS()));
const errors = (text: string) => parseAllDocuments(text).reduce((n, d) => n + d.errors.length, 0);
const count = (text: string, d: Diag) =>
  validateFile(parseFile(text)).filter((x) => x.code === d.code && x.message === d.message).length;

describe('issue 21 fuzz findings: quick fixes', () => {
  test('a lone CR elsewhere in the file: "Disable" ends its comment with LF and swallows no line', () => {
    // The CR is inside a comment (YAML reads `# note\rmore` as one comment line).
    const text = ACCOUNT.replace('metadata:', '# note\rmore\nmetadata:').replace('Standard_LRS', 'Standard_XYZ');
    const { d, all } = actions(text, 'enum-value');
    const disable = all.find((a) => a.title.startsWith('Disable'))!;
    assert.match(disable.edits[0].newText, /enum-value\n$/);
    const after = applyEdits(text, disable.edits);
    assert.equal(data(after), data(text), 'the same data: the next line is still a key');
    assert.equal(count(after, d), 0, 'silenced');
  });

  test('a lone CR elsewhere in the file: inserted missing fields end their lines with LF', () => {
    const text = ACCOUNT.replace('metadata:', '# note\rmore\nmetadata:').replace('  location: westus\n', '');
    const { all } = actions(text, 'missing-required');
    const add = all.find((a) => a.title.startsWith('Add'))!;
    assert.ok(add, all.map((a) => a.title).join(' | '));
    assert.doesNotMatch(add.edits.map((e) => e.newText).join(''), /\r/);
    const after = applyEdits(text, add.edits);
    assert.equal(errors(after), 0);
    assert.ok('location' in (parseAllDocuments(after)[0].toJS() as { spec: object }).spec);
  });

  test('"Remove" never turns `\\r---` into a new document', () => {
    // `# gone\r---` is one comment to YAML: removing the entry removes its whole line, the `---` with it.
    const text = ACCOUNT.replace('  kind: StorageV2\n', '  bogusfield: 1 # gone\r---\n  kind: StorageV2\n');
    assert.equal(parseAllDocuments(text).length, 1);
    const { d, all } = actions(text, 'unknown-field');
    const remove = all.find((a) => a.title.startsWith('Remove'))!;
    assert.ok(remove, all.map((a) => a.title).join(' | '));
    const after = applyEdits(text, remove.edits);
    assert.equal(parseAllDocuments(after).length, 1, JSON.stringify(after));
    assert.equal(errors(after), 0);
    assert.equal(count(after, d), 0);
  });

  test('"Disable" silences a zero-width diagnostic: an empty key', () => {
    const text = ACCOUNT.replace('  kind: StorageV2\n', '  : x\n  kind: StorageV2\n');
    const { d, all } = actions(text, 'unknown-field');
    assert.ok(d.end > d.start, 'shown on the `:` of its own line');
    assert.equal(text[d.start], ':');
    const after = applyEdits(text, all.find((a) => a.title.startsWith('Disable'))!.edits);
    assert.equal(count(after, d), 0);
    assert.equal(data(after), data(text));
  });

  test('"Disable" silences a zero-width diagnostic: an empty block scalar at the end of the file', () => {
    const text = RULES('|\n');
    const { d, all } = actions(text, 'promql-syntax');
    assert.equal(text.slice(d.start, d.end), '|', 'shown on the indicator');
    const after = applyEdits(text, all.find((a) => a.title.startsWith('Disable'))!.edits);
    assert.equal(count(after, d), 0);
    assert.equal(data(after), data(text));
  });

  test('"Disable" is not offered above a `[]:` key, where the comment would break a document that parsed', () => {
    const text = `${ACCOUNT}[]:\n`;
    assert.equal(errors(text), 0);
    const file = parseFile(text);
    const diags = validateFile(file);
    for (const a of codeActions(file, diags)) {
      const after = applyEdits(text, a.edits);
      assert.equal(errors(after), 0, `${a.title} breaks the YAML`);
    }
  });

  // A queue service and, in the next document, queues it owns.
  const QUEUES = `apiVersion: storage.cloud.example.com/v20220901
kind: StrageAccountsQueueService
metadata:
  name: appstore-queue
spec:
  owner:
    name: appstore
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsQueueServicesQueue
metadata:
  name: orders
spec:
  owner:
    name: appstore-queue
`;
  const crossErrors = (text: string) => {
    const index = createWorkspaceIndex();
    index.set('file:///ws/q.yaml', parseFile(text));
    // (owner-kind: an owner name that names manifests of another kind only.)
    return checkFile(index, 'file:///ws/q.yaml', { complete: false }).filter((d) => d.code === 'owner-kind');
  };

  test('a non-preferred "Change to …" kind is not offered when it makes owner-kind Errors in another document', () => {
    const { all } = actions(QUEUES, 'unknown-kind');
    const titles = all.map((a) => a.title);
    assert.ok(titles.includes('Change to `StorageAccountsQueueService`'), titles.join(' | '));
    for (const a of all) assert.deepEqual(crossErrors(applyEdits(QUEUES, a.edits)), [], a.title);
    assert.ok(!titles.includes('Change to `StorageAccountsFileService`'), titles.join(' | '));
  });

  test('fix-all adds no owner-kind Error in another document', () => {
    // One near kind only (the group has one), so fix-all takes it: a rule group named like the resource
    // group the account of the next document is owned by.
    const text = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGrop
metadata:
  name: rg
spec:
  location: westus2
  owner:
    name: rg-other
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Provider.Monitor/accounts/m
  rules:
    - alert: A
      expression: up == 0
---
${ACCOUNT}`;
    const file = parseFile(text);
    const diags = validateFile(file);
    assert.ok(diags.some((d) => d.code === 'unknown-kind'));
    assert.deepEqual(crossErrors(text), []);
    const after = applyEdits(text, fixAllEdits(file, diags));
    assert.deepEqual(crossErrors(after), []);
  });
});

describe('issue 21 fuzz findings: PromQL and CEL ranges and completion', () => {
  const inside = (text: string, at: number) =>
    (text[at - 1] === '\r' && text[at] === '\n') ||
    (/[\uD800-\uDBFF]/.test(text[at - 1] ?? '') && /[\uDC00-\uDFFF]/.test(text[at] ?? ''));

  const CEL = (value: string) => `${ACCOUNT}  operatorSpec:
    secretExpressions:
      - name: s
        key: k
        value: ${value}`;
  const cel = (text: string) => validateFile(parseFile(text)).filter((d) => d.code.startsWith('cel'));

  test('a CEL range over a whole CRLF literal block never ends between CR and LF', () => {
    // The whole expression is the problem: its range ends after the kept line break, a CRLF.
    const text = CEL('|\n          size(self.spec.location) > 3\n').replace(/\n/g, '\r\n');
    const ds = cel(text);
    assert.ok(ds.some((d) => d.code === 'cel-result-type'));
    for (const d of ds) assert.ok(!inside(text, d.start) && !inside(text, d.end), `${d.code} ${d.start}:${d.end}`);
  });

  test('a CEL range never splits a surrogate pair, and its message quotes no lone surrogate', () => {
    for (const value of ['self.😀\n', '😀\n', 'self.spec.locaton😀\n']) {
      const text = CEL(value);
      const ds = cel(text);
      assert.ok(ds.length > 0, value);
      for (const d of ds) {
        assert.ok(!inside(text, d.start) && !inside(text, d.end), `${value}: ${d.start}:${d.end} ${d.message}`);
        assert.doesNotMatch(d.message, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
    }
  });

  test('`expression: |` at the end of a file without a line break: a range of numbers, on the indicator', () => {
    const text = RULES('|');
    const d = validateFile(parseFile(text)).find((x) => x.code === 'promql-syntax');
    assert.ok(d);
    assert.ok(Number.isInteger(d.start) && Number.isInteger(d.end), `${d.start}:${d.end}`);
    assert.equal(text.slice(d.start, d.end), '|');
  });

  const editsAt = (text: string, offset: number) => {
    const file = parseFile(text);
    return complete(file, offset).flatMap((i) =>
      i.textEdit && 'range' in i.textEdit
        ? [[file.lines.offsetAt(i.textEdit.range.start), file.lines.offsetAt(i.textEdit.range.end)]]
        : [],
    );
  };
  for (const [name, text, cursorAfter] of [
    ['on the block header', RULES('|\n        sum(x)\n'), 'expression: |'],
    ['in the indentation', RULES('|\n        sum(x)\n'), 'expression: |\n    '],
    ['just after the closing quote', RULES('"sum(x)"\n'), '"sum(x)"'],
    ['inside a surrogate pair', RULES('sum(x) + 😀\n'), 'sum(x) + \uD83D'],
  ] as const)
    test(`completion in PromQL with the cursor ${name}: no edit that does not contain the cursor`, () => {
      const cursor = text.lastIndexOf(cursorAfter) + cursorAfter.length;
      for (const [s, e] of editsAt(text, cursor)) {
        assert.ok(s <= cursor && cursor <= e, `${s}:${e} misses ${cursor}`);
        assert.ok(!inside(text, s) && !inside(text, e), `${s}:${e} splits a character`);
      }
    });

  test('completion inside PromQL still offers functions where the cursor is between two characters', () => {
    const text = RULES('su\n');
    const cursor = text.lastIndexOf('su') + 2;
    const labels = complete(parseFile(text), cursor).map((i) => i.label);
    assert.ok(labels.includes('sum'), labels.join(', '));
    for (const [s, e] of editsAt(text, cursor)) assert.deepEqual([s, e], [cursor - 2, cursor]);
  });
});
