// A CRD rule whose evaluation fails, as the API server reports it (apiextensions-apiserver's CEL validation:
// `field.Invalid(path, <schema type>, "<error> evaluating rule: <message or rule>")` on the node the rule
// sits on): integer overflow, division and modulus by zero, no such key, an index out of range, a library
// function's own error (`min` of an empty list, a bad `slice`). A rule our engine cannot evaluate (an
// overload cel-js lacks, a value it cannot hold) is not an error: it says so once, as information.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';

/** A CRD of kind Gauge whose spec carries `rule` (and `message`, if given). */
const crd = (rule: string, message?: string) =>
  crdText({
    group: 'example.org',
    kind: 'Gauge',
    plural: 'gauges',
    spec: `              x-kubernetes-validations:
                - rule: ${JSON.stringify(rule)}
${message ? `                  message: ${JSON.stringify(message)}\n` : ''}              properties:
                val: {type: integer}
                list: {type: array, items: {type: integer}}
                m: {type: object, additionalProperties: {type: integer}}
                s: {type: string}
                t: {type: string, format: date-time}
`,
  });

/** The diagnostics of the rules on a Gauge whose spec is `spec`: code, severity, where and what. */
function diagnostics(rule: string, spec: string, message?: string) {
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd(rule, message));
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: Gauge\nmetadata: {name: g}\nspec:\n${spec}`;
  return a
    .fileDiagnostics('file:///w/gauge.yaml', a.parse(text))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => ({ code: d.code, severity: severityOf(d), at: text.slice(d.start, d.end), message: d.message }));
}

const error = (message: string) => [{ code: 'crd-validation', severity: 'error', at: 'spec', message }];

describe('a rule whose evaluation fails is an error, in the words of the API server', () => {
  for (const [rule, spec, said] of [
    ['self.val + 1 > 0', '  val: 9223372036854775807\n', 'integer overflow'],
    ['self.val * 2 > 0', '  val: -9223372036854775808\n', 'integer overflow'],
    ['self.val / 0 == 0', '  val: 1\n', 'division by zero'],
    ['self.val % 0 == 0', '  val: 1\n', 'modulus by zero'],
    ['self.val > 0', '  s: a\n', 'no such key: val'],
    ["self.m['x'] > 0", '  m: {y: 1}\n', 'no such key: x'],
    ['self.list[2] > 0', '  list: [1]\n', "index '2' out of range in list size '1'"],
    ['self.list.min() > 0', '  list: []\n', 'min called on empty list'],
    [
      'self.list.slice(1, 0).size() == 0',
      '  list: [1, 2]\n',
      'cannot slice(1, 0), start index must be less than or equal to end index',
    ],
    ['self.list.sum() > 0', '  list: [9223372036854775807, 1]\n', 'integer overflow'],
    ["duration(self.s) > duration('1s')", '  s: 5 minutes\n', 'invalid duration argument: 5 minutes'],
  ] as const)
    test(`${rule} on ${spec.trim()}: ${said}`, () => {
      assert.deepEqual(
        diagnostics(rule, spec),
        error(`\`spec\`: Invalid value: "object": ${said} evaluating rule: ${rule}`),
      );
    });

  test("the rule's message stands for the rule, as in the API server's ruleErrorString", () => {
    assert.deepEqual(
      diagnostics('self.val / 0 == 0', '  val: 1\n', 'val must divide'),
      error('`spec`: Invalid value: "object": division by zero evaluating rule: val must divide'),
    );
  });

  test('a rule that evaluates without error still holds or fails as before', () => {
    assert.deepEqual(diagnostics('self.list.min() > 0', '  list: [1]\n'), []);
    assert.deepEqual(diagnostics("duration(self.s) > duration('1s')", '  s: 1.5h\n'), []);
  });
});

describe('a rule our engine cannot evaluate gives no verdict, and says so once', () => {
  const note = (rule: string, why: RegExp) => (d: ReturnType<typeof diagnostics>) => {
    assert.equal(d.length, 1, JSON.stringify(d));
    assert.equal(d[0].code, 'crd-rule-not-run');
    assert.equal(d[0].severity, 'info');
    assert.equal(d[0].at, 'spec');
    assert.ok(d[0].message.startsWith(`The CRD's rule \`${rule}\` is not evaluated: `), d[0].message);
    assert.match(d[0].message, why);
  };

  test('a timestamp finer than a millisecond, which cel-js cannot hold', () => {
    note(
      "self.t > timestamp('2000-01-01T00:00:00Z')",
      /cannot evaluate it here/,
    )(diagnostics("self.t > timestamp('2000-01-01T00:00:00Z')", "  t: '2021-01-01T00:00:00.123456789Z'\n"));
  });

  test('a rule that does not compile here', () => {
    note('self.val >', /does not compile \(.*; see the CRD\)/)(diagnostics('self.val >', '  val: 1\n'));
  });
});

describe('int64 as the API server decodes it', () => {
  test('the largest int64 is exact: equal to itself, and one more overflows', () => {
    assert.deepEqual(diagnostics('self.val == 9223372036854775807', '  val: 9223372036854775807\n'), []);
    assert.deepEqual(diagnostics('self.val - 1 == 9223372036854775806', '  val: 9223372036854775807\n'), []);
    assert.deepEqual(
      diagnostics('self.val + 1 > 0', '  val: 9223372036854775807\n'),
      error('`spec`: Invalid value: "object": integer overflow evaluating rule: self.val + 1 > 0'),
    );
  });
});

