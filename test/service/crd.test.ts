// Kinds from CustomResourceDefinitions: every folder of test/fixtures/crds is one workspace (its CRDs and
// its manifests read by one analysis); each file's diagnostics must be exactly the ones written inline.
// Then what the editor shows for a CRD's kind (completion, hover) and how the kinds follow the CRD files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileRule, judge, rewriteIndexedHas } from '../../server/src/service/checks/crd/rules/celRules';
import { Analysis } from '../../server/src/service/analysis';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { complete } from '../../server/src/service/features/complete';
import { severityOf } from '../../server/src/service/core/diag';
import { hover } from '../../server/src/service/features/hover';
import { versionMoves } from '../../server/src/service/features/versionMoves';
import { definitionAt } from '../../server/src/service/workspace/navigate';
import { documentSymbols, workspaceSymbols } from '../../server/src/service/workspace/symbols';
import { asActual, compared, fmt, readExpectations } from '../expectations';
import { crdText } from '../helpers/manifests';

const root = join(__dirname, '..', 'fixtures', 'crds');
const WIDGET_CRD = readFileSync(join(root, 'widgets', 'crd.yaml'), 'utf8');

/** An analysis of the files of a folder, CRDs applied. */
function workspace(files: [string, string][]): Analysis {
  const a = new Analysis();
  for (const [uri, text] of files) a.indexFile(uri, text);
  a.applyCrds();
  return a;
}

for (const dir of readdirSync(root)) {
  const files = readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f): [string, string] => [`file:///${dir}/${f}`, readFileSync(join(root, dir, f), 'utf8')]);
  for (const [uri, text] of files)
    test(`crds: ${uri.slice('file:///'.length)}`, () => {
      const a = workspace(files);
      const file = a.parse(text);
      const actual = asActual(file.lines, a.fileDiagnostics(uri, file));
      const { got, want } = compared(readExpectations(text), actual);
      assert.deepEqual(got, want, `messages:\n${actual.map((x) => `  ${fmt(x)}: ${x.message}`).join('\n')}`);
    });
}

const MANIFEST = `apiVersion: example.org/v1
kind: Widget
metadata: {name: w}
spec:
  color: red
  
`;

test('crds: completion of a CRD kind lists its keys, required first, with the descriptions as docs', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const file = a.parse(MANIFEST);
  const items = complete(file, MANIFEST.lastIndexOf('  \n') + 2);
  const labels = items.map((i) => i.label);
  assert.equal(labels[0], 'size', labels.join(', '));
  assert.ok(labels.includes('ports') && labels.includes('template') && !labels.includes('color'), labels.join(', '));
  const size = items.find((i) => i.label === 'size')!;
  assert.match(JSON.stringify(size.documentation), /How many parts the widget has/);
  const colors = complete(file, MANIFEST.indexOf('red')).map((i) => i.label);
  assert.deepEqual(colors, ['red', 'green', 'blue']);
});

test('crds: hover on a CRD field shows its type, required, limits, default, description and the CRD', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const file = a.parse(MANIFEST);
  const h = hover(file, MANIFEST.indexOf('color'))!.markdown;
  assert.match(h, /`spec\.color`/);
  assert.match(h, /The paint/);
  assert.match(h, /\*\*Default:\*\* `red`/);
  assert.match(h, /`green`/);
  assert.match(h, /CustomResourceDefinition `widgets\.example\.org`, version `v1`/);
  const kind = hover(file, MANIFEST.indexOf('Widget'))!.markdown;
  assert.match(kind, /Defined by:\*\* the CustomResourceDefinition `widgets\.example\.org` in `crd\.yaml`/);
});

test('crds: apiVersion completion offers the CRD group as it is, beside the built-in groups', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const text = 'apiVersion: \n';
  const labels = complete(a.parse(text), 12).map((i) => i.label);
  assert.ok(labels.includes('example.org/v1') && labels.includes('example.org/v1beta1'), labels.join(', '));
  assert.ok(labels.includes('storage.cloud.example.com/v20220901'), labels.join(', '));
});

