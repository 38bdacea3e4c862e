// Where and how a CRD's failed `x-kubernetes-validations` rule is reported, as the API server reports it
// (apiextensions-apiserver's CEL validation: the field error at the rule's `fieldPath`, of the type its
// `reason` names, with `failed rule: <rule>` when the rule has no message): the squiggle on the field the
// path names (a rule about `serviceAccountName` is not squiggled on `spec`), on the rule's own node when the
// manifest does not write that field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { crdText } from '../helpers/manifests';

const CRD = crdText({
  group: 'example.org',
  kind: 'Runner',
  plural: 'runners',
  spec: `              x-kubernetes-validations:
                - rule: "!has(self.serviceAccountName) || !has(self.kubeConfig)"
                  message: serviceAccountName and kubeConfig are mutually exclusive
                  fieldPath: .serviceAccountName
                  reason: FieldValueForbidden
                - rule: "!has(self.impersonate) || has(self.serviceAccountName)"
                  message: impersonation needs a service account
                  fieldPath: .serviceAccountName
                  reason: FieldValueRequired
                - rule: "!has(self.labels) || !('x.y' in self.labels) || self.labels['x.y'].size() < 4"
                  message: too long
                  fieldPath: ".labels['x.y']"
                - rule: "self.replicas  <= 3 "
              properties:
                serviceAccountName: {type: string}
                kubeConfig: {type: object, properties: {secretRef: {type: string}}}
                impersonate: {type: boolean}
                replicas: {type: integer}
                labels: {type: object, additionalProperties: {type: string}}
`,
});

/** The crd-validation diagnostics of a Runner whose spec is `spec`: the text squiggled and the message. */
function reported(spec: string): { at: string; message: string }[] {
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', CRD);
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: Runner\nmetadata: {name: r}\nspec:\n${spec}`;
  const file = a.parse(text);
  return a
    .fileDiagnostics('file:///w/runner.yaml', file)
    .filter((d) => d.code === 'crd-validation')
    .map((d) => ({ at: text.slice(d.start, d.end), message: d.message }));
}

describe("a CRD rule's diagnostic, where and as the API server reports it", () => {
  test('on the field its fieldPath names, with its reason in the words of the API server', () => {
    assert.deepEqual(reported('  replicas: 1\n  serviceAccountName: sa\n  kubeConfig: {secretRef: k}\n'), [
      {
        at: 'serviceAccountName',
        message:
          "`spec.serviceAccountName`: Forbidden: serviceAccountName and kubeConfig are mutually exclusive. (The CRD's rule `!has(self.serviceAccountName) || !has(self.kubeConfig)` does not hold.)",
      },
    ]);
  });

  test('a field the manifest does not write: named by its path, squiggled on the node the rule is on', () => {
    assert.deepEqual(reported('  replicas: 1\n  impersonate: true\n'), [
      {
        at: 'spec',
        message:
          "`spec.serviceAccountName`: Required value: impersonation needs a service account. (The CRD's rule `!has(self.impersonate) || has(self.serviceAccountName)` does not hold.)",
      },
    ]);
  });

  test("a bracketed fieldPath (`.labels['x.y']`) reaches a key with a dot", () => {
    const [d] = reported('  replicas: 1\n  labels:\n    x.y: abcdef\n');
    assert.equal(d.at, 'x.y');
    assert.match(d.message, /^`spec\.labels\['x\.y'\]`: too long\./);
  });

  test('a rule without a message: `failed rule: <rule>`, the rule not repeated', () => {
    assert.deepEqual(reported('  replicas: 5\n'), [
      { at: 'spec', message: '`spec`: failed rule: `self.replicas  <= 3`' },
    ]);
  });
});
