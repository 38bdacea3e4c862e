// Runs Kubernetes' own CEL library test cases (ported as tables, each with the outcome the API server gives)
// through the product's rule environment (crd/rules/celRules.ts) and its type-checking environment.
import assert from 'node:assert/strict';
import { Environment } from '@marcbachmann/cel-js';
import { compileRule } from '../../../server/src/service/checks/crd/rules/celRules';
import { registerKubernetesLibraries } from '../../../server/src/service/checks/crd/rules/library';
import { declareExtraFunctions } from '../../../server/src/service/checks/embedded/cel/env';
import { caseTest } from '../../helpers/knownDifference';

/** What Kubernetes gives: a value, an evaluation error (its message contains `error`), or a compile error. */
export type Expected = { value: unknown } | { error: string } | { compileError: string };

export interface Case {
  name?: string;
  expr: string;
  expect: Expected;
  /** The case is known to differ from Kubernetes here: why (it runs as a to-do, not as a pass). */
  differs?: string;
}

export const value = (v: unknown): Expected => ({ value: v });
export const error = (e: string): Expected => ({ error: e });
export const compileError = (e: string): Expected => ({ compileError: e });

/** The type-checking environment as crd/rules/compile/ruleTypes.ts builds it (dynamic `self`). */
function checker(): Environment {
  const env = new Environment({
    unlistedVariablesAreDyn: true,
    enableOptionalTypes: true,
    homogeneousAggregateLiterals: false,
  });
  declareExtraFunctions(env);
  return registerKubernetesLibraries(env);
}

type Outcome = { value: unknown } | { error: string } | { compileError: string };

export function outcome(expr: string, self: unknown = {}): Outcome {
  const typed = checker().check(expr);
  if (!typed.valid) return { compileError: typed.error?.message.split('\n')[0] ?? '' };
  const c = compileRule(expr);
  if (!c.ok) return { compileError: c.error };
  try {
    return { value: c.run(self) };
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0] };
  }
}

/** A value or outcome in a message (bigints as `1n`). */
const shown = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));

/** Each case as a test named after its library and expression. */
export function runCases(library: string, cases: readonly Case[], self: unknown = {}): void {
  for (const c of cases) {
    const name = `${library}: ${c.name ? `${c.name}: ` : ''}${c.expr}`;
    caseTest(name, c.differs, () => {
      const got = outcome(c.expr, self);
      if ('value' in c.expect) {
        assert.ok('value' in got, `expected ${shown(c.expect.value)}, got ${shown(got)}`);
        assert.deepEqual(got.value, c.expect.value);
      } else if ('error' in c.expect) {
        assert.ok('error' in got, `expected the error "${c.expect.error}", got ${shown(got)}`);
        assert.ok(got.error.includes(c.expect.error), `expected "${c.expect.error}" in "${got.error}"`);
      } else assert.ok('compileError' in got, `expected a compile error, got ${shown(got)}`);
    });
  }
}
