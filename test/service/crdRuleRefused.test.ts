// A CRD rule the API server refuses when the CRD is applied (cel-go's checker with `self` typed from the
// schema, and Kubernetes' literal validators): an error on the CRD at the part at fault, and no verdict on
// the manifests of that kind (information, once). What cel-go accepts is never refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crdProblems, manifestProblems, oneRuleCrd } from '../helpers/crdRules';

const crd = (rule: string) =>
  oneRuleCrd({
    kind: 'Probe',
    plural: 'probes',
    rule,
    properties: `                val: {type: integer}
                ratio: {type: number}
                s: {type: string}
                list: {type: array, items: {type: string}}
                obj: {type: object, properties: {a: {type: string}}}
`,
  });

/** The CRD's own problems about its rules: code, severity, the text squiggled and the message. */
const onCrd = (rule: string) => crdProblems(crd(rule));

/** The rule's diagnostics on a Probe whose spec is `spec`. */
const onManifest = (rule: string, spec: string) => manifestProblems(crd(rule), 'Probe', spec);

describe('a rule the API server refuses is an error on the CRD, at the part at fault', () => {
  for (const [rule, at, said] of [
    ["self.val == 'abc'", "self.val == 'abc'", /no such overload: int == string/],
    ['self.val != null', 'self.val != null', /no such overload: int != null/],
    ['self.list == null', 'self.list == null', /no such overload: list\(string\) == null/],
    ['self.s == 1', 'self.s == 1', /no such overload: string == int/],
    [
      'has(self.nosuch)',
      'has(self.nosuch)',
      /undefined field 'nosuch'.*in `spec` \(its fields: val, ratio, s, list, obj\)/,
    ],
    ["self.s.matches('[a-')", "'[a-'", /^The CEL rule does not compile against the schema: invalid matches argument: /],
    ["duration('1x') > duration('1s')", "'1x'", /invalid duration argument: '1x' is not a Go duration/],
    ["timestamp('2024-01-01') < timestamp('2025-01-01T00:00:00Z')", "'2024-01-01'", /invalid timestamp argument/],
    [
      "authorizer.group('').resource('pods').check('get').allowed()",
      'authorizer',
      /undeclared reference to 'authorizer'/,
    ],
  ] as const)
    test(rule, () => {
      const got = onCrd(rule);
      assert.equal(got.length, 1, JSON.stringify(got));
      assert.equal(got[0].code, 'crd-rule-refused');
      assert.equal(got[0].severity, 'error');
      assert.equal(got[0].at, at);
      assert.match(got[0].message, said);
    });

  for (const rule of [
    'self.val == 3',
    'self.val == 1.0 || self.ratio == 1',
    'self.obj == null || has(self.obj.a)',
    'has(self.s) && self.s.matches("^[a-z]+$")',
    "duration('1h30m') > duration('1.5s') && duration('0') == duration('0s')",
    "timestamp('2024-01-01T00:00:00.123456789Z') < timestamp('2025-01-01T00:00:00+01:00')",
    'self.list.all(object, object.size() > 0)',
    'self.list.exists(request, request.size() > 0)',
  ])
    test(`accepted: ${rule}`, () => assert.deepEqual(onCrd(rule), []));
});

describe("the manifests of a refused rule's kind get no verdict from it, said once", () => {
  test("`self.val == 'abc'` judges no manifest", () => {
    const got = onManifest("self.val == 'abc'", '  val: 3\n');
    assert.deepEqual(
      got.map((d) => [d.code, d.severity]),
      [['crd-rule-not-run', 'info']],
    );
    assert.match(got[0].message, /is not evaluated: the API server refuses the CRD for it \(the rule: /);
  });

  test('a bad duration literal: no run-time error on the manifest either', () => {
    const got = onManifest("duration(self.s) < duration('1x')", '  s: 1h\n');
    assert.deepEqual(
      got.map((d) => d.code),
      ['crd-rule-not-run'],
    );
  });
});

describe('optional entries, which Kubernetes accepts and cel-js cannot parse (where not rewritten)', () => {
  // A conditional in a map entry's key: not rewritten (crdRuleOptionalEntries.test.ts has those that are).
  const rule = "{?self.val > 0 ? 'a' : 'b': self.?s}.size() <= 1 && [?self.?s, 'x'].size() >= 1";
  test('not called "does not compile" on the CRD: information that it is not evaluated', () => {
    assert.deepEqual(
      onCrd(rule).map((d) => [d.code, d.severity]),
      [['crd-rule-not-run', 'info']],
    );
  });
  test('the manifest is told once that the rule is not evaluated', () => {
    const got = onManifest(rule, '  s: a\n');
    assert.deepEqual(
      got.map((d) => [d.code, d.severity]),
      [['crd-rule-not-run', 'info']],
    );
    assert.match(got[0].message, /uses optional entries/);
  });
  test('a real syntax error is still one', () => {
    assert.deepEqual(
      onCrd('self.val >').map((d) => d.code),
      ['crd-rule-invalid'],
    );
  });
});
