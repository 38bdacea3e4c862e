// The format library's messages as the targeted release's API server words them (`kubernetesVersion`): from
// Kubernetes 1.35 `qualifiedName` and `labelValue` are apimachinery's api/validate/content checks (`a valid
// label key …`, length limits in bytes); before, util/validation's own (`a qualified name …`, in characters).
// Seen by a user in a rule's messageExpression on a manifest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { manifestProblems } from '../helpers/crdRules';
import { crdText } from '../helpers/manifests';

const crd = (format: string) =>
  crdText({
    group: 'example.org',
    kind: 'Named',
    plural: 'nameds',
    spec: `              x-kubernetes-validations:
                - rule: "!format.${format}().validate(self.key).hasValue()"
                  messageExpression: "format.${format}().validate(self.key).value().join('; ')"
              properties:
                key: {type: string, maxLength: 100}
`,
  });

/** The message of the rule's failure on a manifest whose key is `key`, at `kubernetesVersion`. */
function said(format: string, key: string, kubernetesVersion?: string): string {
  const a = new Analysis({
    settings: kubernetesVersion ? { ...DEFAULT_SETTINGS, kubernetesVersion } : DEFAULT_SETTINGS,
  });
  const d = manifestProblems(crd(format), 'Named', `  key: ${JSON.stringify(key)}\n`, a);
  assert.equal(d.length, 1, JSON.stringify(d));
  assert.equal(d[0].code, 'crd-validation');
  return d[0].message;
}

test('a qualified name of three parts: "a valid label key" from 1.35, "a qualified name" before', () => {
  assert.match(said('qualifiedName', 'a/b/c'), /`spec`: a valid label key must consist of alphanumeric/);
  assert.match(said('qualifiedName', 'a/b/c', '1.35'), /`spec`: a valid label key must consist/);
  assert.match(said('qualifiedName', 'a/b/c', '1.34'), /`spec`: a qualified name must consist of alphanumeric/);
});

test('a label value too long: limits in bytes from 1.35, in characters before; DNS labels in characters always', () => {
  const long = 'a'.repeat(64);
  assert.match(said('labelValue', long), /`spec`: must be no more than 63 bytes\./);
  assert.match(said('labelValue', long, '1.34'), /`spec`: must be no more than 63 characters\./);
  assert.match(said('qualifiedName', `x/${long}`), /name part must be no more than 63 bytes/);
  assert.match(said('qualifiedName', `x/${long}`, '1.32'), /name part must be no more than 63 characters/);
  assert.match(said('dns1123Label', long), /`spec`: must be no more than 63 characters\./);
});
