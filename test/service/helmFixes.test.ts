// Fixes in Helm templates (helm/literalEdits.ts, helm/templateFixes.ts): an edit computed on a variant of
// the masked template is made to the template only where it does the same there: inside one line, on text
// the mask left as written; lines inserted or removed, only among lines that read the same in both, with
// their neighbours (never next to a blanked `{{- if }}`/`{{- end }}`). Applied to odd text (CRLF, a lone CR,
// tabs, a surrogate pair, a block scalar ending the file), every action is kept and every variant parses.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { Analysis } from '../../server/src/service/analysis';
import { applyEdits } from '../../server/src/service/core/edits';
import { literalEdit } from '../../server/src/service/workspace/helm/literalEdits';
import { maskTemplate } from '../../server/src/service/workspace/helm/mask';
import { templateFixAllEdits } from '../../server/src/service/workspace/helm/templateFixes';
import { FIXABLE_TEMPLATE_LINES } from '../helpers/manifests';

const TEMPLATE = [...FIXABLE_TEMPLATE_LINES, ''].join('\n');

const at = (text: string, line: number, col = 0) =>
  text
    .split('\n')
    .slice(0, line)
    .reduce((n, l) => n + l.length + 1, 0) + col;

describe('literalEdit', () => {
  const mask = maskTemplate(TEMPLATE);
  const literal = literalEdit(mask.variants[0].text, TEMPLATE);
  test('a change inside a line: literal text beside an action yes, the action no', () => {
    const tier = at(TEMPLATE, 9, TEMPLATE.split('\n')[9].indexOf('standard'));
    assert.equal(literal({ start: tier, end: tier + 8, newText: 'Standard' }), true);
    const sku = at(TEMPLATE, 9, TEMPLATE.split('\n')[9].indexOf('{{'));
    assert.equal(literal({ start: sku, end: sku + 18, newText: 'Standard_LRS' }), false);
  });
  test('lines inserted or removed: not next to a control action, nor over an action', () => {
    // Between `apiVersion` and `kind`: the lines around read the same.
    assert.equal(literal({ start: at(TEMPLATE, 1), end: at(TEMPLATE, 1), newText: 'a: b\n' }), true);
    // Above the line holding `{{ .Values.sku }}`: its own line is not as written.
    assert.equal(literal({ start: at(TEMPLATE, 9), end: at(TEMPLATE, 9), newText: '  a: b\n' }), false);
    // Before `{{- if }}` (blank in the variant), or after `{{- end }}`: the branch could take it.
    assert.equal(literal({ start: at(TEMPLATE, 10), end: at(TEMPLATE, 10), newText: '  a: b\n' }), false);
    assert.equal(literal({ start: at(TEMPLATE, 15), end: at(TEMPLATE, 15), newText: '  a: b\n' }), false);
    // The line holding `{{ .Values.rg }}` removed.
    assert.equal(literal({ start: at(TEMPLATE, 7), end: at(TEMPLATE, 8), newText: '' }), false);
  });
  test("an edit of literal text that would write a masked action's text is not made", () => {
    // A fix that copies a value the template writes as an action (`{{ .Values.sku }}`) would write its mask.
    const line = TEMPLATE.split('\n')[9];
    const action = at(TEMPLATE, 9, line.indexOf('{{'));
    const masked = mask.variants[0].text.slice(action, action + line.slice(line.indexOf('{{')).indexOf('}}') + 2);
    const tier = at(TEMPLATE, 9, line.indexOf('standard'));
    assert.equal(literal({ start: tier, end: tier + 8, newText: masked }), false);
  });
});

describe('fix-all in a template, on odd text', () => {
  const variants = (a: Analysis, uri: string, text: string) => {
    const file = a.openFile(uri, 1, text);
    return { file, all: a.docs.variantsOf(file), diags: a.fileDiagnostics(uri, file) };
  };
  const cases: [string, (t: string) => string][] = [
    ['LF', (t) => t],
    ['CRLF', (t) => t.replace(/\n/g, '\r\n')],
    ['a lone CR in a comment', (t) => t.replace('kind: StorageV2\n', 'kind: StorageV2 # a\rb\n')],
    ['tabs in a comment and an emoji in a value', (t) => t.replace('  kind: StorageV2', '  kind: StorageV2\t# 🚀\t')],
    ['a block scalar ending the file', (t) => `${t}  tags:\n    note: |\n      🚀 last line`],
  ];
  for (const [name, make] of cases)
    test(name, () => {
      const text = make(TEMPLATE);
      const a = new Analysis();
      a.indexFile('file:///c/Chart.yaml', 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
      const uri = 'file:///c/templates/account.yaml';
      const { all, diags } = variants(a, uri, text);
      assert.equal(all.length, 2, 'the if branch and the else branch');
      const fixed = applyEdits(text, templateFixAllEdits(all, text, diags));
      const actions = (t: string) => t.match(/\{\{[\s\S]*?\}\}/g);
      assert.deepEqual(actions(fixed), actions(text));
      for (const v of maskTemplate(fixed).variants)
        assert.ok(
          parseAllDocuments(v.text).every((d) => d.errors.length === 0),
          'every variant parses',
        );
      assert.match(fixed, /tier: Standard \}/);
      assert.match(fixed, /accessTier: Cool/);
      assert.match(fixed, /minimumTlsVersion: TLS1_2/);
      // Checked again: none of the three is left, and nothing new.
      const again = variants(a, 'file:///c/templates/fixed.yaml', fixed).diags;
      assert.deepEqual(
        again.map((d) => d.code),
        [],
      );
    });
});
