// The entries of a CRD's `x-kubernetes-validations` the API server refuses when the CRD is applied, besides
// their CEL (apiextensions validation.go, ValidateCustomResourceDefinitionOpenAPISchema, and cel.ValidFieldPath;
// its TestValidateCustomResourceDefinition cases "x-kubernetes-validations …" and the fieldPath cases of
// TestValidFieldPath are the evidence): each is an error on the CRD, in the API server's words, and an entry it
// takes gives nothing. Real CRDs (Gateway API, Envoy Gateway, OpenShift: 365 files) give none of these.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { fixText } from '../../server/src/service/host/fixAll';
import { crdText, rootCrdText } from '../helpers/manifests';

const URI = 'file:///w/crd.yaml';

/** A CRD whose `spec` carries `rules` (YAML at the indentation of `spec`'s keys) beside fields a, m and items. */
const crd = (rules: string, items = '') =>
  crdText({
    group: 'example.org',
    kind: 'Widget',
    plural: 'widgets',
    spec: `              x-kubernetes-validations:
${rules}
              properties:
                a: {type: string}
                m:
                  type: object
                  additionalProperties: {type: string}
                items:
                  type: array
${items}                  items:
                    type: object
                    properties:
                      v: {type: string}
`,
  });

function problems(text: string) {
  const a = new Analysis();
  a.indexFile(URI, text);
  a.applyCrds();
  return a
    .fileDiagnostics(URI, a.parse(text))
    .map((d) => ({ code: d.code, severity: severityOf(d), at: text.slice(d.start, d.end), message: d.message }));
}

const entryErrors = (text: string) => problems(text).filter((p) => p.code === 'crd-rule-entry');

test('an entry the API server takes gives nothing', () => {
  const text = crd(`                - rule: self.a != 'x'
                  message: a must not be x
                  reason: FieldValueForbidden
                  fieldPath: .a
                - rule: "self.m.all(k, k != 'y')"
                  fieldPath: ".m['some.key']"
                - rule: |
                    self.a != 'z'
                  message: a must not be z
                - rule: self.a == oldSelf.a
                  optionalOldSelf: false
                - rule: self.a != 'w'
                  messageExpression: ""`);
  assert.deepEqual(problems(text), []);
});

