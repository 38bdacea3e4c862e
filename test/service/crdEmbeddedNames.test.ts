// Embedded resources and reserved-word property names in CRD rules, as the API server types and reaches
// them. The embedded cases are Kubernetes' TestValidationExpressions "embedded object", "embedded object
// with properties" and "embedded object with preserve unknown" (apiextensions-apiserver
// pkg/apiserver/schema/cel/validation_test.go): `apiVersion`, `kind` and `metadata` are always there, declared
// properties too, nothing else, whether unknown fields are preserved or not. A property named a reserved word
// (`if`, `namespace`, `in`, `return`) is reached only escaped (`__if__`, apiserver pkg/cel/escaping.go): the
// unescaped name is no field of the object, so the API server refuses the rule with the CRD, and the manifest
// gets no verdict from it, never a false "no such key".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';

const SCHEMA = `              x-kubernetes-preserve-unknown-fields: true
              properties:
                if: {type: integer}
                namespace: {type: string}
                in: {type: string}
                return: {type: string}
                embedded:
                  type: object
                  x-kubernetes-embedded-resource: true
                  properties:
                    spec:
                      type: object
                      x-kubernetes-preserve-unknown-fields: true
                      properties:
                        field1: {type: string}
                        if: {type: integer}
                bare: {type: object, x-kubernetes-embedded-resource: true}
                preserved: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
`;

const POD = `    apiVersion: v1
    kind: Pod
    metadata: {name: foo, generateName: pickItForMe, namespace: xyz}
`;

const MANIFEST = `apiVersion: example.org/v1
kind: Names
metadata: {name: n}
spec:
  if: 1
  namespace: ns
  in: x
  return: "y"
  other: 3
  embedded:
${POD}    spec: {field1: a, if: 2, extra: 1}
  bare:
${POD}    spec: {field1: a}
  preserved:
${POD}    spec: {field1: a}
`;

/** For one rule on `spec`: the CRD's refusals (`refused`), and the manifest's crd- diagnostics. */
function judged(rule: string): { refused: string[]; manifest: string[][] } {
  const crd = crdText({
    group: 'example.org',
    kind: 'Names',
    plural: 'names',
    spec: `              x-kubernetes-validations:\n                - rule: ${JSON.stringify(rule)}\n${SCHEMA}`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const refused = a
    .fileDiagnostics('file:///w/crd.yaml', a.parse(crd))
    .filter((d) => d.code === 'crd-rule-refused')
    .map((d) => d.message);
  const manifest = a
    .fileDiagnostics('file:///w/n.yaml', a.parse(MANIFEST))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => [d.code, severityOf(d)]);
  return { refused, manifest };
}

describe('embedded resources (Kubernetes: embedded object, with properties, with preserve unknown)', () => {
  for (const rule of [
    "self.bare.kind == 'Pod'",
    "self.bare.apiVersion == 'v1'",
    "self.bare.metadata.name == 'foo'",
    "self.bare.metadata.generateName == 'pickItForMe'",
    "self.embedded.kind == 'Pod'",
    "self.embedded.spec.field1 == 'a'", // the specified embedded fields are accessible
    "self.preserved.kind == 'Pod'",
    'has(self.preserved)', // the object exists
  ])
    test(`holds: ${rule}`, () => assert.deepEqual(judged(rule), { refused: [], manifest: [] }));

  for (const [rule, field] of [
    ['has(self.bare.spec)', 'spec'],
    ['has(self.preserved.spec)', 'spec'], // regardless of x-kubernetes-preserve-unknown-fields
    ['self.embedded.spec.extra == 2', 'extra'], // an unknown field, preserved: not reachable
    ['has(self.bare.metadata.namespace)', 'namespace'], // only name and generateName are accessible on metadata
    ["self.embedded.metadata.namespace == 'abc'", 'namespace'],
  ])
    test(`refused with the CRD (undefined field '${field}'), no verdict on the manifest: ${rule}`, () => {
      const r = judged(rule);
      assert.equal(r.refused.length, 1);
      assert.match(r.refused[0], new RegExp(`declares no field \`${field}\``));
      assert.deepEqual(r.manifest, [['crd-rule-not-run', 'info']]);
    });
});

describe('reserved words are reached escaped: __if__, __namespace__, __in__, __return__', () => {
  for (const rule of [
    'self.__if__ == 1',
    "self.__namespace__ == 'ns'",
    "self.__in__ == 'x'",
    "self.__return__ == 'y'",
    'self.embedded.spec.__if__ == 2', // inside an embedded resource, under preserved unknown fields
  ])
    test(`holds: ${rule}`, () => assert.deepEqual(judged(rule), { refused: [], manifest: [] }));

  test('escaped, the rule is judged: one that does not hold is the API server error', () => {
    assert.deepEqual(judged('self.embedded.spec.__if__ == 3'), {
      refused: [],
      manifest: [['crd-validation', 'error']],
    });
  });

  // Since Kubernetes 1.32 a reserved word also reaches its field unescaped (cel-go's keyword-as-field-name;
  // validation_test.go's "embedded object with usage of reserved keywords": `self.embedded.spec.if`).
  for (const rule of ['self.if == 1', 'self.embedded.spec.if == 2', "self.namespace == 'ns'"])
    test(`unescaped, the same field: ${rule}`, () => assert.deepEqual(judged(rule), { refused: [], manifest: [] }));

  test('unescaped, a rule that does not hold is the API server error', () => {
    assert.deepEqual(judged('self.embedded.spec.if == 3'), { refused: [], manifest: [['crd-validation', 'error']] });
  });
});
