// What cel-go's checker refuses in the API server's environment, which refuses the CRD: calls it has no
// overload for (Kubernetes' list aggregates, `sum`, `min`, `max`, `isSorted`, on lists of an element type they
// do not take; `string()` of a type; `[]` on an object) and list or map literals of mixed types (its literals
// are homogeneous). Kubernetes' own cases are in crdValidationExpressions.test.ts, on literals and one field;
// here on the schema's values too, and never on what cel-go takes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crdProblems, manifestProblems, oneRuleCrd } from '../helpers/crdRules';

const crd = (rule: string) =>
  oneRuleCrd({
    kind: 'Agg',
    plural: 'aggs',
    rule,
    properties: `                val: {type: integer}
                s: {type: string, maxLength: 20}
                names: {type: array, maxItems: 10, items: {type: string, maxLength: 10}}
                nested: {type: array, maxItems: 10, items: {type: array, maxItems: 10, items: {type: integer}}}
                any: {type: array, maxItems: 10, items: {x-kubernetes-int-or-string: true}}
                obj: {type: object, properties: {a: {type: integer}}}
                labels: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 10}}
`,
  });

/** The CRD's own problems about its rules: code, severity, the text squiggled and the message. */
const onCrd = (rule: string) => crdProblems(crd(rule));

describe('a call cel-go has no overload for refuses the CRD', () => {
  for (const [rule, at, said] of [
    ["self.names.sum() == 'ab'", 'self.names.sum()', "'sum' applied to 'list(string).()'"],
    ['self.nested.min() == [1]', 'self.nested.min()', "'min' applied to 'list(list(int)).()'"],
    ["['a', 'b'].sum() == 'ab'", "['a', 'b'].sum()", "'sum' applied to 'list(string).()'"],
    ["[{'a': 1}].max() == {'a': 1}", "[{'a': 1}].max()", "'max' applied to 'list(map(string, int)).()'"],
    ['[[1], [2]].isSorted()', '[[1], [2]].isSorted()', "'isSorted' applied to 'list(list(int)).()'"],
    ["string(type(self.val)) == 'int'", 'string(type(self.val))', "'string' applied to '(type)'"],
    ["self.obj['a'] == 1", "self.obj['a']", "'_[_]' applied to '(object, string)'"],
    ["self['val'] == 1", "self['val']", "'_[_]' applied to '(object, string)'"],
  ] as const)
    test(rule, () => {
      const d = onCrd(rule);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'crd-rule-refused');
      assert.equal(d[0].severity, 'error');
      assert.equal(d[0].at, at);
      assert.ok(d[0].message.includes(`found no matching overload for ${said}`), d[0].message);
    });
});

// Kubernetes' parsers take a string only, and its libraries' members their own argument types (ip.go, cidr.go,
// quantity.go, semverlib.go, urls.go, regex.go, format.go): cel-go's checker refuses anything else.
describe('a Kubernetes library call cel-go has no overload for refuses the CRD, and the manifest gets no verdict', () => {
  for (const [rule, at, said] of [
    ['isQuantity(self.val)', 'isQuantity(self.val)', "'isQuantity' applied to '(int)'"],
    ['isSemver(1)', 'isSemver(1)', "'isSemver' applied to '(int)'"],
    ['isIP(cidr(self.s))', 'isIP(cidr(self.s))', "'isIP' applied to '(net.CIDR)'"],
    ['ip(self.val).family() == 4', 'ip(self.val)', "'ip' applied to '(int)'"],
    ["quantity(self.names) == quantity('1')", 'quantity(self.names)', "'quantity' applied to '(list(string))'"],
    ["url(self.val).getHost() == ''", 'url(self.val)', "'url' applied to '(int)'"],
    ["self.s.find(1) == ''", 'self.s.find(1)', "'find' applied to 'string.(int)'"],
    [
      "self.s.findAll('a', 'b').size() > 0",
      "self.s.findAll('a', 'b')",
      "'findAll' applied to 'string.(string, string)'",
    ],
    [
      'format.dns1123Label().validate(self.val).hasValue()',
      'format.dns1123Label().validate(self.val)',
      "'validate' applied to 'kubernetes.NamedFormat.(int)'",
    ],
    [
      'cidr(self.s).containsIP(self.val)',
      'cidr(self.s).containsIP(self.val)',
      "'containsIP' applied to 'net.CIDR.(int)'",
    ],
  ] as const)
    test(rule, () => {
      const d = onCrd(rule);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'crd-rule-refused');
      assert.equal(d[0].severity, 'error');
      assert.equal(d[0].at, at);
      assert.ok(d[0].message.includes(`found no matching overload for ${said}`), d[0].message);
      const onManifest = manifestProblems(crd(rule), 'Agg', '  val: 1\n  s: 10.0.0.0/8\n  names: [a]\n');
      assert.equal(onManifest.length, 1, JSON.stringify(onManifest));
      assert.equal(onManifest[0].code, 'crd-rule-not-run');
      assert.ok(onManifest[0].message.includes('the API server refuses the CRD for it'), onManifest[0].message);
    });
});

describe("what Kubernetes' parsers and members take is never refused", () => {
  for (const rule of [
    'isQuantity(self.s) && isSemver(self.s) && isIP(self.s) && isCIDR(self.s) && isURL(self.s)',
    "cidr(self.s).containsIP(ip('10.0.0.1')) && cidr(self.s).containsIP(self.s) && cidr(self.s).containsCIDR(self.s)",
    "self.s.findAll('a', 2).size() >= 0 && self.s.find('a') == '' && !format.labelValue().validate(self.s).hasValue()",
    // A value of a type only known at run time: cel-go's checker takes it (dyn).
    'isIP(dyn(self.val)) || isQuantity(self.any[0])',
  ])
    test(rule, () => assert.deepEqual(onCrd(rule), []));
});

describe('what the aggregates take is never refused', () => {
  for (const rule of [
    "self.names.min() == 'a' && self.names.isSorted()",
    '[1, 2].sum() == 3 && [1.5, 2.0].max() == 2.0',
    "[duration('1s')].sum() == duration('1s')",
    '[self.val, 1].sum() > 0',
    // Elements of a type only known at run time: cel-go's checker takes them (dyn).
    'self.any.max() == 1',
    "[self.any[0], 'a'].size() == 2 && {'a': self.any[0], 'b': 'x'}.size() == 2",
    "self.labels['a'] == 'b' && self.names[0] == 'c' && {'a': 1}['a'] == 1",
    'type(self.val) == int',
  ])
    test(rule, () => assert.deepEqual(onCrd(rule), []));
});

describe("a list or map literal of mixed types refuses the CRD (the API server's literals are homogeneous)", () => {
  for (const [rule, at, said] of [
    ["[1, 'a'].size() == 2", "'a'", "expected type 'int' but found 'string'"],
    ['[1, 2.0].size() == 2', '2.0', "expected type 'int' but found 'double'"],
    ["{'a': 1, 'b': 'x'}.size() == 2", "'x'", "expected type 'int' but found 'string'"],
    ["{'a': 1, 2: 1}.size() == 2", '2', "expected type 'string' but found 'int'"],
    ["[[1], ['a']].size() == 2", "['a']", "expected type 'list(int)' but found 'list(string)'"],
  ] as const)
    test(rule, () => {
      const d = onCrd(rule);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'crd-rule-refused');
      assert.equal(d[0].at, at);
      assert.ok(d[0].message.includes(said), d[0].message);
    });
});
