// Two CRDs defining one kind differently (an operator's bundle vendored twice, at two releases): both get a
// warning naming the other and which one is used, and the one used is the first by file path whatever the
// order the files were read in. Identical copies get nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';

const CRD = readFileSync(join(__dirname, '..', 'fixtures', 'crds', 'widgets', 'crd.yaml'), 'utf8');
const OLDER = CRD.replace('maximum: 10', 'maximum: 20');
const WIDGET = 'apiVersion: example.org/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: 15\n';
const A = 'file:///w/crds/crd.yaml';
const B = 'file:///w/vendor/crd.yaml';

function analysis(files: [string, string][]): Analysis {
  const a = new Analysis();
  for (const [uri, text] of files) a.indexFile(uri, text);
  a.applyCrds();
  return a;
}
const conflicts = (a: Analysis, uri: string, text: string) =>
  a.fileDiagnostics(uri, a.parse(text)).filter((d) => d.code === 'crd-kind-conflict');

test('crd-kind-conflict: both CRDs are flagged on their kind, each naming the other and the one used', () => {
  const a = analysis([
    [B, OLDER],
    [A, CRD],
  ]);
  const onA = conflicts(a, A, CRD);
  const onB = conflicts(a, B, OLDER);
  assert.equal(onA.length, 1);
  assert.equal(onB.length, 1);
  assert.equal(CRD.slice(onA[0].start, onA[0].end), 'Widget', 'on the kind the CRD names');
  assert.equal(
    onA[0].message,
    'Kind Widget of group example.org is defined by two CRDs that differ: /w/vendor/crd.yaml. The kinds are taken from the first CRD by file path (this file); keep one definition, the one the cluster has.',
  );
  assert.equal(
    onB[0].message,
    'Kind Widget of group example.org is defined by two CRDs that differ: /w/crds/crd.yaml. The kinds are taken from the first CRD by file path (/w/crds/crd.yaml); keep one definition, the one the cluster has.',
  );
});

test('crd-kind-conflict: the CRD used is the first by path, whatever order the files were read in', () => {
  const codes = (a: Analysis) => a.fileDiagnostics('file:///w/m.yaml', a.parse(WIDGET)).map((d) => d.code);
  // crds/ (maximum 10) comes before vendor/ (maximum 20): size 15 is out of range either way round.
  assert.deepEqual(
    codes(
      analysis([
        [A, CRD],
        [B, OLDER],
      ]),
    ),
    ['value-range'],
  );
  assert.deepEqual(
    codes(
      analysis([
        [B, OLDER],
        [A, CRD],
      ]),
    ),
    ['value-range'],
  );
});

test('crd-kind-conflict: two identical copies are not flagged', () => {
  const a = analysis([
    [A, CRD],
    [B, CRD],
  ]);
  assert.deepEqual(conflicts(a, A, CRD), []);
  assert.deepEqual(conflicts(a, B, CRD), []);
});
