// Completion and hover inside PromQL and CEL expressions, in several scalar styles (`|` marks the cursor):
// what is offered, the text it replaces, and what a hover shows over which characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { complete } from '../../../server/src/service/complete';
import { hover } from '../../../server/src/service/hover';
import { parseFile } from '../../../server/src/service/parse';

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
  // The README's example: every field of Endpoints_STATUS.
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
  // Label lists, matchers and ranges: the spec knows no label names.
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
