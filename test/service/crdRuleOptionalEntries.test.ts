// Optional entries in list and map literals (`[?x]`, `{?'k': v}`), which Kubernetes' CEL takes and cel-js
// cannot parse: the rule is judged as the API server judges it (an entry whose optional is empty left out),
// nested and beside ordinary entries; a literal whose entries are not delimited for sure (a conditional in a
// map key) is still said "not evaluated", never judged.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';

const MANIFEST = `apiVersion: example.org/v1
kind: Opt
metadata: {name: o}
spec:
  k: v
  n: 0
`;

/** The crd- diagnostics of MANIFEST under one rule on `spec` (the CRD's and the manifest's). */
function judged(rule: string): string[] {
  const crd = crdText({
    group: 'example.org',
    kind: 'Opt',
    plural: 'opts',
    spec: `              x-kubernetes-validations:\n                - rule: ${JSON.stringify(rule)}\n              properties:\n                k: {type: string, maxLength: 10}\n                n: {type: integer}\n`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const onCrd = a.fileDiagnostics('file:///w/crd.yaml', a.parse(crd));
  const onManifest = a.fileDiagnostics('file:///w/o.yaml', a.parse(MANIFEST));
  return [...onCrd, ...onManifest]
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => `${d.code} ${severityOf(d)}: ${d.message}`);
}

describe('optional entries in literals are judged', () => {
  for (const rule of [
    "['a', ?optional.ofNonZeroValue(self.k), ?optional.ofNonZeroValue(self.n)] == ['a', 'v']",
    '[?optional.none()] == [] && [?optional.of(1),] == [1]',
    "{?'k': optional.of(self.k), ?'n': optional.ofNonZeroValue(self.n), 'z': 1} == {'k': 'v', 'z': 1}",
    "{?1: optional.of('a'), 2: 'b'}[1] == 'a' && {'a': self.n == 0 ? 1 : 2, ?'b': optional.none()} == {'a': 1}",
    "[[?optional.of(self.k)], [{?'x': optional.none()}]] == [['v'], [{}]]",
  ])
    test(rule, () => {
      assert.deepEqual(judged(rule), []);
      const negated = judged(`!(${rule})`);
      assert.equal(negated.length, 1, negated.join('\n'));
      assert.match(negated[0], /^crd-validation error/);
    });
});

test('a map key holding a conditional is not rewritten: not evaluated, as before', () => {
  const d = judged("{?self.n == 0 ? 'a' : 'b': optional.none()} == {}");
  assert.ok(d.length > 0 && d.every((x) => x.startsWith('crd-rule-not-run info')), d.join('\n'));
});
