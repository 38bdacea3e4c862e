// Helm templates: the mask (helm/mask.ts) keeps every offset, blanks the lines that are only actions and
// turns the other actions into words; through the analysis, a template (below the `templates/` folder of a
// chart whose Chart.yaml it indexed) gets only the problems of its literal parts, and completion, hover and
// go to definition work on it as on a plain manifest.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { complete } from '../../server/src/service/features/complete';
import { MAX_VARIANTS, maskTemplate } from '../../server/src/service/workspace/helm/mask';
import { asWritten } from '../../server/src/service/workspace/helm/unmask';
import { hover } from '../../server/src/service/features/hover';
import { definitionAt } from '../../server/src/service/workspace/navigate';
import { cursor } from '../helpers/cursor';

const CHART = 'file:///repo/chart/';
const GROUP = `apiVersion: resources.cloud.example.com/v1api20200601
kind: ResourceGroup
metadata:
  name: app-rg
spec:
  location: westus2
`;

/** An analysis that indexed a chart's Chart.yaml, a resource group and the given templates. */
function chart(templates: Record<string, string>): Analysis {
  const a = new Analysis();
  a.indexFile(`${CHART}Chart.yaml`, 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  a.indexFile(`${CHART}group.yaml`, GROUP);
  for (const [name, text] of Object.entries(templates)) a.indexFile(`${CHART}templates/${name}`, text);
  return a;
}

/** The diagnostics of a template as `code text-under-range` pairs. */
function problems(text: string): string[] {
  const a = chart({ 't.yaml': text });
  const uri = `${CHART}templates/t.yaml`;
  return a
    .fileDiagnostics(uri, a.openFile(uri, 1, text), { complete: true })
    .map((d) => `${d.code} ${text.slice(d.start, d.end)}`);
}

const ACCOUNT_HEAD = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ include "app.fullname" . }}
`;

describe('the mask of a template', () => {
  test('keeps every offset and line, blanks lines of actions, turns other actions into words', () => {
    const text = `${ACCOUNT_HEAD}  labels:\n    {{- include "app.labels" . | nindent 4 }}\nspec:\n  location: "{{ .Values.location }}"\n`;
    const m = maskTemplate(text);
    const masked = m.variants[0].text;
    assert.equal(masked.length, text.length);
    assert.deepEqual(
      masked.split('\n').map((l) => l.length),
      text.split('\n').map((l) => l.length),
    );
    assert.match(masked, /\n {4} +\n/, 'the include line is blank');
    assert.match(masked, /location: "[\uE000-\uF8FF]+"/);
    assert.match(masked, /name: [\uE000-\uF8FF]+\n/);
    assert.deepEqual(
      m.values.map(([s, e]) => text.slice(s, e)),
      ['{{ include "app.fullname" . }}', '{{ .Values.location }}'],
    );
    // A position in the masked text is the user's.
    assert.deepEqual(m.variants[0].spanToUser(text.indexOf('location'), text.indexOf('location') + 8), [
      text.indexOf('location'),
      text.indexOf('location') + 8,
    ]);
  });

  test('one variant per branch of an if/else chain, the other branches blanked', () => {
    const text = `spec:\n  {{- if .Values.a }}\n  kind: A\n  {{- else if .Values.b }}\n  kind: B\n  {{- else }}\n  kind: C\n  {{- end }}\n`;
    const kinds = maskTemplate(text).variants.map((v) => [...v.text.matchAll(/kind: (\w)/g)].map((x) => x[1]).join());
    assert.deepEqual(kinds, ['A', 'B', 'C']);
  });

  test('many actions on one line and many action lines: every action masked, the length kept', () => {
    const line = `a: ${'{{ .x }}'.repeat(20000)}\n`;
    const lines = '{{- include "x" . | nindent 2 }}\n'.repeat(20000);
    for (const text of [line, `spec:\n${lines}`]) {
      const m = maskTemplate(text);
      assert.equal(m.variants[0].text.length, text.length);
      assert.doesNotMatch(m.variants[0].text, /[{}]/);
    }
  });

  test('an unclosed action and a define body never throw and keep the length', () => {
    for (const text of ['a: {{ .x', '{{- define "x" }}\nfoo: [\n{{- end }}\nb: 1\n', '{{ end }}{{ else }}\n']) {
      const m = maskTemplate(text);
      for (const v of m.variants) assert.equal(v.text.length, text.length);
    }
    assert.doesNotMatch(maskTemplate('{{- define "x" }}\nfoo: [\n{{- end }}\nb: 1\n').variants[0].text, /foo/);
  });
});

describe('template diagnostics', () => {
  test('values written as actions fit any type; a literal mistake is found', () => {
    const text = `${ACCOUNT_HEAD}spec:
  location: {{ .Values.location }}
  kind: StorageV2
  sku:
    name: {{ .Values.sku | default "Standard_LRS" }}
  owner:
    name: app-rg
  allowBlobPublicAccess: {{ .Values.public }}
  minimumTlsVersion: "TLS{{ .Values.tls }}"
  accessTier: Hott
