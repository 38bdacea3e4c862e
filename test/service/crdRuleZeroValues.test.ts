// `optional.ofNonZeroValue` on a manifest's values, as the API server gives them to a rule: a list or an object
// read from the manifest is Kubernetes' own unstructured value (apiserver pkg/cel/common/valuesunstructured.go),
// which has no `IsZeroValue`, so cel-go wraps it even when empty; a scalar, a duration or a list the rule
// builds is cel-go's own value, empty when zero (cel-go cel/library.go, `optional.ofNonZeroValue`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manifestProblems, oneRuleCrd } from '../helpers/crdRules';

const crd = (rule: string) =>
  oneRuleCrd({
    kind: 'Zero',
    plural: 'zeros',
    rule,
    properties: `                items: {type: array, maxItems: 10, items: {type: string, maxLength: 10}}
                labels: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 10}}
                obj: {type: object, properties: {a: {type: integer}}}
                name: {type: string, maxLength: 10}
                ttl: {type: string, format: duration, maxLength: 10}
`,
  });

const SPEC = '  items: []\n  labels: {}\n  obj: {}\n  name: ""\n  ttl: 0s\n';

/** The rule's verdict on SPEC: the `crd-validation` messages (none: it holds). */
const verdict = (rule: string) =>
  manifestProblems(crd(rule), 'Zero', SPEC)
    .filter((p) => p.code === 'crd-validation' || p.code === 'crd-rule-not-run')
    .map((p) => p.message);

for (const rule of [
  'optional.ofNonZeroValue(self.items).hasValue()',
  'optional.ofNonZeroValue(self.labels).hasValue()',
  'optional.ofNonZeroValue(self.obj).hasValue()',
  '!optional.ofNonZeroValue(self.items.filter(x, x != "")).hasValue()',
  '!optional.ofNonZeroValue([]).hasValue() && !optional.ofNonZeroValue({}).hasValue()',
  '!optional.ofNonZeroValue(self.name).hasValue() && !optional.ofNonZeroValue(self.ttl).hasValue()',
  "!optional.ofNonZeroValue(duration('0s')).hasValue() && optional.ofNonZeroValue(timestamp(0)).hasValue()",
])
  test(`holds on empty values: ${rule}`, () => assert.deepEqual(verdict(rule), []));
