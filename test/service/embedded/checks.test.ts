// The PromQL and CEL checks on expression text alone (offsets in the expression): what the fixtures do not
// show — messages that say what was expected, and that sharing results per expression shape never hides a
// problem that depends on what a string says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allKinds } from '../../../server/src/model/registry';
import { checkCel } from '../../../server/src/service/checks/embedded/cel/celCheck';
import { checkPromql } from '../../../server/src/service/checks/embedded/promql/promqlCheck';

const codes = (text: string) => checkPromql(text).map((p) => `${p.code} ${text.slice(p.from, p.to)}`);

test('PromQL: valid expressions of the corpus and the examples are clean', () => {
  for (const e of [
    '1 - avg without (cpu) (sum without (mode)(rate(node_cpu_seconds_total{job="node",\nmode=~"idle|iowait|steal"}[5m])))',
    'predict_linear(node_filesystem_avail_bytes[6h], 24 * 3600) < 0',
    'histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m])))',
    'changes(up[15m]) > 4',
    'label_join(up, "a", ",", "job", "instance")',
    'rate(x[5m])[30m:1m]',
    'sum(x) by (job) > bool 1',
    'up{job=~"api|web"} @ start()',
    'count_values("version", build_info)',
    '-up',
  ])
    assert.deepEqual(codes(e), [], e);
});

test('PromQL: messages say what was expected', () => {
  const [p] = checkPromql('sum by job (x)');
  assert.equal(p.code, 'promql-syntax');
  assert.match(p.message, /label names in parentheses/);
  const [q] = checkPromql('up ==');
  assert.match(q.message, /ends after `==`: expected an operand/);
  assert.deepEqual(codes('x{__name__="y"}'), ['promql-selector __name__="y"']);
  assert.deepEqual(codes('-"text"'), ['promql-type -"text"']);
  assert.deepEqual(codes('"a"[5m:1m]'), ['promql-type "a"']);
});

test('PromQL: a clean expression of the same shape never hides an empty or match-all selector', () => {
  assert.deepEqual(codes('absent({job="api"})'), []);
  assert.deepEqual(codes('absent({job=""})'), ['promql-selector {job=""}']);
  assert.deepEqual(codes('absent({job=~"a+"})'), []);
  assert.deepEqual(codes('absent({job=~".*"})'), ['promql-selector {job=~".*"}']);
  // The message quotes what was written, not the shape.
  checkPromql('rate(x{job="aaa"})');
  assert.match(checkPromql('rate(x{job="bbb"})')[0].message, /x\{job="bbb"\}/);
});

const sa = allKinds.find((d) => d.kind === 'StorageAccount' && d.version === 'v20220901')!;

test('CEL: result types and `key`, per list; a shape shared by a clean expression keeps its own messages', () => {
  assert.equal(checkCel(sa, 'secretExpressions', 'self.metadata.name + "-a"').result, 'string');
  assert.equal(checkCel(sa, 'secretExpressions', '{"a": secret.key1}').result, 'map');
  assert.equal(checkCel(sa, 'configMapExpressions', 'self.spec.tags').result, 'map');
  // An optional field of an open shape (status.conditions items) is only known at evaluation: a warning.
  const dyn = checkCel(sa, 'configMapExpressions', 'self.status.conditions[0]').problems;
  assert.deepEqual(
    dyn.map((p) => [p.code, p.severity]),
    [['cel-result-type', 'warning']],
  );
  const bad = checkCel(sa, 'configMapExpressions', 'size("abc")').problems;
  assert.equal(bad[0].code, 'cel-result-type');
  assert.match(bad[0].message, /string\(size\("abc"\)\)/);
});

test('CEL: functions outside the operator environment, including cel-js extras cel-go lacks', () => {
  for (const e of ['configmap("a", "b")', 'b"x".json().a', 'cel.bind(x, 1, string(x))', 'math.greatest(1, 2)'])
    assert.equal(checkCel(sa, 'secretExpressions', e).problems[0]?.code, 'cel-unknown-function', e);
  for (const e of [
    'self.spec.location.charAt(0)',
    '"%s-%s".format([self.metadata.name, self.spec.location])',
    'self.spec.location.reverse()',
    'self.spec.location.replace("a", "b", 1)',
  ])
    assert.deepEqual(checkCel(sa, 'secretExpressions', e).problems, [], e);
});

test('very long or deep expressions: no crash, and no error Prometheus would not report', () => {
  assert.deepEqual(checkPromql('up' + ' + up'.repeat(3000)), []);
  assert.deepEqual(checkPromql('('.repeat(3000) + 'up' + ')'.repeat(3000)), []);
  assert.equal(
    checkPromql('('.repeat(3000) + 'up' + ')'.repeat(2999))[0]?.code,
    'promql-syntax',
    'an unclosed bracket is still reported',
  );
  assert.deepEqual(checkCel(sa, 'secretExpressions', 'self.metadata.name' + ' + "a"'.repeat(20000)).problems, []);
  // cel-go refuses expressions nested more than 250 deep; so does the checker.
  assert.equal(
    checkCel(sa, 'secretExpressions', '('.repeat(400) + 'self.metadata.name' + ')'.repeat(400)).problems[0]?.code,
    'cel-syntax',
  );
});
