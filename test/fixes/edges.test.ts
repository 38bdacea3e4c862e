// The edges of edits: UTF-16 positions through the LSP conversion, flow style, block scalars, an existing
// disable directive, list items, several documents, and the placeholders of inserted fields.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import { lspCodeActions } from '../../server/src/lsp/codeActionRequests';
import { plainActions } from './plainActions';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostic';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions, disableAction } from '../../server/src/service/features/codeActions';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

const HEAD =
  'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: edgestore\nspec:\n  location: westus\n  owner:\n    name: rg\n  kind: StorageV2\n';
const actionsFor = (text: string, code: string) => {
  const file = parseFile(text);
  const diags = validateFile(file).filter((d) => d.code === code);
  assert.ok(diags.length > 0, `no ${code} in:\n${text}`);
  return codeActions(file, diags);
};
const titles = (text: string, code: string) => actionsFor(text, code).map((a) => a.title);
const applied = (text: string, code: string, title: string) => {
  const a = actionsFor(text, code).find((x) => x.title === title);
  assert.ok(a, `no "${title}" among ${titles(text, code).join(' | ')}`);
  return applyEdits(text, a.edits);
};

describe('edits at the edges', () => {
  test('UTF-16 positions: a fix after astral characters on the same line, through the LSP conversion', () => {
    const text = HEAD + '  sku: {tier: "😀😀", name: standard_lrs}\n';
    const file = parseFile(text);
    const diagnostics = validateFile(file).map((d) => toLspDiagnostic(file, d));
    const d = diagnostics.find((x) => x.code === 'enum-case')!;
    const list: CodeAction[] = lspCodeActions(
      plainActions(file),
      { textDocument: { uri: 'file:///x.yaml' }, range: d.range, context: { diagnostics: [d] } },
      { version: 1, documentChanges: false },
    );
    const edits = list[0].edit!.changes!['file:///x.yaml'] as TextEdit[];
    assert.equal(list[0].title, "Change to 'Standard_LRS'");
    assert.equal(
      TextDocument.applyEdits(TextDocument.create('file:///x.yaml', 'yaml', 1, text), edits),
      text.replace('standard_lrs', 'Standard_LRS'),
    );
  });

  test('flow style: values are fixed in place; no insertion or removal is offered', () => {
    const text = HEAD + '  sku: {name: Standard_LRS, tierr: Standard}\n  accessTier: Hot\n';
    assert.deepEqual(titles(text, 'unknown-field'), [
      'Rename `tierr` to `tier`',
      'Disable unknown-field for this line',
    ]);
    const missing =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata: {name: edgestore}\nspec: {location: westus, owner: {name: rg}, kind: StorageV2}\n';
    assert.deepEqual(titles(missing, 'missing-required'), ['Disable missing-required for this line']);
  });

  test('missing fields go in at the indentation of a list item, after the dash line, in model order', () => {
    const text =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccountsBlobService\nmetadata:\n  name: edge-blob\nspec:\n  owner:\n    name: edgestore\n  cors:\n    corsRules:\n      - allowedOrigins: ["*"]\n        # a comment stays\n        maxAgeInSeconds: 60\n';
    const fixed = applied(
      text,
      'missing-required',
      'Add the missing fields `allowedHeaders`, `allowedMethods`, `exposedHeaders`',
    );
    // The fields sort before and after `allowedOrigins`, which holds the dash line: all go in after it.
    assert.equal(
      fixed,
      text.replace(
        '      - allowedOrigins: ["*"]\n',
        '      - allowedOrigins: ["*"]\n        allowedHeaders: []\n        allowedMethods: []\n        exposedHeaders: []\n',
      ),
    );
  });

  test('an existing directive gets the code added; a line inside a block scalar gets no directive', () => {
    const text =
      HEAD +
      '  # cloud-manifests-disable-next-line enum-case -- reviewed\n  accessTier: hot\n  sku:\n    name: standard_lrs\n';
    const file = parseFile(text);
    const d = validateFile(file).find((x) => x.code === 'enum-case' && text.slice(x.start, x.end) === 'standard_lrs')!;
    assert.ok(d);
    // Not silenced by a directive above another line.
    const other =
      HEAD + '  sku:\n    # cloud-manifests-disable-next-line unknown-field -- later\n    name: standard_lrs\n';
    assert.equal(
      applied(other, 'enum-case', 'Disable enum-case for this line'),
      other.replace('unknown-field -- later', 'unknown-field enum-case -- later'),
    );
    // A comment line inside a block scalar would become part of its text.
    const block =
      'apiVersion: alertsmanagement.cloud.example.com/v20230301\nkind: PrometheusRuleGroup\nmetadata:\n  name: edge\nspec:\n  rules:\n    - alert: A\n      expression: |\n        sum(rate(x[5m]))\n          > 1\n';
    const bf = parseFile(block);
    const inside = block.indexOf('> 1');
    assert.equal(disableAction(bf, { code: 'format', message: 'm', start: inside, end: inside + 3 }), undefined);
    assert.ok(
      disableAction(bf, {
        code: 'format',
        message: 'm',
        start: block.indexOf('alert: A'),
        end: block.indexOf('alert: A') + 5,
      }),
    );
  });

  test('several documents, CRLF: each fix stays in its document and keeps CRLF', () => {
    const doc = (n: number) => HEAD.replace('edgestore', `edge${n}`) + '  accessTier: hot\n';
    const text = [doc(1), doc(2)].join('---\n').replace(/\n/g, '\r\n');
    const file = parseFile(text);
    const diags = validateFile(file).filter((d) => d.code === 'enum-case');
    assert.equal(diags.length, 2);
    const second = codeActions(file, [diags[1]])[0];
    assert.equal(applyEdits(text, second.edits), text.slice(0, diags[1].start) + 'Hot' + text.slice(diags[1].end));
    const dis = codeActions(file, [diags[0]]).find((a) => a.title.startsWith('Disable'))!;
    assert.match(
      applyEdits(text, dis.edits),
      /\r\n {2}# cloud-manifests-disable-next-line enum-case\r\n {2}accessTier: hot\r\n/,
    );
  });
});

test('a file with lone CR line breaks (which the YAML parser does not take as line breaks) gets no edit', () => {
  const text = (HEAD + '  accessTier: hot\n  tierr: x\n').replace(/\n/g, '\r');
  const file = parseFile(text);
  const diags = validateFile(file);
  assert.ok(diags.some((d) => d.code === 'yaml-syntax'));
  assert.deepEqual(codeActions(file, diags), []);
});

test('removing the first key of a list item moves the next key up behind the dash', () => {
  const text =
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccountsBlobService\nmetadata:\n  name: edge-blob\nspec:\n  owner:\n    name: edgestore\n  cors:\n    corsRules:\n      - origins: ["*"] # typo of allowedOrigins, a list\n        allowedOrigins: ["*"]\n        allowedMethods: [GET]\n        allowedHeaders: ["*"]\n        exposedHeaders: ["*"]\n        maxAgeInSeconds: 60\n';
  const file = parseFile(text);
  const diags = validateFile(file);
  const a = codeActions(file, diags).find((x) => x.title === 'Remove `origins` and its value')!;
  assert.ok(a);
  assert.equal(
    applyEdits(text, a.edits),
    text.replace(
      '      - origins: ["*"] # typo of allowedOrigins, a list\n        allowedOrigins',
      '      - allowedOrigins',
    ),
  );
  assert.deepEqual(verifyAction(text, diags, a), []);
});
