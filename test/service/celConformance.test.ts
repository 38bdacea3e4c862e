// The cel-spec conformance suite on the CEL engine in use, as the CRD rules configure it (cel-js with RE2
// `matches`): no suite file may pass fewer tests than measured (scripts/cel-conformance.ts prints the table,
// and the other engine's). An engine upgrade or a change of ours that breaks standard CEL fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ENGINES, runConformance } from '../../scripts/cel-conformance';

/** Passed tests per suite file, measured with @marcbachmann/cel-js 8.0.0 (of 2,344 tests: 1,103). */
const MEASURED: Record<string, number> = {
  basic: 31,
  bindings_ext: 5,
  comparisons: 296,
  conversions: 67,
  dynamic: 25,
  enums: 10,
  fields: 32,
  fp_math: 30,
  integer_math: 52,
  lists: 30,
  logic: 25,
  macros: 27,
  macros2: 8,
  math_ext: 17,
  optionals: 18,
  parse: 167,
  plumbing: 3,
  proto2: 6,
  proto3: 6,
  string: 51,
  string_ext: 101,
  timestamps: 62,
  type_deductions: 34,
};

test('cel conformance: the engine in use passes at least the measured tests of each suite file', () => {
  const results = runConformance(ENGINES['cel-js+re2']());
  const dropped = results
    .filter((r) => r.passed < (MEASURED[r.file] ?? 0))
    .map((r) => `${r.file}: ${r.passed} passed, measured ${MEASURED[r.file]}`);
  assert.deepEqual(dropped, []);
  assert.ok(results.reduce((a, r) => a + r.passed, 0) >= 1103);
});
