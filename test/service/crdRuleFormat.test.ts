// cel-go's string.format cases (crd-library/stringFormatCases.ts: cel-go's own table and Go's locale printer's)
// as a user meets them: each `<format call> == <cel-go's output>` a rule of a CRD, on a manifest of its kind.
// Every rule holds, and each negated fails with its message: judged, not skipped as "not evaluated".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';
import { CEL_GO, LOCALE_PRINTER, ROUNDING } from './crd-library/stringFormatCases';

/** The cases with an output (an error or a known difference is not a rule that holds). */
const RULES = [...CEL_GO, ...LOCALE_PRINTER, ...ROUNDING]
  .filter((c) => 'value' in c.expect && !c.differs)
  .map((c) => `${c.expr} == ${JSON.stringify((c.expect as { value: string }).value)}`);

const MANIFEST = `apiVersion: example.org/v1
kind: Formatted
metadata: {name: f}
spec: {}
`;

/** The crd- diagnostics of MANIFEST under `rules` on `spec` (each with message `case <i>`). */
function judged(rules: string[]): string[] {
  const list = rules.map(
    (r, i) => `                - rule: ${JSON.stringify(r)}\n                  message: case ${i}`,
  );
  const crd = crdText({
    group: 'example.org',
    kind: 'Formatted',
    plural: 'formatteds',
    spec: `              x-kubernetes-validations:\n${list.join('\n')}\n`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const onCrd = a.fileDiagnostics('file:///w/crd.yaml', a.parse(crd)).filter((d) => d.code.startsWith('crd-'));
  assert.deepEqual(
    onCrd.map((d) => d.message),
    [],
  );
  return a
    .fileDiagnostics('file:///w/f.yaml', a.parse(MANIFEST))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => `${d.code} ${severityOf(d)}: ${d.message}`);
}

test('CRD rules: cel-go string.format outputs, each rule holds on the manifest', () => {
  assert.ok(RULES.length > 90, `${RULES.length} rules`);
  assert.deepEqual(judged(RULES), []);
});

test('CRD rules: cel-go string.format outputs, each negated rule fails with its message', () => {
  const d = judged(RULES.map((r) => `!(${r})`)).map(
    (x) => /^crd-validation error: `spec`: (case \d+)\./.exec(x)?.[1] ?? x,
  );
  assert.deepEqual(
    d,
    RULES.map((_, i) => `case ${i}`),
  );
});