test('crds: the kinds follow the CRD file: changed, its limits change; removed, the kind is no longer known', () => {
  const manifest = 'apiVersion: example.org/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: 15\n';
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const codes = () => a.fileDiagnostics('file:///w/m.yaml', a.parse(manifest)).map((d) => d.code);
  assert.deepEqual(codes(), ['value-range']);
  a.indexFile('file:///w/crd.yaml', WIDGET_CRD.replace('maximum: 10', 'maximum: 20'));
  assert.equal(a.crdsChanged, true);
  assert.equal(a.applyCrds(), true);
  assert.deepEqual(codes(), []);
  a.unindexFile('file:///w/crd.yaml');
  a.applyCrds();
  assert.deepEqual(codes(), [], 'a kind no CRD defines is not ours');
  assert.equal(a.registry.lookup('example.org/v1', 'Widget').status, 'notOurs');
});

test('crds: an indexed manifest is analysed again when the CRDs change (the index holds the new kinds)', () => {
  const manifest = 'apiVersion: example.org/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: 15\n';
  const a = new Analysis();
  a.indexFile('file:///w/m.yaml', manifest);
  assert.deepEqual(a.fileDiagnostics('file:///w/m.yaml'), []);
  assert.equal(a.index.manifestCount, 0);
  a.indexFile('file:///w/crd.yaml', WIDGET_CRD);
  a.applyCrds();
  assert.deepEqual(
    a.fileDiagnostics('file:///w/m.yaml').map((d) => d.code),
    ['value-range'],
  );
  assert.equal(a.index.manifestCount, 1, 'the Widget joins the index (the CRD itself is not a manifest of ours)');
});

test('crds: hover lists the CEL rules of a field and says a transition rule is not checked', () => {
  const crd = readFileSync(join(root, 'cel', 'crd.yaml'), 'utf8');
  const a = workspace([['file:///w/crd.yaml', crd]]);
  const text = 'apiVersion: cel.example.org/v1\nkind: Scaler\nmetadata: {name: s-a}\nspec:\n  maxReplicas: 1\n';
  const h = hover(a.parse(text), text.indexOf('spec'))!.markdown;
  assert.match(h, /self\.minReplicas <= self\.maxReplicas` — minReplicas must not exceed maxReplicas/);
  assert.match(h, /self\.maxReplicas >= oldSelf\.maxReplicas`[^\n]*a transition rule[^\n]*does not check it/);
  assert.doesNotMatch(h.split('\n').find((l) => l.includes('startsWith')) ?? '', /transition/);
});

test('crds: the fix of a deprecated version moves the manifest to the storage version, which then checks clean', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const text = 'apiVersion: example.org/v1beta1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: 2\n';
  const [d] = a.fileDiagnostics('file:///w/m.yaml', a.parse(text));
  assert.equal(d.code, 'crd-version-deprecated');
  assert.match(d.message, /^example\.org\/v1beta1 Widget is deprecated; use example\.org\/v1\. Every field/);
  const data = d.data as { fix: string; candidates: { text: string }[] };
  assert.equal(data.fix, 'replace');
  assert.deepEqual(
    versionMoves(a.parse(text), text.indexOf('v1beta1')),
    [],
    'the quick fix moves it, not a refactoring too',
  );
  const fixed = text.slice(0, d.start) + data.candidates[0].text + text.slice(d.end);
  assert.equal(fixed.split('\n')[0], 'apiVersion: example.org/v1');
  assert.deepEqual(
    a.fileDiagnostics('file:///w/m.yaml', a.parse(fixed)).map((x) => x.code),
    [],
    'v1 requires `color`, which its default fills',
  );
});

test('crds: a value the storage version does not allow stands in the way of the move, named in the message', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const text =
    'apiVersion: example.org/v1alpha1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: 2\n  color: purple\n';
  const file = a.parse(text);
  const [d] = a.fileDiagnostics('file:///w/m.yaml', file);
  assert.equal(d.code, 'crd-version-not-served');
  assert.match(
    d.message,
    /`v1` is the version to move to, but it does not take what the manifest writes at `spec\.color`/,
  );
  assert.equal(d.data, undefined, 'no move offered');
  const blue = text.replace('purple', 'blue');
  const [e] = a.fileDiagnostics('file:///w/m.yaml', a.parse(blue));
  assert.match(e.message, /Every field it sets exists in `v1`: write `example\.org\/v1`\.$/);
});

