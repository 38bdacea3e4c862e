// The one binary search over sorted offsets (service/core/search.ts) agrees with a plain scan, for every
// list of offsets (repeated ones included) and every offset, before, between, on and after them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { firstAtLeast, lastAtMost } from '../../server/src/service/core/search';

const sorted = fc.array(fc.nat(60), { maxLength: 30 }).map((xs) => xs.sort((a, b) => a - b));

test('lastAtMost: the last offset at most x (0 when none)', () => {
  fc.assert(
    fc.property(sorted, fc.integer({ min: -2, max: 62 }), (xs, x) => {
      let want = 0;
      for (let i = 0; i < xs.length; i++) if (xs[i] <= x) want = i;
      assert.equal(lastAtMost(xs, x), want);
    }),
  );
  assert.equal(lastAtMost([0, 5, 9], 5), 1);
  assert.equal(lastAtMost([0, 5, 9], 8), 1);
});

test('firstAtLeast: the first offset at least x within [0, end) (end when none)', () => {
  fc.assert(
    fc.property(sorted, fc.integer({ min: -2, max: 62 }), fc.nat(30), (xs, x, cut) => {
      const end = Math.min(cut, xs.length);
      let want = end;
      for (let i = end - 1; i >= 0; i--) if (xs[i] >= x) want = i;
      assert.equal(firstAtLeast(xs, x, end), want);
      assert.equal(firstAtLeast(xs, x), xs.findIndex((v) => v >= x) < 0 ? xs.length : xs.findIndex((v) => v >= x));
    }),
  );
});
