// Completion inside a CRD's x-kubernetes-validations rules (service/checks/crd/rules/editor/ruleComplete.ts): after `self.` the
// fields the schema gives the value the rule sits on, as the rule's type check types them, in every scalar
// style; a `.` opens it by itself; nothing outside `self.…` or past a list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { complete } from '../../server/src/service/features/complete';
import { crdText } from '../helpers/manifests';

const crd = (rule: string) =>
  crdText({
    group: 'types.example.org',
    kind: 'Autoscaler',
    plural: 'autoscalers',
    spec: `              x-kubernetes-validations:
                - rule: ${rule}
              properties:
                minReplicas: {type: integer}
                port-name: {type: string}
                target:
                  type: object
                  properties:
                    name: {type: string}
                    weight: {type: number}
                ports:
                  type: array
                  items: {type: object, properties: {number: {type: integer}}}
                labels:
                  type: object
                  additionalProperties:
                    type: object
                    properties: {value: {type: string}}
`,
  });

/** The items at `|` in the rule, with their detail and the text each replaces. */
function at(rule: string, trigger?: string) {
  const src = crd(rule);
  const offset = src.indexOf('|');
  const text = src.slice(0, offset) + src.slice(offset + 1);
  const file = new Analysis().parse(text);
  return complete(file, offset, trigger ? { trigger } : {}).map((i) => {
    const e = i.textEdit as { range: { start: never; end: never }; newText: string };
    return {
      label: i.label,
      detail: i.detail,
      replaces: text.slice(file.lines.offsetAt(e.range.start), file.lines.offsetAt(e.range.end)),
    };
  });
}

test('after self.: the fields of the value the rule sits on, typed, escaped names as CEL writes them', () => {
  assert.deepEqual(
    at('self.|').map((i) => [i.label, i.detail]),
    [
      ['minReplicas', 'int'],
      ['port__dash__name', 'string'],
      ['target', 'object'],
      ['ports', 'list(object)'],
      ['labels', 'map(string, object)'],
    ],
  );
  // Deeper, and the part of a name typed is replaced.
  const deeper = at('self.minReplicas > 0 && self.target.na|');
  assert.deepEqual(
    deeper.map((i) => [i.label, i.detail, i.replaces]),
    [
      ['name', 'string', 'na'],
      ['weight', 'double', 'na'],
    ],
  );
  // Through a map's values; in a quoted scalar; a `.` typed opens it.
  assert.deepEqual(
    at('"self.labels.team.| != \'\'"').map((i) => i.label),
    ['value'],
  );
  assert.deepEqual(
    at('self.target.|', '.').map((i) => i.label),
    ['name', 'weight'],
  );
});

test('nothing where self does not lead to an object: a list, a scalar, another variable', () => {
  assert.deepEqual(at('self.ports.|'), []);
  assert.deepEqual(at('self.minReplicas.|'), []);
  assert.deepEqual(at('self.ports.all(p, p.|)', '.'), []);
});