test('crds: an empty document offers a snippet of each CRD kind (its storage version), valid once filled in', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const items = complete(a.parse(''), 0);
  const widget = items.filter((i) => i.label.startsWith('Widget '));
  assert.deepEqual(
    widget.map((i) => i.label),
    ['Widget (example.org v1)'],
    'one version: the storage one (v1beta1 is deprecated, v1alpha1 not served)',
  );
  assert.ok(
    items.some((i) => i.label.startsWith('StorageAccount ')),
    'the built-in kinds too',
  );
  const filled = /```yaml\n([^]*)```/.exec((widget[0].documentation as { value: string }).value)![1];
  assert.match(filled, /^apiVersion: example\.org\/v1\nkind: Widget\n/);
  assert.deepEqual(
    a
      .fileDiagnostics('file:///w/new.yaml', a.parse(filled))
      .filter((d) => severityOf(d) === 'error')
      .map((d) => `${d.code}: ${d.message}`),
    [],
  );
});

test('crds: an operator bundle of many kinds gets no snippets (kind: completion lists them instead)', () => {
  const many = Array.from(
    { length: 41 },
    (_, i) =>
      `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: k${i}s.many.example.org}\nspec:\n  group: many.example.org\n  names: {kind: K${i}, plural: k${i}s}\n  scope: Namespaced\n  versions:\n    - name: v1\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema: {type: object}\n`,
  ).join('---\n');
  const a = workspace([['file:///w/crds.yaml', many]]);
  assert.equal(a.registry.kinds.filter((d) => d.crd).length, 41);
  const labels = complete(a.parse(''), 0).map((i) => i.label);
  assert.ok(!labels.some((l) => l.includes('many.example.org')), labels.join(', '));
  assert.ok(labels.some((l) => l.startsWith('StorageAccount ')));
});

test('crds: a CRD edited with the index built again in slices: files come back one by one, none stale', () => {
  const widget = (name: string, size: number) =>
    `apiVersion: example.org/v1\nkind: Widget\nmetadata: {name: ${name}}\nspec: {size: ${size}, color: red}\n`;
  const a = workspace([
    ['file:///w/crd.yaml', WIDGET_CRD],
    ['file:///w/a.yaml', widget('a', 15)],
    ['file:///w/b.yaml', widget('b', 15)],
    ['file:///w/c.yaml', widget('c', 15)],
  ]);
  a.indexFile('file:///w/crd.yaml', WIDGET_CRD.replace('maximum: 10', 'maximum: 20'));
  assert.equal(a.applyCrds({ deferIndex: true }), true);
  assert.deepEqual(a.index.uris(), [], 'queued, not indexed yet');
  assert.ok(a.docs.holdsFile('file:///w/c.yaml'), 'but held: a deletion meanwhile must find it');
  assert.equal(a.docs.heldFiles().length, 4);
  // One file at a time: the first call stops after one.
  let calls = 0;
  assert.equal(
    a.reindexPending(() => calls++ > 0),
    false,
  );
  assert.equal(a.index.uris().length, 1);
  // Meanwhile b is edited and c deleted: b keeps its new text, c does not come back.
  a.indexFile('file:///w/b.yaml', widget('b', 25));
  a.unindexFile('file:///w/c.yaml');
  assert.equal(a.reindexPending(), true);
  assert.deepEqual(a.index.uris().sort(), ['file:///w/a.yaml', 'file:///w/b.yaml', 'file:///w/crd.yaml']);
  const sizeOf = (uri: string) => a.fileDiagnostics(uri, a.parse(a.index.get(uri)!.text)).map((d) => d.code);
  assert.deepEqual(sizeOf('file:///w/a.yaml'), [], 'checked with the new maximum');
  assert.deepEqual(sizeOf('file:///w/b.yaml'), ['value-range'], 'its own new text, above the new maximum');
});

