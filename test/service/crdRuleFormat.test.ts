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

/**
 * cel-go's compile-time cases of TestStringFormat (its string format validator, which Kubernetes' strings
 * extension installs): a literal format call whose clauses do not parse or whose arguments they do not take,
 * or with arguments left over, refuses the CRD, in cel-go's words.
 */
const REFUSED: readonly [string, string][] = [
  [`"%s %s".format(["abc"])`, 'index 1 out of range'],
  [`"%s %s".format(["abc", "def", "ghi"])`, 'too many arguments supplied to string.format (expected 2, got 3)'],
  [`"filler %".format([])`, 'unexpected end of string'],
  [`"%j".format([123])`, 'could not parse formatting clause: unrecognized formatting clause "j"'],
  [
    `"int is %d".format([5.2])`,
    'error during formatting: decimal clause can only be used on integers, was given double',
  ],
  [
    `"double is %f".format([true])`,
    'error during formatting: fixed-point clause can only be used on doubles, was given bool',
  ],
  [
    `"double is %.34".format([5.0])`,
    'could not parse formatting clause: error while parsing precision: could not find end of precision specifier',
  ],
  [
    `"double is %e".format([true])`,
    'error during formatting: scientific clause can only be used on doubles, was given bool',
  ],
  [
    `"string is %b".format(["a string"])`,
    'error during formatting: only integers and bools can be formatted as binary, was given string',
  ],
  [
    `"%x is a double".format([2.5])`,
    'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double',
  ],
  [
    `"%X is a double".format([2.5])`,
    'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double',
  ],
  [
    `"an octal: %o".format([3.14])`,
    'error during formatting: octal clause can only be used on integers, was given double',
  ],
  // And a schema field's type, as the API server types `self`.
  [
    `"%d".format([self.name])`,
    'error during formatting: decimal clause can only be used on integers, was given string',
  ],
];

test("CRD rules: a literal format call cel-go's check refuses refuses the CRD, and the manifest gets no verdict", () => {
  for (const [call, said] of REFUSED) {
    const rule = `${call} != ''`;
    const crd = crdText({
      group: 'example.org',
      kind: 'Formatted',
      plural: 'formatteds',
      spec: `              x-kubernetes-validations:\n                - rule: ${JSON.stringify(rule)}\n              properties:\n                name: {type: string, maxLength: 10}\n`,
    });
    const a = new Analysis();
    a.indexFile('file:///w/crd.yaml', crd);
    a.applyCrds();
    const onCrd = a.fileDiagnostics('file:///w/crd.yaml', a.parse(crd)).filter((d) => d.code.startsWith('crd-'));
    assert.deepEqual(
      onCrd.map((d) => [d.code, severityOf(d)]),
      [['crd-rule-refused', 'error']],
      rule,
    );
    assert.ok(onCrd[0].message.includes(said), `${rule}: ${onCrd[0].message}`);
    const onManifest = a
      .fileDiagnostics('file:///w/f.yaml', a.parse(MANIFEST))
      .filter((d) => d.code.startsWith('crd-'));
    assert.deepEqual(
      onManifest.map((d) => d.code),
      ['crd-rule-not-run'],
      rule,
    );
  }
});

test('CRD rules: a literal format call cel-go accepts is not refused (dyn, lists, maps, NaN strings)', () => {
  const rule = `"%.3f %e %x %o %b %s %s".format([1.0, "NaN", b"a", 1, true, [1, "a", {"k": duration("1s")}], dyn(self)]) != ""`;
  assert.deepEqual(judged([rule]), []);
});

test('CRD rules: what string.format does not render here is said once, as information, never judged', () => {
  for (const rule of [`"%.1001e".format([1.0]) == ""`, `"%s".format([{1: "a"}]) == ""`]) {
    const d = judged([rule]);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^crd-rule-not-run info: .*is not evaluated.*not rendered here as cel-go renders it/);
  }
});

test("CRD rules: %s of an object writes its fields' escaped names once, as the API server's map iterates them", () => {
  const crd = crdText({
    group: 'example.org',
    kind: 'Named',
    plural: 'nameds',
    spec: `              x-kubernetes-validations:
                - rule: ${JSON.stringify(`"%s".format([self]) == '{"__namespace__":"n", "a__dash__b":2.500000, "count":1}'`)}
              properties:
                namespace: {type: string}
                a-b: {type: number}
                count: {type: integer}
`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const manifest =
    'apiVersion: example.org/v1\nkind: Named\nmetadata: {name: n}\nspec: {namespace: n, a-b: 2.5, count: 1}\n';
  const d = a.fileDiagnostics('file:///w/n.yaml', a.parse(manifest)).filter((x) => x.code.startsWith('crd-'));
  assert.deepEqual(
    d.map((x) => x.message),
    [],
  );
});
