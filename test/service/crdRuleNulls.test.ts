// `null` in a manifest as the API server hands it to a CRD's rules: pruned from a field that is not
// `nullable` (so `has()` is false and the field's default applies), kept where `nullable: true`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { crdText } from '../helpers/manifests';

const CRD = crdText({
  group: 'example.org',
  kind: 'Valve',
  plural: 'valves',
  spec: `              x-kubernetes-validations:
                - rule: "!has(self.x)"
                  message: x must be absent
                - rule: "self.y == 'dflt'"
                - rule: "!has(self.z) || type(self.z) == null_type"
                  message: z is null or absent
              properties:
                x: {type: string}
                y: {type: string, default: dflt}
                z: {type: string, nullable: true}
`,
});

function messages(spec: string): string[] {
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', CRD);
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: Valve\nmetadata: {name: v}\nspec:\n${spec}`;
  return a
    .fileDiagnostics('file:///w/v.yaml', a.parse(text))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => d.message);
}

test('crd rules: a null in a field that is not nullable is absent to the rules, and its default applies', () => {
  assert.deepEqual(messages('  x: null\n  y: null\n  z: null\n'), []);
  assert.deepEqual(messages('  x: a\n  y: other\n'), [
    "`spec`: x must be absent. (The CRD's rule `!has(self.x)` does not hold.)",
    "`spec`: failed rule: `self.y == 'dflt'`",
  ]);
});