test('crds: kinds changed by a CRD leave a Helm template its own text and its mask, open or indexed', () => {
  const chart = 'file:///repo/chart/';
  const template = `apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: {{ include "app.fullname" . }}\nspec: {size: 15, color: red}\n`;
  const a = new Analysis();
  a.indexFile(`${chart}Chart.yaml`, 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  const uri = `${chart}templates/widget.yaml`;
  a.indexFile(uri, a.openFile(uri, 1, template));
  a.indexFile('file:///repo/crd.yaml', WIDGET_CRD);
  assert.equal(a.applyCrds(), true);
  assert.equal(a.docs.indexedText(uri), template, "the user's text, not the mask's underscores");
  const open = a.openFile(uri, 1, template);
  assert.deepEqual(
    a.fileDiagnostics(uri, open, { complete: true }).map((d) => `${d.code} ${template.slice(d.start, d.end)}`),
    ['value-range 15'],
    'the template checked as a template with the new kinds: its literal mistake only',
  );
});

const DATABASE_CRD = crdText({
  group: 'dbs.example.io',
  kind: 'Database',
  plural: 'databases',
  spec: `              properties:
                owner:
                  type: object
                  description: Owner is expected to be a reference to a resources.azure.com/ResourceGroup resource
                  properties:
                    name: {type: string}
                    armId: {type: string}
`,
});

test('crds: manifests of CRD kinds join the index: symbols, and owners resolved where the schema has the owner shape', () => {
  const rg =
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata: {name: rg-a}\nspec: {location: westus}\n';
  const db = (name: string, owner: string) =>
    `apiVersion: dbs.example.io/v1\nkind: Database\nmetadata: {name: ${name}}\nspec:\n  owner: {name: ${owner}}\n`;
  const a = workspace([
    ['file:///w/crd.yaml', DATABASE_CRD],
    ['file:///w/rg.yaml', rg],
    ['file:///w/db.yaml', `${db('db-one', 'rg-a')}---\n${db('db-two', 'rg-b')}`],
  ]);
  assert.deepEqual(
    a.registry.lookup('dbs.example.io/v1', 'Database').status === 'ok' && a.registry.anyVersionOf('Database')?.owner,
    {
      style: 'known',
      kind: 'ResourceGroup',
    },
  );
  const names = workspaceSymbols(a.index, 'db-').map((s) => s.name);
  const dbText = `${db('db-one', 'rg-a')}---\n${db('db-two', 'rg-b')}`;
  assert.deepEqual(
    documentSymbols(a.parse(dbText)).map((s) => s.name),
    ['Database db-one', 'Database db-two'],
    'the outline',
  );
  const def = definitionAt(a.index, 'file:///w/db.yaml', dbText.indexOf('rg-a'));
  assert.deepEqual(
    def.map((l) => l.uri),
    ['file:///w/rg.yaml'],
    'the owner name leads to the ResourceGroup',
  );
  assert.deepEqual(names.sort(), ['Database db-one', 'Database db-two']);
  const file = a.parse(`${db('db-one', 'rg-a')}---\n${db('db-two', 'rg-b')}`);
  const cross = a.fileDiagnostics('file:///w/db.yaml', file, { complete: true }, 'cross');
  assert.deepEqual(
    cross.map((d) => `${d.code} ${file.text.slice(d.start, d.end)}`),
    ['owner-not-found rg-b'],
  );
});

test('crds: quick fixes as for built-in kinds: enum near miss, unknown key, missing required field, version', () => {
  const text = readFileSync(join(root, 'widgets', 'widget-errors.yaml'), 'utf8');
  const versions = readFileSync(join(root, 'widgets', 'widget-versions.yaml'), 'utf8');
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const titles = (t: string) => {
    const file = a.parse(t);
    const actions = codeActions(file, a.fileDiagnostics('file:///w/m.yaml', file));
    for (const act of actions.filter((x) => !x.title.startsWith('Disable'))) {
      // Each fix makes its diagnostic go away (codeActions offers only those; the test reads it back).
      const fixed = a.parse(applyEdits(t, act.edits));
      const after = a.fileDiagnostics('file:///w/m.yaml', fixed).filter((d) => d.code === act.diag.code);
      assert.ok(
        after.length < a.fileDiagnostics('file:///w/m.yaml', file).filter((d) => d.code === act.diag.code).length,
        act.title,
      );
    }
    return actions.map((x) => `${x.diag.code}: ${x.title}`).filter((x) => !x.includes('Disable'));
  };
  const offered = titles(text);
  for (const want of ['enum-case: Change to `red`', 'unknown-field: Remove `bogus` and its value'])
    assert.ok(offered.includes(want), `${want} in:\n${offered.join('\n')}`);
  assert.ok(
    offered.some((x) => x.startsWith('missing-required: ') && /size/.test(x)),
    offered.join('\n'),
  );
  assert.ok(titles(versions).includes('crd-version-deprecated: Change to `example.org/v1`'));
});

test('crds: a kind no CRD read defines, in a CRD group, is information that says where to name its CRD', () => {
  const a = workspace([['file:///w/crd.yaml', WIDGET_CRD]]);
  const text = 'apiVersion: example.org/v1\nkind: Widgit\nmetadata: {name: w}\n';
  const [d, ...rest] = a.fileDiagnostics('file:///w/m.yaml', a.parse(text));
  assert.deepEqual(rest, []);
  assert.equal(d.code, 'unknown-kind');
  assert.equal(severityOf(d), 'info');
  assert.equal(text.slice(d.start, d.end), 'Widgit');
  assert.match(d.message, /Did you mean `Widget`\?/);
  assert.match(d.message, /No CRD read defines it: if the cluster has one, name its file in the `crds` setting\./);
});

test('crds: CEL rules as Kubernetes writes them compile and run, its libraries included', () => {
  for (const rule of [
    'self.?x.orValue(1) > 0',
    'isURL(self.u)',
    "quantity(self.q).isGreaterThan(quantity('1'))",
    'format.dns1123Label().validate(self.name).hasValue()',
    'self.all(k, k.size() < 5)',
    'has(self.items[0].name) && has(self.a.b)',
  ])
    assert.ok(compileRule(rule).ok, rule);
  const rule = (r: string) => ({ rule: r, message: 'broken' });
  assert.equal(judge(rule('self.?x.orValue(1) > 0'), { x: 0n }), 'broken');
  assert.equal(judge(rule('self.?x.orValue(1) > 0'), {}), undefined);
  assert.equal(judge(rule('isURL(self.u)'), { u: 'x' }), 'broken', "Kubernetes' URL library: `x` is no URL");
  assert.equal(judge(rule('isURL(self.u)'), { u: 'https://example.com/a' }), undefined);
  assert.equal(rewriteIndexedHas('has(self.a[0].b) && has(self.c)'), "('b' in self.a[0]) && has(self.c)");
  assert.equal(judge(rule('has(self.a[0].b)'), { a: [{}] }), 'broken');
  assert.equal(judge(rule('has(self.a[0].b)'), { a: [{ b: 1n }] }), undefined);
});

test('crds: a schema nested beyond 100 YAML levels (50 properties deep) is read and checked, not a crash', () => {
  // Each property nests two levels of YAML (`properties:`, then the property), in the spec's schema at 14 spaces.
  const DEPTH = 50;
  const lines: string[] = [];
  for (let i = 0; i < DEPTH; i++) {
    const pad = ' '.repeat(14 + 4 * i);
    lines.push(`${pad}properties:`, `${pad}  c:`, `${pad}    type: ${i === DEPTH - 1 ? 'integer' : 'object'}`);
  }
  const crd = crdText({ group: 'deep.example.org', kind: 'Deep', plural: 'deeps', spec: `${lines.join('\n')}\n` });
  const value = `${'{c: '.repeat(DEPTH)}x${'}'.repeat(DEPTH)}`;
  const text = `apiVersion: deep.example.org/v1\nkind: Deep\nmetadata: {name: d}\nspec: ${value}\n`;
  const a = workspace([['file:///w/crd.yaml', crd]]);
  assert.deepEqual(a.fileDiagnostics('file:///w/crd.yaml', a.parse(crd)), []);
  const diags = a.fileDiagnostics('file:///w/m.yaml', a.parse(text));
  assert.deepEqual(
    diags.map((d) => [d.code, text.slice(d.start, d.end)]),
    [['wrong-type', 'x']],
  );
  assert.match(diags[0].message, /^`spec(\.c){50}` must be an integer; found the string "x"/);
});

test('crds: a list kind the CRD names otherwise, and null in a required nullable field, are accepted', () => {
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: notes.example.org}
spec:
  group: example.org
  names: {kind: Note, plural: notes, listKind: NoteCollection}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [text]
              properties:
                text: {type: string, nullable: true}
`;
  const a = workspace([['file:///w/crd.yaml', crd]]);
  const codes = (text: string) => a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).map((d) => d.code);
  const note = (text: string) =>
    `apiVersion: example.org/v1\nkind: Note\nmetadata: {name: note-1}\nspec:\n  text: ${text}\n`;
  assert.deepEqual(codes(note('null')), []);
  assert.deepEqual(codes(note('1')), ['wrong-type']);
  assert.deepEqual(
    codes(
      'apiVersion: example.org/v1\nkind: NoteCollection\nitems:\n  - metadata: {name: note-1}\n    spec: {text: hi}\n',
    ),
    [],
  );
  assert.deepEqual(
    codes('apiVersion: example.org/v1\nkind: NoteCollection\nitems:\n  - metadata: {name: note-1}\n    spec: {}\n'),
    ['missing-required'],
  );
});

test('crds: a rule whose types do not fit the schema is reported on the rule (the API server refuses the CRD); fixed, it is clean', () => {
  const crd = (key: string, expression: string) =>
    crdText({
      group: 'example.org',
      kind: 'Pool',
      plural: 'pools',
      spec: `              x-kubernetes-validations:
                - rule: ${key === 'rule' ? JSON.stringify(expression) : 'self.minReplicas >= 0'}
                  ${key === 'rule' ? 'message: broken' : `messageExpression: ${JSON.stringify(expression)}`}
              properties:
                minReplicas: {type: integer}
                name: {type: object, properties: {first: {type: string}}}
                items: {type: array, items: {type: string}}
`,
    });
  const problems = (key: string, expression: string) => {
    const text = crd(key, expression);
    const a = new Analysis();
    const file = a.parse(text);
    const written = text.split('\n').findIndex((l) => l.includes(JSON.stringify(expression)));
    return asActual(file.lines, a.fileDiagnostics('file:///w/crd.yaml', file)).map((d) => ({
      onItsLine: d.line === written,
      code: d.code,
      at: file.lines.lineText(d.line).slice(d.start, d.end),
      message: d.message,
    }));
  };
  for (const [key, broken, fixed, at, said] of [
    [
      'rule',
      'self.minReplicas + "x" == "1x"',
      'string(self.minReplicas) == "1"',
      'self.minReplicas + \\"x\\"',
      /no such overload: int \+ string/,
    ],
    [
      'rule',
      'self.name.size() > 3',
      'self.name.first.size() > 3',
      'self.name.size()',
      /no matching overload for 'object\.size\(\)'/,
    ],
    [
      'rule',
      'self.nosuchfield == 1',
      'self.minReplicas == 1',
      'nosuchfield',
      /no field `nosuchfield` in `spec` \(its fields: minReplicas, name, items\)/,
    ],
    [
      'rule',
      'self.items.all(i, i.port > 0)',
      'self.items.all(i, i.size() > 0)',
      'port',
      /a value of type string has no field `port`/,
    ],
    [
      'rule',
      'self.minReplicas',
      'self.minReplicas > 0',
      '"self.minReplicas"',
      /^The CEL rule gives int, not bool: write a condition/,
    ],
    [
      'messageExpression',
      'self.minReplicas',
      'string(self.minReplicas)',
      '"self.minReplicas"',
      /^The CEL message expression gives int, not string/,
    ],
  ] as const) {
    const got = problems(key, broken);
    assert.equal(got.length, 1, `${broken}: ${JSON.stringify(got)}`);
    assert.equal(got[0].code, 'crd-rule-refused');
    assert.ok(got[0].onItsLine, broken);
    assert.equal(got[0].at, at, broken);
    assert.match(got[0].message, /^The CEL (rule|message expression) (does not compile against the schema|gives)/);
    assert.match(got[0].message, said, broken);
    assert.deepEqual(problems(key, fixed), [], fixed);
  }
  // A transition rule is type-checked on the CRD like any other, and still never run on a manifest.
  assert.deepEqual(problems('rule', 'self.minReplicas >= oldSelf.minReplicas'), []);
  assert.equal(judge({ rule: 'self.minReplicas >= oldSelf.minReplicas' }, { minReplicas: 0n }), undefined);
});

test('crds: hover on a rule in a CRD shows the type of self there, with its fields; a transition rule says it is not run', () => {
  const text = readFileSync(join(root, 'cel-types', 'crd.yaml'), 'utf8');
  const file = new Analysis().parse(text);
  const at = (needle: string) => hover(file, text.indexOf(needle) + 2)?.markdown ?? '';
  assert.match(at('self.minReplicas + "x"'), /^\*\*`self`\*\* — `object`: the value at `spec`/);
  assert.match(at('self.minReplicas + "x"'), /`minReplicas` int, `maxReplicas` int, `ratio` double/);
  assert.match(at('self.minReplicas + "x"'), /`ports` list\(string\), `labels` map\(string, string\)/);
  assert.match(at('self.weight + 1'), /`object`: the value at `spec\.backends\[\*\]`[\s\S]*Fields: `weight` int\./);
  assert.match(at('self.size() <= 4'), /`string`: the value at `spec\.mode`/);
  assert.match(at('self.metadata.name.size()'), /the root of the resource[\s\S]*`apiVersion` string, `kind` string/);
  assert.match(at('self.maxReplicas >= oldSelf'), /A transition rule[^\n]*against its committed version/);
  assert.doesNotMatch(at('self.minReplicas + "x"'), /transition/);
  assert.equal(hover(file, text.indexOf('group: types') + 2), undefined);
});

test('crds: an enum value in another case is an error (the API server matches enums exactly); each allowed spelling is a fix', () => {
  const crd = readFileSync(join(root, 'enum-case', 'crd.yaml'), 'utf8');
  const a = workspace([['file:///p/crd.yaml', crd]]);
  const text = 'apiVersion: example.org/v1\nkind: Probe\nmetadata: {name: p}\nspec:\n  mode: Head\n';
  const file = a.parse(text);
  const diags = a.fileDiagnostics('file:///p/m.yaml', file);
  assert.deepEqual(
    diags.map((d) => `${d.code} ${severityOf(d)} ${text.slice(d.start, d.end)}`),
    ['enum-case error Head'],
  );
  const actions = codeActions(file, diags).filter((x) => !x.title.startsWith('Disable'));
  assert.deepEqual(
    actions.map((x) => x.title),
    ['Change to `head`', 'Change to `HEAD`'],
  );
  for (const act of actions)
    assert.deepEqual(a.fileDiagnostics('file:///p/m.yaml', a.parse(applyEdits(text, act.edits))), []);
});

test("crds: a message expression's text is the message when it is one line of at most 5 KiB, else the rule's message", () => {
  const v = { rule: 'false', message: 'the short one', messageExpression: 'self.s' };
  assert.equal(judge(v, { s: '  five  ' }), 'five');
  assert.equal(judge(v, { s: 'é'.repeat(2560) }), 'é'.repeat(2560)); // 5,120 bytes
  assert.equal(judge(v, { s: 'é'.repeat(2560) + 'x' }), 'the short one');
  assert.equal(judge(v, { s: 'two\nlines' }), 'the short one');
  assert.equal(judge(v, { s: '   ' }), 'the short one');
  assert.equal(judge({ rule: 'false', messageExpression: 'self.s' }, { s: '' }), 'failed rule: false');
});
