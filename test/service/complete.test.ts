// Completion as a user sees it: the labels offered at a cursor (`|` in the fixtures) in realistic
// manifests, what they insert, and the whole-resource snippets of an empty document.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InsertTextFormat, type CompletionItem, type MarkupContent, type TextEdit } from 'vscode-languageserver-types';
import { allKinds } from '../../server/src/model/registry';
import { complete, type CompletionSettings } from '../../server/src/service/features/complete';
import { parseFile } from '../../server/src/service/core/parse';
import { severityOf } from '../../server/src/service/checks/validate';
import { validateText } from '../helpers/validate';
import { KUBE_SNIPPETS } from '../../server/src/service/features/kubeSnippets';
import { cursor } from '../helpers/cursor';

function completeAt(src: string, settings: CompletionSettings = {}, marker = '|'): CompletionItem[] {
  const { text, offset } = cursor(src, marker);
  return complete(parseFile(text), offset, settings);
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const sorted = (items: CompletionItem[]) =>
  [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
const edit = (item: CompletionItem) => item.textEdit as TextEdit;
const item = (items: CompletionItem[], label: string) => {
  const found = items.find((i) => i.label === label);
  assert.ok(found, `"${label}" offered among ${labels(items).join(', ')}`);
  return found;
};

const STORAGE = `apiVersion: storage.example.org/v20220901
kind: StorageAccount
metadata:
  name: acct
  namespace: default
`;

// ---------------------------------------------------------------------------------------------------
// Keys

test('top-level keys of a manifest, without those already present nor status', () => {
  const items = completeAt(`apiVersion: storage.example.org/v20220901\nkind: StorageAccount\n|\n`);
  assert.deepEqual(labels(items).sort(), ['metadata', 'spec']);
  assert.equal(edit(item(items, 'spec')).newText, 'spec:\n  ');
});

test('metadata fields, name first as it is required', () => {
  const items = completeAt(`apiVersion: storage.example.org/v20220901\nkind: StorageAccount\nmetadata:\n  |\n`);
  assert.ok(labels(items).includes('namespace'));
  assert.ok(labels(items).includes('labels'));
  assert.equal(sorted(items)[0].label, 'name');
});

test('spec fields on an empty indented line: present keys left out, required keys first', () => {
  const items = completeAt(
    `${STORAGE}spec:\n  location: westus\n  owner:\n    name: rg\n  |\n  tags:\n    env: prod\n`,
  );
  const offered = labels(items);
  for (const k of ['sku', 'kind', 'networkAcls', 'minimumTlsVersion', 'accessTier']) assert.ok(offered.includes(k), k);
  for (const k of ['location', 'owner', 'tags']) assert.ok(!offered.includes(k), `${k} already present`);
  assert.deepEqual(
    sorted(items)
      .slice(0, 2)
      .map((i) => i.label),
    ['kind', 'sku'],
  );
  // Objects open a nested block at the file's indentation, scalars a value.
  assert.equal(edit(item(items, 'sku')).newText, 'sku:\n    ');
  assert.equal(edit(item(items, 'kind')).newText, 'kind: ');
  assert.equal(edit(item(items, 'networkAcls')).newText, 'networkAcls:\n    ');
});

test('every completion item carries markdown documentation and a type line', () => {
  const items = completeAt(`${STORAGE}spec:\n  |\n`);
  const sku = item(items, 'sku');
  assert.equal((sku.documentation as MarkupContent).kind, 'markdown');
  assert.match((sku.documentation as MarkupContent).value, /spec\.sku/);
  assert.match((sku.documentation as MarkupContent).value, /Required/);
  assert.match(sku.detail ?? '', /required/);
  const tls = item(items, 'minimumTlsVersion');
  assert.match((tls.documentation as MarkupContent).value, /TLS1_2/);
  assert.match((tls.documentation as MarkupContent).value, /Default/);
});

test('nested objects and list items: keys of the item type after `- `', () => {
  const items = completeAt(`${STORAGE}spec:\n  networkAcls:\n    defaultAction: Deny\n    ipRules:\n      - |\n`);
  assert.deepEqual(labels(items).sort(), ['action', 'value', 'valueFromConfig']);
  // A list field opens a list at the right indentation.
  const acl = completeAt(`${STORAGE}spec:\n  networkAcls:\n    defaultAction: Deny\n    |\n`);
  assert.equal(edit(item(acl, 'ipRules')).newText, 'ipRules:\n      - ');
  assert.ok(!labels(acl).includes('defaultAction'));
});

test('second key of a list item leaves out the item keys already written and their exclusive partners', () => {
  const items = completeAt(
    `${STORAGE}spec:\n  networkAcls:\n    ipRules:\n    - value: 10.0.0.0/24\n      |\n    - action: Allow\n`,
  );
  assert.deepEqual(labels(items), ['action']);
  const dest = completeAt(
    `apiVersion: eventgrid.example.org/v20200601\nkind: EventSubscription\nspec:\n  destination:\n    webHook:\n      endpointType: WebHook\n    |\n`,
  );
  assert.deepEqual(labels(dest), [], 'a destination is already chosen');
  const owner = completeAt(`${STORAGE}spec:\n  owner:\n    name: rg\n    |\n`);
  assert.deepEqual(labels(owner), [], 'an owner by name takes no armId');
});

test('indentation of inserted blocks follows the file (4 spaces, compact lists)', () => {
  const src = `apiVersion: alertsmanagement.example.org/v20230301
kind: PrometheusRuleGroup
metadata:
    name: rules
spec:
    scopesReferences:
    - armId: /subscriptions/x
    |
`;
  const items = completeAt(src);
  assert.equal(edit(item(items, 'rules')).newText, 'rules:\n    - ');
  assert.equal(edit(item(items, 'owner')).newText, 'owner:\n        ');
});

test('list of manifests: `items` of a <Kind>List offers the keys of a manifest', () => {
  const items = completeAt(`apiVersion: storage.example.org/v20220901\nkind: StorageAccountList\nitems:\n  - |\n`);
  assert.deepEqual(labels(items).sort(), ['apiVersion', 'kind', 'metadata', 'spec']);
  const inner = completeAt(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountList\nitems:\n- metadata:\n    name: a\n  spec:\n    |\n`,
  );
  assert.ok(labels(inner).includes('sku'));
  const top = completeAt(`apiVersion: storage.example.org/v20220901\nkind: StorageAccountList\n|\n`);
  assert.deepEqual(labels(top).sort(), ['items', 'metadata']);
});

test('mid-word: the word being typed is replaced', () => {
  const items = completeAt(`${STORAGE}spec:\n  location: westus\n  sk|\n`);
  const sku = item(items, 'sku');
  assert.deepEqual(edit(sku).range, { start: { line: 7, character: 2 }, end: { line: 7, character: 4 } });
  // Renaming an existing key keeps its colon and value.
  const renamed = completeAt(`${STORAGE}spec:\n  sku:\n    ti|er: Standard\n`);
  const name = item(renamed, 'name');
  assert.equal(edit(name).newText, 'name');
  assert.deepEqual(edit(name).range, { start: { line: 7, character: 4 }, end: { line: 7, character: 8 } });
});

test('flow style mappings', () => {
  const items = completeAt(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccount\nmetadata: { name: acct, | }\n`,
  );
  assert.ok(labels(items).includes('namespace'));
  assert.ok(!labels(items).includes('name'));
  assert.equal(edit(item(items, 'namespace')).newText, 'namespace: ');
  const values = completeAt(`${STORAGE}spec:\n  sku: { name: | }\n`);
  assert.ok(labels(values).includes('Standard_LRS'));
});

test('a document that does not parse yet still completes', () => {
  const src = `${STORAGE}spec:\n  locat\n  kind: "Stor\n  sku:\n    |\n`;
  const { text } = cursor(src);
  assert.ok(parseFile(text).docs[0].doc.errors.length > 0, 'the fixture is broken YAML');
  assert.deepEqual(labels(completeAt(src)).sort(), ['name', 'tier']);
  // A half-typed flow list above does not swallow the rest of the document.
  const flow = completeAt(`${STORAGE}spec:\n  tags: [ "unclosed\n  |\n`);
  assert.ok(labels(flow).includes('sku'));
});

test('nothing inside a block scalar', () => {
  const src = `apiVersion: alertsmanagement.example.org/v20230301
kind: PrometheusRuleGroup
metadata:
  name: rules
spec:
  rules:
  - alert: HighLoad
    expression: |
      up == 0
      ^
`;
  assert.deepEqual(completeAt(src, {}, '^'), []);
  const after = completeAt(src.replace('      ^', '    ^'), {}, '^');
  assert.ok(labels(after).includes('severity'));
  assert.ok(!labels(after).includes('expression'));
});

test('nothing for YAML documents that are not ours', () => {
  assert.deepEqual(completeAt(`services:\n  web:\n    image: nginx\n    |\n`), []);
  // Another operator's kind, no CRD read (Kubernetes' own kinds are known: test/service/kubeKinds.test.ts).
  assert.deepEqual(completeAt(`apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  |\n`), []);
  assert.deepEqual(completeAt(`apiVersion: cert-manager.io/v1\nkind: Certificate\nspec:\n  duration: |\n`), []);
  assert.deepEqual(completeAt(`apiVersion: |\nkind: Deployment\n`), []);
});

// ---------------------------------------------------------------------------------------------------
// Values

test('apiVersion values: every group and version, domain from settings, workspace, file, default', () => {
  const all = completeAt(`apiVersion: |\n`);
  assert.ok(labels(all).includes('storage.cloud.example.com/v20220901'));
  assert.ok(labels(all).includes('authorization.cloud.example.com/v1api20220401'));
  assert.ok(labels(all).includes('resources.cloud.example.com/v1api20200601'));
  assert.match(item(all, 'storage.cloud.example.com/v20220901').detail ?? '', /2022-09-01/);

  const file = `apiVersion: storage.acme.io/v20220901\nkind: StorageAccount\nmetadata:\n  name: a\n---\napiVersion: |\n`;
  assert.ok(labels(completeAt(file)).includes('batch.acme.io/v20240701'), 'domain of the other documents');
  assert.ok(
    labels(completeAt(file, { workspaceDomains: ['ws.example.net'] })).includes('batch.ws.example.net/v20240701'),
  );
  assert.ok(
    labels(completeAt(file, { apiDomain: 'set.example', workspaceDomains: ['ws.example.net'] })).includes(
      'batch.set.example/v20240701',
    ),
  );
});

test('apiVersion values narrow to the versions of the kind already written', () => {
  const items = completeAt(`apiVersion: |\nkind: RoleAssignment\n`);
  assert.deepEqual(labels(items).sort(), [
    'authorization.cloud.example.com/v1api20220401',
    'authorization.cloud.example.com/v20220401',
  ]);
  assert.equal(edit(items[0]).newText, items[0].label);
});

test('kind values: the kinds of the apiVersion and their lists, or every kind', () => {
  const storage = labels(completeAt(`apiVersion: storage.example.org/v20220901\nkind: |\n`));
  assert.ok(storage.includes('StorageAccount'));
  assert.ok(storage.includes('StorageAccountsBlobServicesContainer'));
  assert.ok(storage.includes('StorageAccountList'));
  assert.ok(!storage.includes('RoleAssignment'));
  const any = labels(completeAt(`kind: |\n`));
  for (const k of ['RoleAssignment', 'StorageAccount', 'PrometheusRuleGroup', 'EventSubscription', 'ResourceGroup'])
    assert.ok(any.includes(k), k);
  // Right after the colon, a space is inserted first.
  const tight = completeAt(`apiVersion: storage.example.org/v20220901\nkind:|\n`);
  assert.equal(edit(item(tight, 'StorageAccount')).newText, ' StorageAccount');
});

test('enum values follow the document version (RoleAssignment principalType)', () => {
  const doc = (v: string) =>
    `apiVersion: authorization.example.org/${v}\nkind: RoleAssignment\nmetadata:\n  name: ra\nspec:\n  principalType: |\n`;
  const v2022 = labels(completeAt(doc('v20220401')));
  const v1api = labels(completeAt(doc('v1api20220401')));
  assert.deepEqual(v1api, ['Device', 'ForeignGroup', 'Group', 'ServicePrincipal', 'User']);
  assert.ok(v2022.includes('AgentServicePrincipal'));
  assert.ok(v2022.includes('AgentUser'));
  assert.ok(!v1api.includes('AgentUser'));
});

test('enum values with meanings, booleans, quoting where YAML needs it', () => {
  const conv = completeAt(
    `apiVersion: authorization.example.org/v20220401\nkind: RoleAssignment\nspec:\n  operatorSpec:\n    namingConvention: |\n`,
  );
  assert.deepEqual(labels(conv), ['stable', 'random']);
  assert.match((item(conv, 'stable').documentation as MarkupContent).value, /uuid derived from/);
  const bool = completeAt(`${STORAGE}spec:\n  isHnsEnabled: |\n`);
  assert.deepEqual(labels(bool), ['true', 'false']);
  const version = completeAt(
    `apiVersion: authorization.example.org/v20220401\nkind: RoleAssignment\nspec:\n  conditionVersion: |\n`,
  );
  assert.equal(edit(item(version, '2.0')).newText, '"2.0"');
  // Mid-value: the whole value is replaced.
  const mid = completeAt(`${STORAGE}spec:\n  kind: Stor|age # note\n`);
  assert.deepEqual(edit(item(mid, 'StorageV2')).range, {
    start: { line: 6, character: 8 },
    end: { line: 6, character: 15 },
  });
  // Items of a list of enum values.
  const methods = completeAt(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountsBlobService\nspec:\n  cors:\n    corsRules:\n    - allowedMethods:\n      - |\n`,
  );
  assert.ok(labels(methods).includes('GET'));
});

// ---------------------------------------------------------------------------------------------------
// Whole-resource snippets

/** The text a snippet inserts when every placeholder keeps its default and every choice its first value. */
function fill(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:((?:[^}\\]|\\.)*)\}/g, (_, d: string) => d)
    .replace(/\$\{\d+\|((?:[^,|\\]|\\.)*)(?:,(?:[^,|\\]|\\.)*)*\|\}/g, (_, first: string) =>
      first.replace(/\\([,|])/g, '$1'),
    )
    .replace(/\$0/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

test('an empty document offers one snippet per kind and version', () => {
  const items = completeAt('|').filter((i) => i.insertTextFormat === InsertTextFormat.Snippet);
  // And the Kubernetes kinds most written by hand (test/service/kubeSnippets.test.ts).
  assert.equal(items.length, allKinds.length + KUBE_SNIPPETS.length);
  for (const def of allKinds) item(items, `${def.kind} (${def.area} ${def.version})`);
  const sa = item(items, 'StorageAccount (storage v20220901)');
  assert.equal(sa.insertTextFormat, InsertTextFormat.Snippet);
  const text = edit(sa).newText;
  assert.match(text, /^apiVersion: storage\.cloud\.example\.com\/v20220901\nkind: StorageAccount\n/);
  // Required fields at any depth are tab stops; enums are choices.
  assert.match(text, /\n {2}name: \$\{\d+:[^}]+\}/, 'metadata.name');
  assert.match(text, /\n {2}location: \$\{\d+:[^}]+\}/, 'spec.location');
  assert.match(text, /\n {2}owner:\n {4}name: \$\{\d+:[^}]+\}/, 'spec.owner.name');
  assert.match(text, /\n {2}kind: \$\{\d+\|[^}]*StorageV2[^}]*\|\}/, 'spec.kind');
  assert.match(text, /\n {2}sku:\n {4}name: \$\{\d+\|[^}]*Standard_LRS[^}]*\|\}/, 'spec.sku.name');
});

test('a typed word in an empty document is replaced by the snippet', () => {
  const items = completeAt('Stor|');
  assert.deepEqual(edit(items[0]).range, { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } });
});

test('an empty document after `---` gets snippets with the file domain', () => {
  const items = completeAt(
    `apiVersion: storage.acme.io/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\n---\n|`,
  );
  const rg = item(items, 'ResourceGroup (resources v1api20200601)');
  assert.match(edit(rg).newText, /^apiVersion: resources\.acme\.io\/v1api20200601\n/);
  assert.deepEqual(edit(rg).range.start, { line: 5, character: 0 });
});

test('every snippet, filled with its defaults, is a valid manifest', () => {
  const items = completeAt('|');
  for (const def of allKinds) {
    const snippet = edit(item(items, `${def.kind} (${def.area} ${def.version})`)).newText;
    const text = fill(snippet);
    const problems = validateText(text).filter((d) => severityOf(d) === 'error' || severityOf(d) === 'warning');
    assert.deepEqual(
      problems.map((d) => `${d.code}: ${d.message}`),
      [],
      `${def.kind} ${def.version}:\n${text}`,
    );
  }
  // The three the brief names, explicitly: the shapes they need are there.
  const prom = fill(edit(item(items, 'PrometheusRuleGroup (alertsmanagement v20230301)')).newText);
  assert.match(prom, /rules:\n {4}- expression: .+\n {6}alert: /);
  assert.match(prom, /scopesReferences:\n {4}- armId: \/subscriptions\//);
  const sub = fill(edit(item(items, 'EventSubscription (eventgrid v20200601)')).newText);
  assert.match(sub, /owner:\n {4}group: resources\.cloud\.example\.com\n {4}kind: ResourceGroup\n {4}name: /);
  const sa = fill(edit(item(items, 'StorageAccount (storage v20220901)')).newText);
  assert.ok(!validateText(sa).some((d) => d.code === 'missing-required' || d.code === 'yaml-syntax'));
});

test('every item of every kind of completion is documented in markdown', () => {
  const contexts = [
    `${STORAGE}spec:\n  |\n`,
    `${STORAGE}spec:\n  kind: |\n`,
    `${STORAGE}spec:\n  isHnsEnabled: |\n`,
    `apiVersion: |\n`,
    `apiVersion: storage.example.org/v20220901\nkind: |\n`,
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountsBlobService\nspec:\n  cors:\n    corsRules:\n    - allowedMethods: [GET, |]\n`,
    '|',
  ];
  for (const src of contexts) {
    const items = completeAt(src);
    assert.ok(items.length > 0, src);
    for (const i of items) {
      const doc = i.documentation as MarkupContent | undefined;
      assert.equal(doc?.kind, 'markdown', `${i.label} in ${src}`);
      assert.ok(doc.value.length > 10, `${i.label} in ${src}`);
    }
  }
});

const bySort = (items: CompletionItem[]) =>
  [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);

test('an empty document offers the keys apiVersion, kind, metadata and spec as well as the snippets', () => {
  const none = completeAt('|');
  assert.deepEqual(
    labels(none).filter((l) => !l.includes('(')),
    ['apiVersion', 'kind', 'metadata', 'spec'],
  );
  // Nothing typed: the four keys first, then the snippets.
  assert.deepEqual(bySort(none).slice(0, 4), ['apiVersion', 'kind', 'metadata', 'spec']);
  assert.match(bySort(none)[4], /\(/);
  assert.equal(edit(item(none, 'apiVersion')).newText, 'apiVersion: ');
  assert.equal(
    item(none, 'apiVersion').command?.command,
    'editor.action.triggerSuggest',
    'the apiVersion values follow',
  );
  // A key prefix typed: the keys first, replacing the typed word.
  const typed = completeAt('api|');
  assert.deepEqual(bySort(typed).slice(0, 4), ['apiVersion', 'kind', 'metadata', 'spec']);
  assert.deepEqual(edit(item(typed, 'apiVersion')).range, {
    start: { line: 0, character: 0 },
    end: { line: 0, character: 3 },
  });
  // A kind name typed: what the editor keeps (filtered by the word) is the snippets of that kind.
  const stor = completeAt('Stor|').filter((i) => (i.filterText ?? i.label).toLowerCase().startsWith('stor'));
  assert.match(bySort(stor)[0], /^StorageAccount/);
});

test('choosing an apiVersion value does not re-open suggest on the same value (Enter would accept it again)', () => {
  const items = completeAt('apiVersion: |\n');
  assert.ok(items.length > 5, 'apiVersion values');
  assert.deepEqual(
    items.filter((i) => i.command).map((i) => i.label),
    [],
  );
  // With a kind written, too.
  assert.deepEqual(
    completeAt('apiVersion: |\nkind: StorageAccount\n')
      .filter((i) => i.command)
      .map((i) => i.label),
    [],
  );
});

test('a core v1 List: keys and values inside an item are those of the kind it names; other items get nothing', () => {
  const head = `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: ConfigMap
    metadata:
      name: settings
    data:
      |
  - apiVersion: storage.example.org/v20220901
    kind: StorageAccount
    metadata:
      name: acct
    spec:
      sku:
        name: Standard_LRS
      `;
  assert.deepEqual(completeAt(head), []);
  const keys = completeAt(head.replace('data:\n      |', 'data: {}') + '|\n');
  assert.ok(labels(keys).includes('accessTier'), labels(keys).join(', '));
  assert.ok(!labels(keys).includes('sku'), 'present keys are not offered again');
  // Required first: `kind`, `location` and `owner` of the account sort before the optional ones.
  assert.deepEqual(labels(sorted(keys)).slice(0, 3), ['kind', 'location', 'owner']);
  const values = completeAt(head.replace('data:\n      |', 'data: {}') + 'accessTier: |\n');
  assert.deepEqual(labels(values), ['Cool', 'Hot', 'Premium']);
  // An item being written: its `kind` among the kinds of its group, as in a document of its own.
  const kinds = completeAt(
    `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: eventgrid.example.org/v20200601\n    kind: |\n`,
  );
  assert.deepEqual(labels(kinds).slice(0, 4), ['Domain', 'DomainsTopic', 'EventSubscription', 'Topic']);
  const itemKeys = completeAt(
    `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: eventgrid.example.org/v20200601\n    |\n`,
  );
  assert.ok(
    ['kind', 'metadata', 'spec'].every((k) => labels(itemKeys).includes(k)),
    labels(itemKeys).join(', '),
  );
  assert.deepEqual(completeAt(`apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: |\n`), []);
  // The list's own keys are Kubernetes': nothing of ours is offered for them.
  assert.deepEqual(completeAt(`apiVersion: v1\nkind: |\nitems: []\n`), []);
});

test('a destination member: its required endpointType first, its one value offered', () => {
  const sub = `apiVersion: eventgrid.example.org/v20200601
kind: EventSubscription
metadata:
  name: s
spec:
  destination:
    webHook:
      |
`;
  const items = completeAt(sub);
  assert.equal(labels(sorted(items))[0], 'endpointType');
  assert.match(item(items, 'endpointType').detail ?? '', /required/);
  assert.deepEqual(labels(completeAt(sub.replace('|', 'endpointType: |'))), ['WebHook']);
  // Choosing a destination member writes its one endpointType with it; an advanced filter its operatorType.
  const members = completeAt(sub.replace('    webHook:\n      |', '    |'));
  assert.equal(edit(item(members, 'storageQueue')).newText, 'storageQueue:\n      endpointType: StorageQueue\n      ');
  const filters = completeAt(
    sub.replace('  destination:\n    webHook:\n      |', '  filter:\n    advancedFilters:\n      - |'),
  );
  assert.equal(edit(item(filters, 'numberIn')).newText, 'numberIn:\n          operatorType: NumberIn\n          ');
});

test('a value typed out in full gets no items: Enter after it is a line break', () => {
  const typed = completeAt(
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: s\nspec:\n  location: westus\n  kind: StorageV2|\n',
  );
  // Nothing at all: an item starting with it (or the same) would take the Enter too.
  assert.deepEqual(
    typed.map((i) => i.label),
    [],
  );
  // A prefix of it still offers it.
  const prefix = completeAt(
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: s\nspec:\n  location: westus\n  kind: StorageV|\n',
  );
  assert.ok(prefix.some((i) => i.label === 'StorageV2'));
});

test('under owner: name before armId, and choosing name opens the workspace names at once', () => {
  const items = completeAt(
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: s\nspec:\n  owner:\n    |\n',
  );
  assert.deepEqual(bySort(items), ['name', 'armId']);
  assert.equal(item(items, 'name').command?.command, 'editor.action.triggerSuggest');
});
