// A CRD rule with a syntax error cel-go's parser surely makes too (a CEL word selected as a field, a `!` after
// an operand) is the API server's refusal of the CRD: an error at the token at fault. Other syntax errors stay
// cel-js's warning (the limit may be our parser's), and text inside strings and comments is never read as
// tokens.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crdProblems, oneRuleCrd } from '../helpers/crdRules';

const crd = (rule: string) =>
  oneRuleCrd({
    kind: 'Syn',
    plural: 'syns',
    rule,
    message: 'a rule on several lines needs one',
    properties: `                k: {type: string, maxLength: 10}
                b: {type: boolean}
`,
  });

/** The CRD's own problems about its rules: code, severity, the text squiggled and the message. */
const onCrd = (rule: string) => crdProblems(crd(rule));

describe("a syntax error cel-go's parser makes too refuses the CRD", () => {
  for (const [rule, at, said] of [
    ['self.true == 1', 'true', "mismatched input 'true' expecting IDENTIFIER"],
    ["self.k == 'a.true' && self.b.null", 'null', "mismatched input 'null' expecting IDENTIFIER"],
    ['self . in == 1', 'in', "mismatched input 'in' expecting IDENTIFIER"],
    ["self.k! == '1'", '!', "mismatched input '!' expecting"],
    ["(self.k)! == 'a' // a comment: self.true", '!', "mismatched input '!' expecting"],
    ["self.k == 'abc", "'abc", "token recognition error at: ''abc'"],
    ['self.k == "a\nb" // a string does not span lines', '\\"a', `token recognition error at: '"a'`],
  ] as const)
    test(rule, () => {
      const d = onCrd(rule);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'crd-rule-refused');
      assert.equal(d[0].severity, 'error');
      assert.equal(d[0].at, at);
      assert.ok(d[0].message.includes(`Syntax error: ${said}`), d[0].message);
    });
});

describe("other syntax errors stay cel-js's warning", () => {
  for (const rule of ["self.k ==  // self.true\n'a' &&", "self.k == 'x!' && self.b &&", "self.k == '''a.true\n'''  +"])
    test(rule, () => {
      const d = onCrd(rule);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'crd-rule-invalid');
      assert.equal(d[0].severity, 'warning');
    });
});

describe('what parses is never refused', () => {
  for (const rule of [
    "!self.b || self.k != 'a!'",
    "self.k == '.true' && !!self.b",
    'has(self.b) ? self.b : true',
    `self.k != "it's" && self.k != '\\'"' && self.k != '''a\nb'''`,
  ])
    test(rule, () => assert.deepEqual(onCrd(rule), []));
});

describe("a rule longer than cel-go's parser takes refuses the CRD (Kubernetes keeps its 100,000 code points)", () => {
  test("a 1 MB rule is an error on the whole rule, in cel-go's words", () => {
    const rule = `self.b ${'|| self.b '.repeat(100_000)}`; // 1,000,007 characters
    const d = onCrd(rule);
    assert.equal(d.length, 1, JSON.stringify(d.map((x) => x.message.slice(0, 200))));
    assert.equal(d[0].code, 'crd-rule-refused');
    assert.equal(d[0].severity, 'error');
    assert.equal(d[0].at, JSON.stringify(rule));
    assert.ok(
      d[0].message.includes(`expression code point size exceeds limit: size: ${rule.length}, limit 100000`),
      d[0].message,
    );
  });
  test('at the limit it compiles', () => {
    const rule = `self.b${' '.repeat(100_000 - 'self.b'.length)}`;
    assert.deepEqual(onCrd(rule), []);
  });
});
