// Completion and hover inside PromQL and CEL expressions, in several scalar styles (`|` marks the cursor):
// what is offered, the text it replaces, and what a hover shows over which characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { complete } from '../../../server/src/service/features/complete';
import { hover } from '../../../server/src/service/features/hover';
import { parseFile } from '../../../server/src/service/core/parse';

const RULES = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: g
spec:
  rules:
    - alert: A
`;
const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: st
spec:
  operatorSpec:
`;

function at(src: string) {
  const offset = src.indexOf('|');
  assert.ok(offset >= 0);
  const text = src.slice(0, offset) + src.slice(offset + 1);
  return { file: parseFile(text), text, offset };
}

function itemsAt(src: string) {
  const { file, text, offset } = at(src);
  return complete(file, offset).map((i) => {
    const r = (
      i.textEdit as { range: { start: { line: number; character: number }; end: { line: number; character: number } } }
    ).range;
    const s = file.lines.offsetAt(r.start);
    const e = file.lines.offsetAt(r.end);
    return {
      label: i.label,
      detail: i.detail,
      doc: (i.documentation as { value: string } | undefined)?.value ?? '',
      replaces: text.slice(s, e),
    };
  });
}

function hoverAt(src: string) {
  const { file, text, offset } = at(src);
  const h = hover(file, offset);
  return h && { markdown: h.markdown, hovered: text.slice(h.start, h.end) };
}

test('PromQL: functions with signatures, aggregations and keywords, replacing the word typed', () => {
  const items = itemsAt(`${RULES}      expression: sum by (job) (ra|\n`);
  const rate = items.find((i) => i.label === 'rate');
  assert.ok(rate, 'rate is offered');
  assert.equal(rate.detail, 'rate(range-vector) instant-vector');
  assert.match(rate.doc, /per-second average rate/);
  assert.equal(rate.replaces, 'ra');
  assert.ok(items.some((i) => i.label === 'topk' && i.detail === 'aggregation operator'));
  assert.ok(items.some((i) => i.label === 'without'));
  assert.ok(!items.some((i) => i.label === 'kind'), 'no manifest keys inside the expression');
});

test('PromQL: inside a label matcher or a range nothing is offered', () => {
  assert.deepEqual(itemsAt(`${RULES}      expression: rate(x{job="a|"}[5m])\n`), []);
  assert.deepEqual(itemsAt(`${RULES}      expression: rate(x[5|])\n`), []);
});

test('PromQL: completion in a folded block scalar on its second line', () => {
  const items = itemsAt(`${RULES}      expression: >-\n        sum by (job)\n        (histogram_q|\n`);
  const h = items.find((i) => i.label === 'histogram_quantile');
  assert.ok(h);
  assert.equal(h.replaces, 'histogram_q');
});

test('PromQL: hover on a function shows its signature and doc, on its name only', () => {
  const h = hoverAt(`${RULES}      expression: "sum(ra|te(x[5m])) > 0"\n`);
  assert.ok(h);
  assert.equal(h.hovered, 'rate');
  assert.match(h.markdown, /rate\(range-vector\) instant-vector/);
  const agg = hoverAt(`${RULES}      expression: to|pk(5, up)\n`);
  assert.equal(agg?.hovered, 'topk');
  assert.match(agg!.markdown, /Aggregation operator/);
});