describe('nothing skipped in silence', () => {
  test('the rules of list items and map values that are not objects run on each of them', () => {
    const text = crdText({
      group: 'example.org',
      kind: 'Grid',
      plural: 'grids',
      spec: `              properties:
                cells:
                  type: array
                  items: {type: integer, x-kubernetes-validations: [{rule: self >= 0, message: no negative cell}]}
                names:
                  type: object
                  additionalProperties: {type: string, x-kubernetes-validations: [{rule: self.size() < 4}]}
`,
    });
    const a = new Analysis();
    a.indexFile('file:///w/crd.yaml', text);
    a.applyCrds();
    const m =
      'apiVersion: example.org/v1\nkind: Grid\nmetadata: {name: g}\nspec:\n  cells: [1, -1]\n  names: {a: abcd}\n';
    assert.deepEqual(
      a
        .fileDiagnostics('file:///w/g.yaml', a.parse(m))
        .filter((d) => d.code.startsWith('crd-'))
        .map((d) => [m.slice(d.start, d.end), d.message]),
      [
        ['-1', "`spec.cells[1]`: no negative cell. (The CRD's rule `self >= 0` does not hold.)"],
        ['a', '`spec.names.a`: failed rule: `self.size() < 4`'],
      ],
    );
  });

  test('past 2,000 rule evaluations in a document, the rest is said once not to be evaluated', () => {
    const text = crdText({
      group: 'example.org',
      kind: 'Row',
      plural: 'rows',
      spec: `              properties:
                cells:
                  type: array
                  items: {type: integer, x-kubernetes-validations: [{rule: self >= 0}]}
`,
    });
    const a = new Analysis();
    a.indexFile('file:///w/crd.yaml', text);
    a.applyCrds();
    const cells = Array.from({ length: 2001 }, (_, i) => (i === 2000 ? -1 : i)).join(', ');
    const m = `apiVersion: example.org/v1\nkind: Row\nmetadata: {name: r}\nspec:\n  cells: [${cells}]\n`;
    const got = a
      .fileDiagnostics('file:///w/r.yaml', a.parse(m))
      .filter((d) => d.code.startsWith('crd-'))
      .map((d) => [d.code, severityOf(d), d.message]);
    assert.deepEqual(got, [
      [
        'crd-rule-not-run',
        'info',
        "The CRD's rules are not evaluated from `spec.cells[2000]` on: at most 2,000 rule evaluations are made per document. The API server runs them all.",
      ],
    ]);
  });
});

describe('no false error on what our values may not hold', () => {
  test("an escaped name in an embedded resource's unknown fields is not 'no such key'", () => {
    const text = crdText({
      group: 'example.org',
      kind: 'Wrap',
      plural: 'wraps',
      spec: `              x-kubernetes-validations:
                - rule: "self.embedded.spec.__if__ == 1"
              properties:
                embedded: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
`,
    });
    const a = new Analysis();
    a.indexFile('file:///w/crd.yaml', text);
    a.applyCrds();
    const m =
      'apiVersion: example.org/v1\nkind: Wrap\nmetadata: {name: w}\nspec:\n  embedded:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n    spec: {if: 1}\n';
    const got = a.fileDiagnostics('file:///w/w.yaml', a.parse(m)).filter((d) => d.code.startsWith('crd-'));
    assert.deepEqual(
      got.map((d) => [d.code, severityOf(d)]),
      [['crd-rule-not-run', 'info']],
    );
  });
});

describe('a Kustomize patch of a CRD kind', () => {
  /** The crd- diagnostics of an overlay's patch writing `max`, over a base Gauge of min 1 and max 5. */
  function patched(max: number): string[] {
    const crdYaml = crdText({
      group: 'example.org',
      kind: 'Gauge',
      plural: 'gauges',
      spec: `              x-kubernetes-validations:
                - rule: "self.min <= self.max"
              properties:
                min: {type: integer}
                max: {type: integer}
`,
    });
    const a = new Analysis();
    a.indexFile('file:///repo/crd.yaml', crdYaml);
    a.indexFile(
      'file:///repo/base/g.yaml',
      'apiVersion: example.org/v1\nkind: Gauge\nmetadata: {name: g}\nspec: {min: 1, max: 5}\n',
    );
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - g.yaml\n');
    const patch = `apiVersion: example.org/v1\nkind: Gauge\nmetadata: {name: g}\nspec:\n  max: ${max}\n`;
    a.indexFile('file:///repo/overlay/patch.yaml', patch);
    a.indexFile('file:///repo/overlay/kustomization.yaml', 'resources:\n  - ../base\npatches:\n  - path: patch.yaml\n');
    a.applyCrds();
    return a
      .fileDiagnostics('file:///repo/overlay/patch.yaml', a.parse(patch))
      .filter((d) => d.code.startsWith('crd-'))
      .map((d) => d.message);
  }

  test('is judged as rendered, never by the fields it leaves to the base (no "no such key: min")', () => {
    assert.deepEqual(patched(3), []);
    assert.deepEqual(patched(0), ['`spec`: failed rule: `self.min <= self.max` (in repo/overlay)']);
  });
});

describe('a two-variable comprehension (Kubernetes 1.32) is judged, as the API server judges it', () => {
  test('one that does not hold fails; one that holds gives nothing', () => {
    assert.deepEqual(diagnostics('self.m.all(k, v, v > 0)', '  m: {a: -1}\n'), [
      {
        code: 'crd-validation',
        severity: 'error',
        at: 'spec',
        message: '`spec`: failed rule: `self.m.all(k, v, v > 0)`',
      },
    ]);
    assert.deepEqual(diagnostics("self.m.all(k, v, v > 0 && k != '')", '  m: {a: 1}\n'), []);
    assert.deepEqual(diagnostics('self.list.transformList(i, v, v * i) == [0, 2]', '  list: [5, 2]\n'), []);
  });
});
