// Lists typed `x-kubernetes-list-type: set` or `map` in CRD rules, as the API server gives them to CEL: `==`
// with such a list on its left ignores order, `+` is a union (set) or a merge by keys (map list). The valid
// rules are the `listSets` and `listMaps` cases of Kubernetes' TestValidationExpressions
// (apiextensions-apiserver pkg/apiserver/schema/cel/validation_test.go), on the same values; the failing
// ones are what the same values make false there (apiserver pkg/cel/common/values.go).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';

const SCHEMA = `              properties:
                val1: {type: array, items: {type: string}, x-kubernetes-list-type: set}
                val2: {type: array, items: {type: string}, x-kubernetes-list-type: set}
                atomic: {type: array, items: {type: string}}
                doubles: {type: array, items: {type: number}, x-kubernetes-list-type: set}
                objs:
                  type: array
                  items:
                    type: array
                    x-kubernetes-list-type: map
                    x-kubernetes-list-map-keys: [k]
                    items:
                      type: object
                      required: [k]
                      properties:
                        k: {type: string}
                        v: {type: string}
`;

const MANIFEST = `apiVersion: example.org/v1
kind: Lists
metadata: {name: l}
spec:
  val1: [a, b, c]
  val2: [a, c, b]
  atomic: [a, b, c]
  doubles: [1.5, 2.5]
  objs:
    - [{k: a, v: "1"}, {k: b, v: "2"}]
    - [{k: b, v: "2"}, {k: a, v: "1"}]
    - [{k: b, v: "3"}, {k: a, v: "1"}]
    - [{k: c, v: "4"}]
`;

/** The crd- diagnostics of MANIFEST under one rule on `spec`: `[code, severity]`, or `[]` where it holds. */
function judged(rule: string): string[][] {
  const crd = crdText({
    group: 'example.org',
    kind: 'Lists',
    plural: 'lists',
    spec: `              x-kubernetes-validations:\n                - rule: ${JSON.stringify(rule)}\n${SCHEMA}`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  return a
    .fileDiagnostics('file:///w/l.yaml', a.parse(MANIFEST))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => [d.code, severityOf(d)]);
}

describe('set lists (Kubernetes listSets)', () => {
  for (const rule of [
    "self.val1 == ['c', 'b', 'a']", // equal even though order is different
    'self.val1 == self.val2',
    "'a' in self.val1",
    'self.val2[0] in self.val1',
    "!('x' in self.val1)",
    "self.val1 + self.val2 == ['a', 'b', 'c']",
    "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']",
    "self.val1 != ['a', 'b', 'd']",
  ])
    test(`holds: ${rule}`, () => assert.deepEqual(judged(rule), []));

  for (const rule of [
    "self.val1 == ['a', 'b']", // another size
    "self.val1 == ['a', 'b', 'd']",
    "['c', 'b', 'a'] == self.val1", // a list written in the rule compares in order, whatever is on its right
    "self.atomic == ['c', 'b', 'a']", // an atomic list compares in order
    "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'c', 'd']", // a union: no duplicate
  ])
    test(`fails: ${rule}`, () => assert.deepEqual(judged(rule), [['crd-validation', 'error']]));

  test('a set of doubles (whose stored form the API server keys by) gives no verdict, said once', () => {
    assert.deepEqual(judged('self.doubles == [2.5, 1.5]'), [['crd-rule-not-run', 'info']]);
  });
});

describe('map lists (Kubernetes listMaps)', () => {
  for (const rule of [
    'self.objs[0] == self.objs[1]', // equal even though order is different
    'self.objs[0] + self.objs[2] == self.objs[2]', // rhs overwrites lhs values
    'self.objs[2] + self.objs[0] == self.objs[0]',
    'self.objs[0] == [self.objs[0][0], self.objs[0][1]]', // equal against a declared list
    'self.objs[0] == [self.objs[0][1], self.objs[0][0]]',
    'self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]', // concat against a declared list
    'size(self.objs[0] + [self.objs[3][0]]) == 3',
    'self.objs == [self.objs[1], self.objs[0], self.objs[2], self.objs[3]]', // nested: each item a map list
  ])
    test(`holds: ${rule}`, () => assert.deepEqual(judged(rule), []));

  for (const rule of [
    'self.objs[0] == self.objs[2]', // same keys, another value
    'self.objs[0] == self.objs[3]',
    'size(self.objs[0] + self.objs[1]) == 4', // a merge: the same keys are replaced, not appended
  ])
    test(`fails: ${rule}`, () => assert.deepEqual(judged(rule), [['crd-validation', 'error']]));

  test('objects the rule writes: refused by the type check (as Kubernetes), else no verdict, said once', () => {
    // Kubernetes' error case: objects cannot be compared with a data literal; the CRD is refused for it.
    assert.deepEqual(judged("self.objs[0] == [{'k': 'a', 'v': '1'}, {'k': 'b', 'v': '2'}]"), [
      ['crd-rule-not-run', 'info'],
    ]);
    // Past the type check (`dyn`), the API server keys only the stored items: not judged here.
    assert.deepEqual(judged("self.objs[0] == [self.objs[0][0], dyn({'k': 'b', 'v': '2'})]"), [
      ['crd-rule-not-run', 'info'],
    ]);
  });
});
