// Quantity division for Kubernetes' quantity library: `div(int)` (the quotient rounded to 4 decimal places),
// `div(int, int)` (rounded to 0–10 places) and `divInt(int)` (the integer quotient, truncated toward zero),
// as kubernetes/kubernetes#135995 adds them with Kubernetes' own library tests. Exact decimal arithmetic on
// bigints: no float is involved, so no precision is lost on large quantities.
import { fail } from './define';
import type { Quantity } from './goQuantity';

const MAX_INT64 = 9223372036854775807n;
const MIN_INT64 = -9223372036854775808n;
/** A scale this far from 0 would need a power of ten of millions of digits (the parser never makes one). */
const MAX_SCALE = 200_000;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `num / den` rounded half away from zero (Go's `math.Round`, `inf.RoundHalfUp`); `den` > 0. */
function roundHalfAway(num: bigint, den: bigint): bigint {
  const negative = num < 0n;
  const n = negative ? -num : num;
  let q = n / den;
  if ((n % den) * 2n >= den) q += 1n;
  return negative ? -q : q;
}

/** The value `unscaled × 10^scale`, with its trailing zeros moved into the scale while it is below 0. */
function normalized(unscaled: bigint, scale: number): Quantity {
  let u = unscaled;
  let s = scale;
  while (s < 0 && u !== 0n && u % 10n === 0n) {
    u /= 10n;
    s++;
  }
  if (u === 0n) s = 0;
  return { unscaled: u, scale: s, dec: u > MAX_INT64 || u < MIN_INT64 };
}

function checkDivisor(n: bigint): void {
  if (n === 0n) fail('division by zero');
}

/** `q / n` rounded to `places` decimal places (0 to 10). */
export function divideQuantity(q: Quantity, n: bigint, places: bigint = 4n): Quantity {
  checkDivisor(n);
  if (places > 10n || places < 0n) fail(`the valid range for roundVal is 0 to 10 but ${places} was passed`);
  if (Math.abs(q.scale) > MAX_SCALE) fail('quantity scale out of range');
  const p = Number(places);
  // q / n × 10^p = unscaled × 10^(scale + p) / n.
  const shift = q.scale + p;
  const num = shift >= 0 ? q.unscaled * pow10(shift) : q.unscaled;
  const den = shift >= 0 ? n : n * pow10(-shift);
  const rounded = den < 0n ? roundHalfAway(-num, -den) : roundHalfAway(num, den);
  return normalized(rounded, -p);
}

/** `q / n` as an integer, truncated toward zero. */
export function integerDivideQuantity(q: Quantity, n: bigint): Quantity {
  checkDivisor(n);
  if (Math.abs(q.scale) > MAX_SCALE) fail('quantity scale out of range');
  const num = q.scale >= 0 ? q.unscaled * pow10(q.scale) : q.unscaled;
  const den = q.scale >= 0 ? n : n * pow10(-q.scale);
  return normalized(num / den, 0);
}