`;
    assert.deepEqual(problems(text), ['enum-value Hott']);
  });

  test('an expression with an action in it is not judged; a literal expression is', () => {
    const rules = (expr: string) => `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: alerts
spec:
  location: westus2
  owner:
    name: app-rg
  clusterName: aks
  scopesReferences:
    - group: monitor.cloud.example.com
      kind: Account
      name: metrics
  rules:
    - alert: High
      expression: ${expr}
`;
    assert.deepEqual(
      problems(rules('sum(rate(http_requests_total[{{ .Values.window }}])) by (job) > {{ .Values.limit }}')),
      [],
    );
    // The action closes what the literal opened: the parser's complaint lands on the literal `(`.
    assert.deepEqual(problems(rules('sum(rate(http_requests_total[5m]) {{ ")" | repeat 1 }} > 1')), []);
    assert.deepEqual(
      problems(rules('sum(rate(http_requests_total[5m]) by (job) > 1')).map((p) => p.split(' ')[0]),
      ['promql-syntax'],
    );
  });

  test('a required field no action could supply is missing; a whole-block include may supply any', () => {
    const missing = `${ACCOUNT_HEAD}spec:\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: app-rg\n`;
    assert.deepEqual(problems(missing), ['missing-required spec']);
    const assigned = `${ACCOUNT_HEAD}spec:\n  {{- $rg := .Values.group }}\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: app-rg\n`;
    assert.deepEqual(problems(assigned), ['missing-required spec'], 'a variable set outputs nothing');
    const included = `${ACCOUNT_HEAD}spec:\n  {{- include "app.placement" . | nindent 2 }}\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n`;
    assert.deepEqual(problems(included), []);
  });

  test('an include after a key (`labels: {{- include … | nindent 4 }}`) keeps the literal keys below', () => {
    const text = `${ACCOUNT_HEAD}  labels: {{- include "app.labels" . | nindent 4 }}
    app.kubernetes.io/component: storage
spec: {{- include "app.placement" . | nindent 2 }}
  kind: StorageV2
  sku:
    name: Standard_LRSS
`;
    assert.deepEqual(problems(text), ['enum-value Standard_LRSS']);
  });

  test('keys in both branches of an if/else are no duplicates; keys inside an if count as present', () => {
    const text = `${ACCOUNT_HEAD}spec:
  {{- if .Values.premium }}
  kind: BlockBlobStorage
  sku:
    name: Premium_LRS
  {{- else }}
  kind: StorageV2
  sku:
    name: Standard_LRSS
  {{- end }}
  {{- if .Values.location }}
  location: {{ .Values.location }}
  {{- end }}
  owner:
    name: app-rg
`;
    assert.deepEqual(problems(text), ['enum-value Standard_LRSS']);
  });

  test('the same text outside a chart is a plain manifest (an action there is a YAML flow mapping)', () => {
    const text = `${ACCOUNT_HEAD}spec:\n  location: {{ .Values.location }}\n`;
    const a = new Analysis();
    a.indexFile('file:///repo/other/templates/t.yaml', text);
    const codes = a
      .fileDiagnostics('file:///repo/other/templates/t.yaml')
      .map((d) => `${d.code} ${text.slice(d.start, d.end)}`);
    assert.ok(codes.includes('wrong-type {{ .Values.location }}'), codes.join('; '));
  });
});

describe('templated values: what the literal parts decide whatever the action writes', () => {
  const account = (name: string, spec = '') => `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ${name}
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: app-rg
${spec}`;
  const messages = (text: string) => {
    const a = chart({ 't.yaml': text });
    const uri = `${CHART}templates/t.yaml`;
    return a.fileDiagnostics(uri, a.openFile(uri, 1, text), { complete: true }).map((d) => asWritten(d.message));
  };

  test('a name whose literal part holds characters no name allows: an error on that part', () => {
    // One message for the name, whichever rules its literal part breaks (the object-name rule and the
    // StorageAccount's are one check where `metadata.name` is the cloud name).
    for (const name of ['My_{{ .Values.env }}', '"My_{{ .Values.env }}"'])
      assert.deepEqual(problems(account(name)), ['name-limit My_'], name);
    // Nothing where some value of the action makes the name valid.
    for (const name of [
      '{{ include "app.fullname" . }}',
      'store{{ .Values.env }}',
      '"{{ .Values.prefix }}store{{ .Values.suffix }}"',
      // `{{-` trims the blanks before it from the output.
      'store   {{- .Values.env }}',
    ])
      assert.deepEqual(problems(account(name)), [], name);
    // A container allows `-`: a name built on the chart's full name.
    assert.deepEqual(
      problems(`apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: {{ include "app.fullname" . }}-images
spec:
  owner:
    name: {{ include "app.fullname" . }}-blob
`),
      [],
    );
    assert.deepEqual(messages(account('My_{{ .Values.env }}')).slice(0, 1), [
      '`metadata.name` has characters that are not allowed: its literal text "My_" holds `M` and `_`; a Kubernetes object name is lowercase letters, digits, `-` and `.`, starting and ending with a letter or digit. No value of the template action can make it valid.',
    ]);
  });

  test('an IPv4 octet over 255 between dots, and an enum value no allowed value starts with', () => {
    const spec = `  networkAcls:
    defaultAction: Deny
    ipRules:
      - value: 10.0.{{ .Values.octet }}.300
      - value: "{{ .Values.net }}.256.0/24"
      - value: 10.0.{{ .Values.octet }}.3
      - value: "{{ .Values.a }}.1.2.3/24"
      - value: 10.0.2{{ .Values.b }}.1
      - value: "{{ .Values.net }}/24"
  accessTier: Warm{{ .Values.tier }}
  minimumTlsVersion: TLS{{ .Values.tls }}
  largeFileSharesState: {{ .Values.state }}abled
`;
    assert.deepEqual(problems(account('appstore', spec)), ['format 300', 'format 256', 'enum-value Warm']);
    assert.ok(
      messages(account('appstore', spec)).includes(
        '`spec.accessTier` does not allow a value starting with "Warm": no allowed value does; allowed: `Cool`, `Hot` or `Premium`. No value of the template action can make it valid.',
      ),
    );
  });
});

describe('a template read as Go reads it, and bounded', () => {
  const ACCOUNT = `${ACCOUNT_HEAD}spec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: app-rg\n`;

  test('a comment holding actions is a comment, however many templates it holds', () => {
    assert.deepEqual(problems(`{{/*\nname: {{ .Values.x }}\n*/}}\n${ACCOUNT}`), []);
    const many = `{{- /*\n${'name: {{ .Values.x }}\n'.repeat(1000)}*/ -}}\n${ACCOUNT}`;
    assert.deepEqual(problems(many), []);
  });

  test('`}}` in a string inside an action does not end it: one value', () => {
    const text = `${ACCOUNT}  allowBlobPublicAccess: {{ ne .Values.x "}}" | and (ne .Values.y ` + '`}}`' + `) }}\n`;
    assert.deepEqual(problems(text), []);
    assert.match(maskTemplate(text).variants[0].text, /allowBlobPublicAccess: [\uE000-\uF8FF]+\n$/);
  });

  test("where Go's lexer stops: template-syntax, and nothing after it checked", () => {
    const text = `${ACCOUNT}  accessTier: {{/* a comment */ }}\n  kind: Wrong\n`;
    assert.deepEqual(problems(text), ['template-syntax  ']);
    const d = chart({ 't.yaml': text })
      .fileDiagnostics(`${CHART}templates/t.yaml`)
      .find((x) => x.code === 'template-syntax');
    assert.match(d!.message, /comment ends before closing delimiter; write `}}` right after `\*\/`/);
  });

  test('a chain of more branches than variants: the later ones said once not to be checked', () => {
    const branches = ['A', 'B', 'C', 'D', 'E', 'F'];
    const chain = (indent: string) =>
      branches
        .map((b, i) => `${indent}{{- ${i === 0 ? 'if' : 'else if'} eq .Values.t "${b}" }}\n${indent}accessTier: ${b}\n`)
        .join('') + `${indent}{{- end }}\n`;
    const text = `${ACCOUNT}${chain('  ')}`;
    const m = maskTemplate(text);
    assert.equal(m.variants.length, MAX_VARIANTS);
    // The same chain in a define body (never checked: blanked) makes no variant and no note.
    const defined = maskTemplate(`{{- define "tier" }}\n${chain('')}{{- end }}\n${ACCOUNT}`);
    assert.deepEqual([defined.variants.length, defined.unchecked], [1, undefined]);
    // Tiers A to D are checked (each an enum-value), E and F are not.
    assert.deepEqual(problems(text), [
      'enum-value A',
      'enum-value B',
      'enum-value C',
      'enum-value D',
      'template-branches-unchecked {{- else if eq .Values.t "E" }}',
    ]);
  });

  test('nested if/else chains: one variant per branch index, each blanked in one pass', () => {
    const n = 3000;
    let text = `${ACCOUNT}  tags:\n`;
    for (let i = 0; i < n; i++) text += `  {{- if .Values.a${i} }}\n    a${i}: x\n  {{- else }}\n`;
    text += `    z: "y"\n${'  {{- end }}\n'.repeat(n)}`;
    const m = maskTemplate(text);
    assert.equal(m.variants.length, 2);
    for (const v of m.variants) assert.equal(v.text.length, text.length);
    const keys = (t: string) => [...t.matchAll(/ (a\d+|z): /g)].map((x) => x[1]);
    // The first keeps the outer if branch (the rest nests in its else), the second every else.
    assert.deepEqual(
      m.variants.map((v) => keys(v.text)),
      [['a0'], ['z']],
    );
    assert.deepEqual(problems(text), []);
  });
});

describe('editing a template', () => {
  const src = `${ACCOUNT_HEAD}  labels:
    {{- include "app.labels" . | nindent 4 }}