test("a blank rule, message or messageExpression is refused in the API server's words", () => {
  const got = entryErrors(
    crd(`                - rule: "  "
                - rule: self.a != 'x'
                  message: "  "
                - rule: self.a != 'y'
                  message: "two\\nlines"
                - rule: "self.a !=\\n 'z'"
                - rule: self.a != 'q'
                  messageExpression: " "`),
  );
  assert.deepEqual(
    got.map((p) => [p.severity, p.at, p.message.match(/\("([^"]+)"\)/)?.[1]]),
    [
      ['error', '"  "', 'rule is not specified'],
      ['error', '"  "', 'message must be non-empty if specified'],
      ['error', '"two\\nlines"', 'message must not contain line breaks'],
      ['error', `"self.a !=\\n 'z'"`, 'message must be specified if rule contains line breaks'],
      ['error', '" "', 'messageExpression must be non-empty if specified'],
    ],
  );
  // The blank rule is not also said not to compile.
  assert.ok(problems(crd(`                - rule: "  "`)).every((p) => p.code === 'crd-rule-entry'));
});

test('a reason the API server does not know is refused; one in another case is fixed', () => {
  const text = crd(`                - rule: self.a != 'x'
                  reason: fieldvalueforbidden
                - rule: self.a != 'y'
                  reason: Bogus`);
  const got = entryErrors(text);
  assert.deepEqual(
    got.map((p) => p.at),
    ['fieldvalueforbidden', 'Bogus'],
  );
  assert.match(got[0].message, /Write `FieldValueForbidden`/);
  assert.match(
    got[1].message,
    /`FieldValueInvalid`, `FieldValueForbidden`, `FieldValueRequired`, `FieldValueDuplicate`/,
  );
  const a = new Analysis();
  a.indexFile(URI, text);
  a.applyCrds();
  const fixed = fixText(a, URI, text).text;
  assert.match(fixed, /reason: FieldValueForbidden\n/);
  assert.match(fixed, /reason: Bogus\n/);
});

test('a fieldPath must name a field below the rule, as cel.ValidFieldPath reads it', () => {
  const bad = [
    '.nope', // no such property
    'a', // neither . nor [
    '.a.b', // a string has no fields
    '.items.v', // a list's items cannot be named
    "['a'", // unclosed
    '[a]', // not quoted
    "['\\q']", // an escape Go does not know
    '.', // ends after the dot
  ];
  const good = ['.a', "['a']", '.m.anything', ".m['a.b']", '.items'];
  const rules = [...bad, ...good]
    .map((p) => `                - rule: self.a != 'x'\n                  fieldPath: ${JSON.stringify(p)}`)
    .join('\n');
  const got = entryErrors(crd(rules));
  assert.deepEqual(
    got.map((p) => JSON.parse(p.at)),
    bad,
  );
  for (const p of got) assert.match(p.message, /fieldPath must be a valid path/);
});

test("oldSelf below a list that is not a map list is refused, with the API server's path", () => {
  const rule = `                - rule: self.a == 'x'`;
  const itemRule = `                    x-kubernetes-validations:
                      - rule: self.v == oldSelf.v
`;
  const text = crd(rule, '').replace('                  items:\n', `                  items:\n${itemRule}`);
  const got = entryErrors(text);
  assert.equal(got.length, 1, JSON.stringify(got));
  assert.equal(got[0].at, 'self.v == oldSelf.v');
  assert.match(
    got[0].message,
    /below the list `spec\.items`.*\("oldSelf cannot be used on the uncorrelatable portion of the schema within spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[items\]"\)/,
  );
  // A map list's items can be paired: the same rule is taken there.
  const mapList = text.replace(
    '                  type: array\n',
    '                  type: array\n                  x-kubernetes-list-type: map\n                  x-kubernetes-list-map-keys: [v]\n',
  );
  assert.deepEqual(entryErrors(mapList), []);
  // A rule whose string holds the word oldSelf does not read it.
  assert.deepEqual(entryErrors(text.replace('self.v == oldSelf.v', "self.v != 'oldSelf'")), []);
});

test('optionalOldSelf on a rule without oldSelf is refused, and removed by the fix', () => {
  const text = crd(`                - rule: self.a != 't'
                  optionalOldSelf: true
                  message: no t`);
  const got = entryErrors(text);
  assert.deepEqual(
    got.map((p) => p.at),
    ['true'],
  );
  assert.match(got[0].message, /may not be set if oldSelf is not used in rule/);
  const a = new Analysis();
  a.indexFile(URI, text);
  a.applyCrds();
  const fixed = fixText(a, URI, text).text;
  assert.equal(fixed, text.replace('                  optionalOldSelf: true\n', ''));
});

test('rules inside allOf, anyOf, oneOf or not make the schema not structural: refused, on their key', () => {
  const text = crd(`                - rule: self.a != 'x'`).replace(
    '                a: {type: string}\n',
    `                a:
                  type: string
                  allOf:
                    - x-kubernetes-validations:
                        - rule: self != 'y'
                  not:
                    x-kubernetes-validations:
                      - rule: self == 'z'
`,
  );
  const got = entryErrors(text);
  assert.deepEqual(
    got.map((p) => [p.at, p.message.match(/\("([^"]+)"\)/)?.[1]]),
    [
      [
        'x-kubernetes-validations',
        'spec.validation.openAPIV3Schema.properties[spec].properties[a].allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural',
      ],
      [
        'x-kubernetes-validations',
        'spec.validation.openAPIV3Schema.properties[spec].properties[a].not.x-kubernetes-validations: Forbidden: must be empty to be structural',
      ],
    ],
  );
});

// TestValidateCustomResourceDefinition (apiextensions validation_test.go), its three cases on entries: the
// rules at the schema's root, the errors Kubernetes expects at their index.
const rootCrd = (rules: string, properties: string) =>
  rootCrdText({
    group: 'group.com',
    kind: 'Plural',
    plural: 'plural',
    version: 'version',
    name: 'plural.group.com',
    root: `          type: object
          x-kubernetes-validations:
${rules}
          properties:
${properties}`,
  });

/** The list of Kubernetes' two fieldPath cases: objects with a number `a`. */
const LIST = `            list:
              type: array
              items:
                type: object
                properties:
                  a: {type: number}
`;

/** The index of the entry each crd-rule-entry error is about, in order. */
function entryIndexes(text: string): number[] {
  const starts = [...text.matchAll(/^ {12}- rule:/gm)].map((m) => m.index);
  return entryErrors(text).map((p) => {
    const at = text.indexOf(p.at, starts[0]);
    return starts.filter((s) => s <= at).length - 1;
  });
}

test('Kubernetes\' "x-kubernetes-validations should have valid fieldPath for array"', () => {
  const fieldPaths = [".foo['b.c']['c\\a']", "['a.c']", '.a.c', '.list[0]', '   ', '.', '..'];
  const text = rootCrd(
    fieldPaths.map((p) => `            - rule: "true"\n              fieldPath: ${JSON.stringify(p)}`).join('\n'),
    `            a.c: {type: number}
            foo:
              type: object
              properties:
                b.c:
                  type: object
                  properties:
                    "c\\a": {type: number}
${LIST}`,
  );
  assert.deepEqual(entryIndexes(text), [2, 3, 4, 4, 5, 6]);
});

test('Kubernetes\' "x-kubernetes-validations have invalid fieldPath"', () => {
  const fieldPaths = ['.list[0].b', '.list[0.b', '.list0].b', '.a.c', '.a.b.d'];
  const text = rootCrd(
    fieldPaths
      .map((p) => `            - rule: self.a.b.c > 0.0\n              fieldPath: ${JSON.stringify(p)}`)
      .join('\n'),
    `            a:
              type: object
              properties:
                b:
                  type: object
                  properties:
                    c: {type: number}
${LIST}`,
  );
  assert.deepEqual(entryIndexes(text), [0, 1, 2, 3, 4]);
});

test('Kubernetes\' "x-kubernetes-validations should have valid reason and fieldPath"', () => {
  const text = rootCrd(
    `            - rule: self.a > 0
              reason: InternalError
              fieldPath: .a`,
    `            a:
              type: number
              x-kubernetes-validations:
${['FieldValueRequired', 'FieldValueInvalid', 'FieldValueDuplicate', 'FieldValueForbidden'].map((r) => `                - {rule: "true", reason: ${r}}`).join('\n')}
`,
  );
  const got = entryErrors(text);
  assert.deepEqual(
    got.map((p) => p.at),
    ['InternalError'],
  );
});

test('oldSelf below an object of a map type the API server does not know is refused; granular and atomic pair', () => {
  const text = crd(`                - rule: self.a != 'x'`).replace(
    '                a: {type: string}\n',
    `                a: {type: string}
                o:
                  type: object
                  x-kubernetes-map-type: future
                  properties:
                    s:
                      type: string
                      x-kubernetes-validations:
                        - rule: self == oldSelf
`,
  );
  const got = entryErrors(text);
  assert.deepEqual(
    got.map((p) => p.at),
    ['self == oldSelf'],
  );
  assert.match(
    got[0].message,
    /`x-kubernetes-map-type: future`.*\("oldSelf cannot be used on the uncorrelatable portion of the schema within spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[o\]"\)/,
  );
  for (const known of ['granular', 'atomic'])
    assert.deepEqual(entryErrors(text.replace('map-type: future', `map-type: ${known}`)), []);
});

test('a node whose schema, or one below, the API server refuses has its rules not compiled: no CEL error there', () => {
  // validation.go: "If any schema related validation errors have been found at this level or deeper, skip CEL
  // expression validation." The entry below is refused; the rule above, which reads no field, is not said to be.
  const text = crd(`                - rule: self.nosuch > 0`).replace(
    '                a: {type: string}\n',
    `                a:
                  type: string
                  x-kubernetes-validations:
                    - rule: self != 'x'
                      message: " "
`,
  );
  assert.deepEqual(
    problems(text).map((p) => [p.code, p.at]),
    [['crd-rule-entry', '" "']],
  );
  // Fixed below, the rule above is refused for its own fault.
  assert.deepEqual(
    problems(text.replace('message: " "', 'message: not x')).map((p) => p.code),
    ['crd-rule-refused'],
  );
});

test('a version whose schema has a node without a type compiles none of its rules, as the API server', () => {
  // schema/validation.go ValidateStructural ("type: Required value: must not be empty for specified object
  // fields"): validation.go then makes no CEL context, and no rule of the version is compiled or said to fail.
  const text = (foo: string) =>
    rootCrdText({
      group: 'example.org',
      kind: 'W',
      plural: 'ws',
      root: `          type: object
          x-kubernetes-validations:
            - rule: self.nosuch > 0
          properties:
            foo: ${foo}
`,
    });
  assert.deepEqual(
    problems(text('{description: no type}')).map((p) => [p.code, p.severity, p.at]),
    [['crd-schema', 'warning', 'foo']],
  );
  // Typed, or preserving unknown fields, the schema is structural and the rule is refused for its own fault.
  for (const foo of ['{type: string}', '{x-kubernetes-preserve-unknown-fields: true}'])
    assert.deepEqual(
      problems(text(foo)).map((p) => [p.code, p.at]),
      [['crd-rule-refused', 'nosuch']],
    );
});
