// A manifest of one of our kinds without `apiVersion` (service/missingApiVersion.ts): the line the fix adds,
// on odd texts (CRLF, a lone CR, tabs, a block scalar ending the file, a document after `---`, a byte order
// mark, a surrogate pair in a comment), applied, parsed and validated again (verify.ts); one action per
// fitting version, fix-all only where one fits and the domain is the workspace's; the domain from the
// analysis's inputs (the `apiDomain` setting, the indexed files), else the file's, else the placeholder.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { Analysis } from '../../server/src/service/analysis';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { parseFile } from '../../server/src/service/core/parse';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';
import { crdText } from '../helpers/manifests';

const STORAGE = [
  'kind: StorageAccount',
  'metadata:',
  '  name: stordersprod',
  'spec:',
  '  location: westeurope',
  '  owner:',
  '    name: rg-orders',
  '  kind: StorageV2',
  '  sku:',
  '    name: Standard_LRS',
  '',
].join('\n');

const API = 'storage.cloud.example.com/v20220901';

/** The "Add `apiVersion: …`" actions of a text's missing-required diagnostics. */
function addActions(text: string) {
  const file = parseFile(text);
  const diags = validateFile(file);
  const actions = codeActions(
    file,
    diags.filter((d) => d.code === 'missing-required'),
  ).filter((a) => a.title.startsWith('Add `apiVersion'));
  return { diags, actions };
}

/** The one fix applied and verified; the new text, which must then validate as the kind it names. */
function applyOnly(text: string): string {
  const { diags, actions } = addActions(text);
  assert.equal(actions.length, 1, `${actions.map((a) => a.title).join(' | ')}\n${JSON.stringify(text)}`);
  assert.deepEqual(verifyAction(text, diags, actions[0]), []);
  const fixed = applyEdits(text, actions[0].edits);
  const docs = parseAllDocuments(fixed.replace(/^\uFEFF/, ''));
  assert.ok(
    docs.every((d) => d.errors.length === 0),
    'the fixed text parses',
  );
  assert.deepEqual(
    validateFile(parseFile(fixed)).filter((d) => d.code === 'missing-required'),
    [],
  );
  return fixed;
}

