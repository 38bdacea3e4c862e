// The nodes the API server types more strictly than they look (apiserver pkg/cel/common/schemas.go,
// SchemaDeclType): an object without properties, whether it preserves unknown fields or not, is an object of
// no fields ("we ignore XPreserveUnknownFields since we don't support validation rules on data that we don't
// have schema information for"), and the root's `metadata` has `name` and `generateName` only
// (WithTypeAndObjectMeta), as Kubernetes' "embedded object with preserve unknown" case shows for an embedded
// resource. A rule reading another field there is refused with the CRD ("undefined field"), and the manifests
// get no verdict from it; what the API server accepts is judged on the manifest as before.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { hover } from '../../server/src/service/features/hover';
import { rootCrdText } from '../helpers/manifests';

/** A CRD whose root schema carries `rule`; `spec` has a preserved object, a bare object and a string. */
const crd = (rule: string) =>
  rootCrdText({
    group: 'example.org',
    kind: 'Loose',
    plural: 'loose',
    name: 'loose.example.org',
    root: `          type: object
          x-kubernetes-validations:
            - rule: ${JSON.stringify(rule)}
          properties:
            spec:
              type: object
              properties:
                free: {type: object, x-kubernetes-preserve-unknown-fields: true}
                bare: {type: object}
                name: {type: string}
`,
  });

const MANIFEST = `apiVersion: example.org/v1
kind: Loose
metadata: {name: loose-one, namespace: team, labels: {tier: gold}}
spec:
  free: {foo: x, n: 3}
  bare: {}
  name: nm
`;

function judged(rule: string): { refused: string[]; manifest: string[][] } {
  const text = crd(rule);
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', text);
  a.applyCrds();
  const refused = a
    .fileDiagnostics('file:///w/crd.yaml', a.parse(text))
    .filter((d) => d.code === 'crd-rule-refused')
    .map((d) => d.message);
  const manifest = a
    .fileDiagnostics('file:///w/l.yaml', a.parse(MANIFEST))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => [d.code, severityOf(d)]);
  return { refused, manifest };
}

describe('an object without properties has no fields a rule can read, preserved or not', () => {
  for (const [rule, field, where] of [
    ["self.spec.free.foo == 'x'", 'foo', 'spec.free'],
    ['has(self.spec.free.foo)', 'foo', 'spec.free'],
    ['self.spec.free.n > 1', 'n', 'spec.free'],
    ['has(self.spec.bare.x)', 'x', 'spec.bare'],
  ] as const)
    test(`refused with the CRD (undefined field '${field}'), no verdict on the manifest: ${rule}`, () => {
      const r = judged(rule);
      assert.equal(r.refused.length, 1, JSON.stringify(r));
      assert.match(r.refused[0], new RegExp(`declares no field \`${field}\` in \`${where}\` \\(it declares none`));
      assert.deepEqual(r.manifest, [['crd-rule-not-run', 'info']]);
    });

  for (const rule of ['has(self.spec.free)', 'has(self.spec.bare)', "self.spec.name == 'nm'"])
    test(`accepted and judged: ${rule}`, () => assert.deepEqual(judged(rule), { refused: [], manifest: [] }));
});

describe("the root's metadata has name and generateName only", () => {
  for (const [rule, field] of [
    ["self.metadata.namespace == 'team'", 'namespace'],
    ["self.metadata.labels['tier'] == 'gold'", 'labels'],
    ['has(self.metadata.annotations)', 'annotations'],
  ] as const)
    test(`refused with the CRD (undefined field '${field}'), no verdict on the manifest: ${rule}`, () => {
      const r = judged(rule);
      assert.equal(r.refused.length, 1, JSON.stringify(r));
      assert.match(
        r.refused[0],
        new RegExp(`declares no field \`${field}\` in \`metadata\` \\(its fields: name, generateName\\)`),
      );
      assert.deepEqual(r.manifest, [['crd-rule-not-run', 'info']]);
    });

  test("accepted and judged: self.metadata.name.startsWith('loose')", () =>
    assert.deepEqual(judged("self.metadata.name.startsWith('loose')"), { refused: [], manifest: [] }));

  test("accepted and judged, and it fails: self.metadata.name == 'other'", () =>
    assert.deepEqual(judged("self.metadata.name == 'other'"), {
      refused: [],
      manifest: [['crd-validation', 'error']],
    }));
});

test('hover on a rule on an object without properties: self is an object of no fields, and says why', () => {
  const text = crd('true').replace(
    'free: {type: object, x-kubernetes-preserve-unknown-fields: true}',
    "free: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-validations: [{rule: 'has(self.x)'}]}",
  );
  const file = new Analysis().parse(text);
  const markdown = hover(file, text.indexOf('has(self.x)') + 2)?.markdown ?? '';
  assert.match(markdown, /^\*\*`self`\*\* — `object`: the value at `spec\.free`/);
  assert.match(markdown, /No fields: the schema declares none, and fields it does not declare \(preserved or not\)/);
});
