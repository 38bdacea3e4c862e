// Kubernetes' own tests of CRD validation rules (k8s.io/apiextensions-apiserver, pkg/apiserver/schema/cel/
// validation_test.go: TestValidationExpressions and TestValidationExpressionsAtSchemaLevels), ported as
// tables (test/service/crd-validation/) and run as a user meets them: a CRD whose schema is the case's, and a
// manifest of its kind holding the case's object. A rule Kubernetes finds valid gives no diagnostic; a rule it
// fails gives an Error in the API server's words (or ours, where differences.ts says so); a case the product
// does not agree on yet is a to-do with its reason, and says "not evaluated" rather than a false error.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  COST_REFUSED,
  LEVEL_COST_REFUSED,
  LEVEL_TODO,
  LEVEL_WORDS,
  OUR_WORDS,
  TODO,
} from './crd-validation/differences';
import { VALIDATION_EXPRESSIONS } from './crd-validation/expressions';
import { withRule } from './crd-validation/schema';
import { SCHEMA_LEVELS } from './crd-validation/schemaLevels';
import { type Seen, seen } from './crd-validation/verdict';
import { caseTest } from '../helpers/knownDifference';

const show = (d: Seen[]) => JSON.stringify(d, null, 1);
/** The rules' own diagnostics (on the CRD, and `crd-…` on the manifest). */
const ofRules = (d: Seen[]) => d.filter((x) => x.onCrd || x.code.startsWith('crd-'));
/** Kubernetes' words for a rule refused when the CRD is applied (compiled), not when it runs. */
const COMPILE_TIME =
  /compil|undefined field|no matching overload|mismatched input|Syntax error|expected type|undeclared reference|program instantiation/;
/** Kubernetes' words without cel-go's compile-error prefix (`ERROR: <input>:1:19: `). */
const kubernetesWords = (w: string) => w.replace(/^.*ERROR: <input>:\d+:\d+: /, '').replace(/^compile error: /, '');

describe('TestValidationExpressions (apiextensions-apiserver CEL validation)', () => {
  for (const c of VALIDATION_EXPRESSIONS) {
    const setup = (rule: string) => ({
      schema: withRule(c.schema, rule),
      obj: c.obj,
      oldObj: c.oldObj,
      isRoot: c.isRoot,
    });
    describe(c.name, () => {
      for (const rule of c.valid ?? []) {
        const key = `${c.name} :: ${rule}`;
        const todo = TODO[key];
        caseTest(`holds: ${rule}`, todo, () => {
          const all = seen(setup(rule));
          // The object is a valid manifest of its CRD (no false error of the schema check either).
          assert.deepEqual(
            all.filter((x) => !x.onCrd && !x.code.startsWith('crd-')),
            [],
            show(all),
          );
          const d = ofRules(all);
          if (COST_REFUSED.has(key)) {
            assert.ok(
              d.some((x) => x.onCrd && x.code === 'crd-rule-cost' && x.severity === 'error'),
              show(d),
            );
            assert.ok(
              d.every((x) => x.code === 'crd-rule-cost' || x.code === 'crd-rule-not-run'),
              show(d),
            );
            return;
          }
          assert.deepEqual(d, [], show(d));
          // The rule was judged, not skipped: its negation fails (a rule skipped as a transition rule
          // without an old object aside).
          if (c.expectSkipped) return;
          const n = ofRules(seen(setup(`!(${rule})`)));
          assert.ok(
            n.some((x) => (x.code === 'crd-validation' || x.code === 'crd-transition-rule') && x.severity === 'error'),
            `the negation of the rule did not fail: ${show(n)}`,
          );
        });
      }
      for (const [rule, words] of Object.entries(c.errors ?? {})) {
        const key = `${c.name} :: ${rule}`;
        const todo = TODO[key];
        caseTest(`fails: ${rule}`, todo, () => {
          const all = seen(setup(rule));
          // Invalid data is refused by the schema check (as the API server validates data before CEL).
          const d = (words.startsWith('invalid data') ? all : ofRules(all)).filter((x) => x.severity === 'error');
          const want = OUR_WORDS[key] ?? kubernetesWords(words);
          assert.ok(d.length > 0, `no error; got ${show(all)}`);
          assert.ok(
            d.some((x) => x.message.includes(want)),
            `expected "${want}" in an error; got ${show(d)}`,
          );
          // A rule the API server refuses with the CRD is an error on the CRD.
          if (COMPILE_TIME.test(words))
            assert.ok(
              d.some((x) => x.onCrd),
              `expected an error on the CRD; got ${show(d)}`,
            );
        });
      }
    });
  }
});

describe('TestValidationExpressionsAtSchemaLevels (apiextensions-apiserver CEL validation)', () => {
  for (const c of SCHEMA_LEVELS) {
    const todo = LEVEL_TODO[c.name];
    caseTest(c.name, todo, () => {
      const d = ofRules(seen({ schema: c.schema, obj: c.obj, oldObj: c.oldObj })).filter((x) => x.severity === 'error');
      if (LEVEL_COST_REFUSED.has(c.name)) {
        assert.ok(
          d.some((x) => x.onCrd && x.code === 'crd-rule-cost'),
          show(d),
        );
        assert.ok(
          d.every((x) => x.code === 'crd-rule-cost'),
          show(d),
        );
        return;
      }
      const unmatched = (c.errors ?? []).map((w) => LEVEL_WORDS[w] ?? w);
      for (const e of d) {
        const i = unmatched.findIndex((w) => e.message.includes(w));
        assert.ok(i >= 0, `unexpected error ${show([e])}; expected one of ${JSON.stringify(unmatched)}`);
        unmatched.splice(i, 1);
      }
      assert.deepEqual(unmatched, [], `expected errors not given; got ${show(d)}`);
    });
  }
});
