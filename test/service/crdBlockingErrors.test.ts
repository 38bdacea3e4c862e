// Which schema errors stop a CRD's rules, as in the API server (apiextensions-apiserver
// pkg/registry/customresource/strategy.go, hasBlockingErr): a wrong type, a missing required field, a value
// outside an enum, a too long string, too many items or properties stop the CEL validation; a duplicate list
// item ("Duplicate value"), a pattern or a numeric bound ("Invalid value") do not, and the rules' errors are
// reported with them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { crdText } from '../helpers/manifests';

const CRD = crdText({
  group: 'example.org',
  kind: 'Limits',
  plural: 'limits',
  spec: `              x-kubernetes-validations:
                - rule: self.n > 10
                  message: n must be over 10
              properties:
                n: {type: integer, minimum: 5}
                s: {type: string, pattern: '^a'}
                mode: {type: string, enum: [fast, slow]}
                tags: {type: array, items: {type: string}, x-kubernetes-list-type: set}
`,
});

function codes(spec: string): string[] {
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', CRD);
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: Limits\nmetadata: {name: l}\nspec:\n${spec}`;
  return a
    .fileDiagnostics('file:///w/l.yaml', a.parse(text))
    .map((d) => d.code)
    .sort();
}

test('a bound, a pattern or a duplicate item does not stop the rules: their errors come together', () => {
  assert.deepEqual(codes('  n: 3\n'), ['crd-validation', 'value-range']);
  assert.deepEqual(codes('  n: 7\n  s: b\n'), ['crd-validation', 'pattern']);
  assert.deepEqual(codes('  n: 7\n  tags: [x, x]\n'), ['crd-validation', 'duplicate-item']);
});

test('a value outside an enum or of the wrong type stops them (the API server does not run its rules then)', () => {
  assert.deepEqual(codes('  n: 7\n  mode: turbo\n'), ['enum-value']);
  assert.deepEqual(codes('  n: "7"\n'), ['wrong-type']);
});

test('a valid object gets the rule alone when it fails, nothing when it holds', () => {
  assert.deepEqual(codes('  n: 7\n'), ['crd-validation']);
  assert.deepEqual(codes('  n: 11\n  s: ab\n  mode: fast\n  tags: [x, z]\n'), []);
});

test("an integer's multipleOf: a value that is not a multiple is the API server's Invalid value, and the rules still run", () => {
  const crd = crdText({
    group: 'example.org',
    kind: 'Key',
    plural: 'keys',
    spec: `              x-kubernetes-validations:
                - rule: self.keySize <= 4096
              properties:
                keySize: {type: integer, multipleOf: 1024}
`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const said = (spec: string) =>
    a
      .fileDiagnostics(
        'file:///w/k.yaml',
        a.parse(`apiVersion: example.org/v1\nkind: Key\nmetadata: {name: k}\nspec:\n${spec}`),
      )
      .map((d) => `${d.code}: ${d.message}`);
  // OpenShift's PKI case: "keySize in body should be a multiple of 1024".
  assert.deepEqual(said('  keySize: 2000\n'), [
    'value-range: `spec.keySize` is 2000; it must be a multiple of 1024 (the API server: "should be a multiple of 1024").',
  ]);
  assert.deepEqual(said('  keySize: 2048\n'), []);
  assert.deepEqual(
    said('  keySize: 5000\n')
      .map((s) => s.split(':')[0])
      .sort(),
    ['crd-validation', 'value-range'],
  );
});