test('CEL: after `self.` and deeper, the fields of the model with docs and types', () => {
  const top = itemsAt(`${ACCOUNT}    secretExpressions:\n      - name: s\n        key: k\n        value: self.|\n`);
  assert.deepEqual(top.map((i) => i.label).sort(), ['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  const deep = itemsAt(
    `${ACCOUNT}    secretExpressions:\n      - name: s\n        key: k\n        value: self.status.primaryEndpoints.internetEndpoints.b|\n`,
  );
  const blob = deep.find((i) => i.label === 'blob');
  assert.ok(blob);
  assert.equal(blob.replaces, 'b');
  assert.equal(blob.detail, 'string');
  assert.match(blob.doc, /blob endpoint URL/i);
});

test('CEL: `secret.` offers the keys of operatorSpec.secrets, in secretExpressions only', () => {
  const items = itemsAt(
    `${ACCOUNT}    secretExpressions:\n      - name: s\n        key: k\n        value: "secret.|"\n`,
  );
  assert.ok(items.some((i) => i.label === 'key1'));
  assert.ok(items.some((i) => i.label === 'blobEndpoint'));
  assert.deepEqual(
    itemsAt(`${ACCOUNT}    configMapExpressions:\n      - name: s\n        key: k\n        value: "secret.|"\n`),
    [],
  );
  const vars = itemsAt(
    `${ACCOUNT}    configMapExpressions:\n      - name: s\n        key: k\n        value: >\n          s|\n`,
  );
  assert.ok(vars.some((i) => i.label === 'self'));
  assert.ok(!vars.some((i) => i.label === 'secret'));
});

test('CEL: hover on self.a.b shows the field doc and its type', () => {
  const h = hoverAt(
    `${ACCOUNT}    configMapExpressions:\n      - name: s\n        key: k\n        value: self.spec.loca|tion + "-x"\n`,
  );
  assert.ok(h);
  assert.equal(h.hovered, 'location');
  assert.match(h.markdown, /`spec\.location`/);
  assert.match(h.markdown, /CEL type: `string`/);
});

/** Labels offered when completion opened by itself on `trigger` (the character just typed before `|`). */
function triggeredAt(src: string, trigger: string) {
  const { file, offset } = at(src);
  return complete(file, offset, { trigger }).map((i) => i.label);
}

test('trigger characters: `.` in CEL opens the fields, `(` and `,` in PromQL the functions; elsewhere nothing', () => {
  const cel = `${ACCOUNT}    configMapExpressions:\n      - name: c\n        key: k\n        value: self.|\n`;
  assert.deepEqual(triggeredAt(cel, '.').sort(), ['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  // The example of docs/embedded-languages.md: every field of Endpoints_STATUS.
  assert.deepEqual(triggeredAt(cel.replace('self.|', 'self.status.primaryEndpoints.|'), '.').sort(), [
    'blob',
    'dfs',
    'file',
    'internetEndpoints',
    'providerEndpoints',
    'queue',
    'table',
    'web',
  ]);
  // A `(` in CEL is not a place for a list.
  assert.deepEqual(triggeredAt(cel.replace('self.|', 'size(|'), '('), []);
  assert.ok(triggeredAt(`${RULES}      expression: sum(|\n`, '(').includes('rate'));
  assert.ok(triggeredAt(`${RULES}      expression: topk(5,|\n`, ',').includes('rate'));
  // Label lists and matchers: the spec knows no label names, and this file's expressions use none yet.
  assert.deepEqual(triggeredAt(`${RULES}      expression: sum by (|\n`, '('), []);
  assert.deepEqual(triggeredAt(`${RULES}      expression: sum by (job,|\n`, ','), []);
  assert.deepEqual(triggeredAt(`${RULES}      expression: up{|\n`, '{'), []);
  assert.deepEqual(triggeredAt(`${RULES}      expression: up{job=|\n`, '='), []);
  assert.deepEqual(triggeredAt(`${RULES}      expression: 1.|\n`, '.'), []);
  // Plain YAML: a `.` or `,` typed in a value opens nothing.
  assert.deepEqual(triggeredAt(`${ACCOUNT.replace('  operatorSpec:\n', '')}  location: west.|\n`, '.'), []);
  assert.deepEqual(triggeredAt(`${ACCOUNT.replace('  operatorSpec:\n', '')}  tags: {a: b,|}\n`, ','), []);
});

test('CEL: a type the spec leaves open says so instead of offering nothing', () => {
  const src = `${ACCOUNT}    configMapExpressions:\n      - name: c\n        key: k\n        value: self.spec.tags.|\n`;
  const items = itemsAt(src);
  assert.equal(items.length, 1);
  assert.match(String(items[0].detail), /^self\.spec\.tags: a map; its keys are whatever the resource holds/);
  assert.equal(items[0].replaces, '');
});

/** A rule group whose other rules use labels and values: what completion inside a selector draws on. */
const USED = `${RULES}      expression: sum by (job, instance) (rate(http_requests_total{job="api", code=~"5.."}[5m])) > 0
    - record: job:up:sum
      expression: sum by (job) (up{job="api", env!="dev"})
    - alert: B
      expression: up{job="worker"} == 0
    - alert: C
`;

test('PromQL labels: the names, values and metrics the file already uses, where a selector or a list wants them', () => {
  const labels = (src: string) => itemsAt(src).map((i) => i.label);
  // After `{`: label names, the most used first.
  assert.deepEqual(labels(`${USED}      expression: up{|}\n`), ['job', 'code', 'env', 'instance']);
  // A name typed is replaced; one the matcher already has is not offered again.
  const typed = itemsAt(`${USED}      expression: up{job="api", e|}\n`);
  assert.deepEqual(
    typed.map((i) => i.label),
    ['code', 'env', 'instance'],
  );
  assert.equal(typed.find((i) => i.label === 'env')?.replaces, 'e');
  // After `job=`: its values, quoted; after the opening quote: the value alone; after `=~`, regex values too.
  const values = itemsAt(`${USED}      expression: up{job=|}\n`);
  assert.deepEqual(
    values.map((i) => [i.label, i.detail]),
    [
      ['api', 'value of job, used 2 times in this file'],
      ['worker', 'value of job, used once in this file'],
    ],
  );
  const { file, offset } = at(`${USED}      expression: up{job=|}\n`);
  assert.equal((complete(file, offset)[0].textEdit as { newText: string }).newText, '"api"');
  const quoted = at(`${USED}      expression: up{job="w|"}\n`);
  const w = complete(quoted.file, quoted.offset).find((i) => i.label === 'worker');
  assert.equal((w?.textEdit as { newText: string }).newText, 'worker');
  assert.deepEqual(labels(`${USED}      expression: up{code=~|}\n`), ['5..']);
  // In `by (…)`: label names, not those the list has.
  assert.deepEqual(labels(`${USED}      expression: sum by (instance, |) (up)\n`), ['job', 'code', 'env']);
  // Where an expression starts: the metrics selected and recorded, beside the functions.
  const start = itemsAt(`${USED}      expression: 1 + u|\n`);
  for (const m of ['up', 'http_requests_total', 'job:up:sum'])
    assert.equal(start.find((i) => i.label === m)?.detail?.startsWith('metric, used'), true, m);
  // The trigger characters open them by themselves.
  assert.ok(triggeredAt(`${USED}      expression: up{|\n`, '{').includes('job'));
  assert.ok(triggeredAt(`${USED}      expression: up{job=|\n`, '=').includes('api'));
  assert.ok(triggeredAt(`${USED}      expression: sum by (|\n`, '(').includes('instance'));
  // A `{` typed inside a value's quotes is text.
  assert.deepEqual(triggeredAt(`${USED}      expression: up{job="{|"}\n`, '{'), []);
});

test('PromQL labels: a value is written in the scalar style it goes in', () => {
  const rules = `${RULES}      expression: up{path="a\\"b"}\n    - alert: B\n`;
  // In a double-quoted YAML scalar, PromQL's quotes and backslashes are escaped once more.
  const { file, offset } = at(`${rules}      expression: "up{path=|}"\n`);
  const item = complete(file, offset).find((i) => i.label === 'a"b');
  assert.equal((item?.textEdit as { newText: string }).newText, '\\"a\\\\\\"b\\"');
});

test('a double-quoted value continued with `\\`: every textEdit is on the cursor line and holds the cursor', () => {
  const cel = (value: string) =>
    `${ACCOUNT}    configMapExpressions:\n      - name: c\n        key: k\n        value: ${value}\n`;
  // Issue 30's fuzzing: the word typed begins before the escaped line break (its edit would span two lines,
  // or end on the line above the cursor): nothing can replace it in one line, so nothing is offered.
  for (const src of [
    cel('"self.spec.lo\\\n          |cation"'),
    cel('"self.spec.lo\\\n          cation|"'),
    cel('"si\\\n  |ze(self.spec.tags)"'),
  ]) {
    const { file, offset } = at(src);
    const line = file.lines.positionAt(offset).line;
    for (const i of complete(file, offset)) {
      const r = (
        i.textEdit as {
          range: { start: { line: number; character: number }; end: { line: number; character: number } };
        }
      ).range;
      assert.equal(r.start.line, line, `${i.label} starts on the cursor's line`);
      assert.equal(r.end.line, line, `${i.label} ends on the cursor's line`);
      const [s, e] = [file.lines.offsetAt(r.start), file.lines.offsetAt(r.end)];
      assert.ok(s <= offset && offset <= e, `${i.label} holds the cursor`);
    }
  }
  // A word typed wholly after the break is completed as on any line.
  const after = itemsAt(cel('"self.spec.\\\n          loca|"'));
  assert.deepEqual(
    after.filter((i) => i.label === 'location').map((i) => i.replaces),
    ['loca'],
  );
});