describe('the line the fix adds, on odd texts', () => {
  test('LF: the first line of the document, and the manifest is then checked as a StorageAccount', () => {
    const fixed = applyOnly(STORAGE);
    assert.equal(fixed, `apiVersion: ${API}\n${STORAGE}`);
    assert.deepEqual(validateFile(parseFile(fixed)), []);
    // And checked: a mistake the missing apiVersion hid shows now.
    const wrong = applyOnly(STORAGE.replace('StorageV2', 'StorageV3'));
    assert.deepEqual(
      validateFile(parseFile(wrong)).map((d) => d.code),
      ['enum-value'],
    );
  });
  test('CRLF: the line ends with CRLF', () => {
    const text = STORAGE.replace(/\n/g, '\r\n');
    assert.equal(applyOnly(text), `apiVersion: ${API}\r\n${text}`);
  });
  test('a lone CR in a comment above: LF, as the lines around it (a lone CR is no line break to YAML)', () => {
    const text = `# note\rstill the comment\n${STORAGE}`;
    assert.equal(applyOnly(text), `# note\rstill the comment\napiVersion: ${API}\n${STORAGE}`);
  });
  test('tabs in a comment and in a value', () => {
    const text = `#\tnote\n${STORAGE.replace('  name: stordersprod', '  name: stordersprod #\tthe prod one')}`;
    assert.ok(applyOnly(text).startsWith(`#\tnote\napiVersion: ${API}\nkind: StorageAccount\n`));
  });
  test('a block scalar ending the file, without a final line break', () => {
    const text = `${STORAGE}  tags:\n    note: |-\n      two\n      lines`;
    const fixed = applyOnly(text);
    assert.equal(fixed, `apiVersion: ${API}\n${text}`);
    assert.equal(parseAllDocuments(fixed)[0].getIn(['spec', 'tags', 'note']), 'two\nlines');
  });
  test('a document after `---` (and one after a marker with a comment): its own first line', () => {
    const first = `apiVersion: resources.cloud.example.com/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westeurope\n`;
    const text = `${first}---\n${STORAGE}`;
    assert.equal(applyOnly(text), `${first}---\napiVersion: ${API}\n${STORAGE}`);
    const commented = `${first}--- # the account\n${STORAGE}`;
    assert.equal(applyOnly(commented), `${first}--- # the account\napiVersion: ${API}\n${STORAGE}`);
  });
  test('a byte order mark: the line goes after it', () => {
    assert.equal(applyOnly(`\uFEFF${STORAGE}`), `\uFEFFapiVersion: ${API}\n${STORAGE}`);
  });
  test('a surrogate pair in a comment: the range is whole, the line goes below the comment', () => {
    const text = `# 🚀 orders\n${STORAGE}`;
    const { diags } = addActions(text);
    const d = diags.find((x) => x.code === 'missing-required')!;
    assert.equal(text.slice(d.start, d.end), 'kind');
    assert.equal(applyOnly(text), `# 🚀 orders\napiVersion: ${API}\n${STORAGE}`);
  });
  test('an indented document and a first key other than kind: the first line, at the keys’ indentation', () => {
    const text = STORAGE.split('\n')
      .map((l) => (l ? `  ${l}` : l))
      .join('\n');
    assert.equal(applyOnly(text), `  apiVersion: ${API}\n${text}`);
    const metaFirst = STORAGE.replace(
      'kind: StorageAccount\nmetadata:\n  name: stordersprod\n',
      'metadata:\n  name: stordersprod\nkind: StorageAccount\n',
    );
    assert.equal(applyOnly(metaFirst), `apiVersion: ${API}\n${metaFirst}`);
  });
});

describe('which versions, and fix-all', () => {
  const ROLE = [
    'kind: RoleAssignment',
    'metadata:',
    '  name: ra-orders-reader',
    'spec:',
    '  owner:',
    '    name: rg-orders',
    '  principalId: 00000000-0000-0000-0000-000000000001',
    '  roleDefinitionReference:',
    '    armId: /subscriptions/00000000-0000-0000-0000-000000000000/providers/Provider.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7',
    '',
  ].join('\n');
  test('both RoleAssignment shapes fit: one action each, the first preferred, none in fix-all', () => {
    const { diags, actions } = addActions(ROLE);
    assert.deepEqual(
      actions.map((a) => [a.title, !!a.isPreferred]),
      [
        ['Add `apiVersion: authorization.cloud.example.com/v20220401`', true],
        ['Add `apiVersion: authorization.cloud.example.com/v1api20220401`', false],
      ],
    );
    for (const a of actions) assert.deepEqual(verifyAction(ROLE, diags, a), []);
    assert.deepEqual(fixAllEdits(parseFile(ROLE), diags), []);
  });
  test('a value only one shape has: that version alone', () => {
    // `principalType: AgentUser` is in the enumeration of v20220401 only (roleassignment-shapes.yaml).
    const text = ROLE.replace('  principalId:', '  principalType: AgentUser\n  principalId:');
    const { actions } = addActions(text);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Add `apiVersion: authorization.cloud.example.com/v20220401`'],
    );
  });
  test('fix-all adds the one version where the domain is the file’s, not with the placeholder alone', () => {
    const other =
      'apiVersion: resources.contoso.io/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westeurope\n---\n';
    const text = other + STORAGE;
    const file = parseFile(text);
    const fixed = applyEdits(text, fixAllEdits(file, validateFile(file)));
    assert.equal(fixed, `${other}apiVersion: storage.contoso.io/v20220901\n${STORAGE}`);
    const alone = parseFile(STORAGE);
    assert.deepEqual(fixAllEdits(alone, validateFile(alone)), []);
  });
});