spec:
  location: {{ .Values.location }}
  minimumTlsVersion: TLS1_2
  owner:
    name: app-rg
  ¦
`;

  test('completion lists the fields after an action line', () => {
    const { text, offset } = cursor(src, '¦');
    const a = chart({});
    const file = a.openFile(`${CHART}templates/account.yaml`, 1, text);
    const labels = complete(file, offset).map((c) => c.label);
    assert.ok(labels.includes('accessTier'), labels.join());
  });

  test('hover on a literal key shows the field', () => {
    const { text } = cursor(src, '¦');
    const a = chart({});
    const file = a.openFile(`${CHART}templates/account.yaml`, 1, text);
    const at = text.indexOf('minimumTlsVersion') + 3;
    const h = hover(file, at);
    assert.ok(h, 'a hover');
    assert.match(h.markdown, /TLS/);
    assert.equal(text.slice(h.start, h.end), 'minimumTlsVersion');
  });

  test('hover in an else branch reads the variant that keeps it', () => {
    const text = `${ACCOUNT_HEAD}spec:
  {{- if .Values.premium }}
  kind: BlockBlobStorage
  {{- else }}
  accessTier: Hot
  {{- end }}
`;
    const a = chart({});
    const file = a.openFile(`${CHART}templates/account.yaml`, 1, text);
    const at = text.indexOf('accessTier') + 2;
    assert.equal(hover(file, at), undefined, 'the first variant blanks the else branch');
    const h = hover(a.docs.variantAt(file, at), at);
    assert.ok(h, 'a hover');
    assert.equal(text.slice(h.start, h.end), 'accessTier');
  });

  test('go to definition from a literal owner name to the resource group', () => {
    const { text } = cursor(src, '¦');
    const a = chart({ 'account.yaml': text });
    const at = text.indexOf('name: app-rg') + 8;
    const locs = definitionAt(a.index, `${CHART}templates/account.yaml`, at);
    assert.deepEqual(
      locs.map((l) => l.uri),
      [`${CHART}group.yaml`],
    );
  });
});

describe('strings derived from a masked template read back as written', () => {
  const user = 'metadata:\n  name: "{{ .Values.name }}-blob"\n  namespace: {{ .Release.Namespace }}\n';
  const masked = maskTemplate(user).variants[0].text;
  const span = (needle: string): [number, number] => [user.indexOf(needle), user.indexOf(needle) + needle.length];

  test('a name with an action in it, joined into a label: no span or file needed', () => {
    const value = masked.slice(...span('"{{ .Values.name }}-blob"'));
    assert.notEqual(value, '"{{ .Values.name }}-blob"', 'the mask hides the action');
    assert.doesNotMatch(value, /[{}]/, 'nothing of the action is YAML');
    const name = value.slice(1, -1);
    assert.equal(asWritten(`StorageAccount ${name}`), 'StorageAccount {{ .Values.name }}-blob');
    // A part of the mask (a name cut short) reads as that part of the action.
    assert.equal(asWritten(name.slice(0, 3)), '{{ ');
  });

  test("a value shown as a key's detail", () => {
    const entry = span('namespace: {{ .Release.Namespace }}');
    const detail = masked.slice(entry[0] + 'namespace: '.length, entry[1]);
    assert.equal(asWritten(`namespace ${detail}`), 'namespace {{ .Release.Namespace }}');
  });

  test('a string with nothing masked in it is left as it is; the same action masks alike', () => {
    assert.equal(asWritten('metadata'), 'metadata');
    const again = maskTemplate('x: {{ .Values.name }}\n').variants[0].text;
    assert.ok(masked.includes(again.slice(3, -1)), 'the same action, the same mask in another template');
  });
});
