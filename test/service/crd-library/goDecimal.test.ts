// Go's strconv rounding as goDecimal.ts computes it: the fast path from JavaScript's toExponential against the
// exact digits (BigInt), on any double and on ties built on purpose (7 significant digits then a 5), where
// JavaScript rounds up and Go to even.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  exactDecimal,
  roundDecimal,
  significantDecimal,
} from '../../../server/src/service/checks/crd/rules/library/goDecimal';

const exact = (x: number, n: number) => roundDecimal(exactDecimal(x), n);

test('goDecimal: n significant digits from toExponential equal the exact digits rounded half to even', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 17 }), (x, n) => {
      assert.deepEqual(significantDecimal(x, n), exact(x, n));
    }),
    { numRuns: 20_000, seed: 33 },
  );
});

test('goDecimal: exact ties round to even (1000000.5 → 1000000, 1000001.5 → 1000002)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1_000_000, max: 9_999_999 }), fc.integer({ min: -3, max: 3 }), (m, shift) => {
      // m + 0.5 is an exact tie at the 7th significant digit; scaled by a power of two, still exact, near one.
      const x = (m + 0.5) * 2 ** shift;
      assert.deepEqual(significantDecimal(x, 7), exact(x, 7));
    }),
    { numRuns: 5_000, seed: 33 },
  );
  assert.deepEqual(significantDecimal(1000000.5, 7), { d: '1', dp: 7 });
  assert.deepEqual(significantDecimal(1000001.5, 7), { d: '1000002', dp: 7 });
});