describe('the API domain comes from the analysis’s inputs', () => {
  const URI = 'file:///ws/st.yaml';
  const messageOf = (a: Analysis) => a.fileDiagnostics(URI).find((d) => d.code === 'missing-required')?.message ?? '';
  test('the apiDomain setting, then a setting changed', () => {
    const a = new Analysis({ settings: { ...DEFAULT_SETTINGS, apiDomain: 'azure.com' } });
    a.openFile(URI, 1, STORAGE);
    assert.match(
      messageOf(a),
      /^The manifest is missing required field `apiVersion`: write `apiVersion: storage\.azure\.com\/v20220901`/,
    );
    a.apply({ kind: 'settings', settings: { ...DEFAULT_SETTINGS, apiDomain: 'example.org' } });
    assert.match(messageOf(a), /`apiVersion: storage\.example\.org\/v20220901`/);
  });
  test('validated once on its way to its diagnostics, again only when the domain changes', () => {
    const a = new Analysis({ settings: { ...DEFAULT_SETTINGS, apiDomain: 'azure.com' } });
    const before = a.counters.validations;
    a.openFile(URI, 1, STORAGE);
    messageOf(a);
    messageOf(a);
    assert.equal(a.counters.validations - before, 1);
    a.apply({ kind: 'settings', settings: { ...DEFAULT_SETTINGS, apiDomain: 'example.org' } });
    assert.match(messageOf(a), /storage\.example\.org/);
    messageOf(a);
    assert.equal(a.counters.validations - before, 2);
  });
  test('without the setting: the workspace’s domain, else the placeholder', () => {
    const a = new Analysis();
    a.openFile(URI, 1, STORAGE);
    assert.match(messageOf(a), /`apiVersion: storage\.cloud\.example\.com\/v20220901`/);
    a.indexFile(
      'file:///ws/rg.yaml',
      'apiVersion: resources.contoso.io/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westeurope\n',
    );
    assert.match(messageOf(a), /`apiVersion: storage\.contoso\.io\/v20220901`/);
    const file = a.openFileOf(URI)!;
    const fix = codeActions(file, a.fileDiagnostics(URI)).find((x) => x.title.startsWith('Add `apiVersion'));
    assert.equal(fix?.title, 'Add `apiVersion: storage.contoso.io/v20220901`');
  });
  test('manifests of a CRD’s kinds give no domain: `example.com/v1` is no `storage.com`', () => {
    const a = new Analysis();
    a.indexFile(
      'file:///ws/crds/widget.yaml',
      crdText({ group: 'example.com', kind: 'Widget', plural: 'widgets', spec: '              properties: {}\n' }),
    );
    for (let i = 0; i < 3; i++)
      a.indexFile(
        `file:///ws/w${i}.yaml`,
        `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w${i}\nspec: {}\n`,
      );
    a.readCrds();
    a.applyCrds();
    a.openFile(URI, 1, STORAGE);
    assert.match(messageOf(a), /`apiVersion: storage\.cloud\.example\.com\/v20220901`/);
    assert.ok(!a.fileDiagnostics(URI).some((d) => /storage\.com\//.test(d.message)));
    a.indexFile(
      'file:///ws/rg.yaml',
      'apiVersion: resources.contoso.io/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westeurope\n',
    );
    assert.match(messageOf(a), /`apiVersion: storage\.contoso\.io\/v20220901`/);
  });
});

describe('no false errors where another tool writes or completes the manifest', () => {
  const RG =
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-orders\nspec:\n  location: westus2\n';
  const codes = (a: Analysis, uri: string, text: string) =>
    a
      .fileDiagnostics(uri, a.openFile(uri, 1, text), { complete: true })
      .map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

  test('a Kustomize patch without apiVersion: nothing (a strategic-merge patch is completed by its target)', () => {
    const a = new Analysis();
    a.indexFile('file:///repo/base/rg.yaml', RG);
    a.indexFile('file:///repo/base/account.yaml', `apiVersion: ${API}\n${STORAGE}`);
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - rg.yaml\n  - account.yaml\n');
    a.indexFile(
      'file:///repo/overlays/prod/kustomization.yaml',
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../../base\npatches:\n  - path: patch.yaml\n',
    );
    const patch =
      'kind: StorageAccount\nmetadata:\n  name: stordersprod\nspec:\n  owner:\n    name: rg-orders\n  location: westus2\n';
    assert.deepEqual(codes(a, 'file:///repo/overlays/prod/patch.yaml', patch), []);
    // The same text as a resource of its own is missing its apiVersion.
    assert.deepEqual(codes(a, 'file:///repo/other/account.yaml', patch), ['missing-required kind']);
  });

  test('a Helm template: nothing where an output action at the root may write the apiVersion', () => {
    const a = new Analysis();
    a.indexFile('file:///repo/chart/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
    a.indexFile('file:///repo/chart/rg.yaml', RG);
    const uri = 'file:///repo/chart/templates/account.yaml';
    const included = `{{ include "app.apiVersion" . }}\n${STORAGE.replace('stordersprod', '{{ .Values.name }}')}`;
    assert.deepEqual(codes(a, uri, included), []);
    const trimmed = `{{- template "app.header" . }}\n${STORAGE}`;
    assert.deepEqual(codes(a, uri, trimmed), []);
    // In the second document of a template, far below the first (the action stands for its own document's root).
    const second = `${RG}${'# notes\n'.repeat(600)}---\n{{ include "app.apiVersion" . }}\n${STORAGE}`;
    assert.deepEqual(codes(a, uri, second), []);
    // No action line that could write it: the apiVersion is missing (no fix: its edits were made on the mask).
    const plain = `{{- if .Values.enabled }}\n${STORAGE.replace('stordersprod', '{{ .Values.name }}')}{{- end }}\n`;
    const diags = a.fileDiagnostics(uri, a.openFile(uri, 2, plain), { complete: true });
    assert.deepEqual(
      diags.map((d) => `${d.code} ${plain.slice(d.start, d.end)}`),
      ['missing-required kind'],
    );
    assert.equal(diags[0].data, undefined);
  });
});

describe('a kind name shared with a workspace CRD', () => {
  const DIR = join(__dirname, '..', 'fixtures', 'crds', 'kind-without-apiversion');
  const read = (n: string) => readFileSync(join(DIR, n), 'utf8');
  test('the fields decide between the groups, else both are listed; the CRD keeps its own domain', () => {
    const a = new Analysis();
    a.indexFile('file:///ws/crd.yaml', read('crd.yaml'));
    a.applyCrds();
    const uri = 'file:///ws/manifests.yaml';
    const text = read('manifests.yaml');
    const file = a.openFile(uri, 1, text);
    const diags = a.fileDiagnostics(uri).filter((d) => d.code === 'missing-required');
    const named = (d: (typeof diags)[number]) =>
      codeActions(file, [d])
        .filter((x) => x.title.startsWith('Add `apiVersion'))
        .map((x) => x.title.slice('Add `apiVersion: '.length, -1));
    assert.deepEqual(
      diags.map((d) => named(d)),
      [
        // `partitions`: both served versions of the CRD, the storage one first.
        ['kafka.example.io/v1', 'kafka.example.io/v1beta1'],
        // `retention`: v1 alone.
        ['kafka.example.io/v1'],
        // `location`: eventgrid's, in the domain the file uses.
        ['eventgrid.example.io/v20200601'],
        // Only `owner`: both groups.
        ['eventgrid.example.io/v20200601', 'kafka.example.io/v1', 'kafka.example.io/v1beta1'],
      ],
    );
    assert.match(diags[3].message, /; Topic is a kind of more than one API group here, and its fields fit each\.$/);
  });
});
