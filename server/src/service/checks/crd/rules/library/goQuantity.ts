// Kubernetes' resource.Quantity (k8s.io/apimachinery/pkg/api/resource/quantity.go): its parser, with the
// suffixes (n u m k M G T P E, Ki … Ei, e/E exponents), the rounding up to nanos and the binary cap, and the
// two forms a quantity is held in, which decide what `AsInt64` (`isInteger`, `asInteger`) accepts: a small
// exact value (an int64 and a decimal scale) or an arbitrary decimal (which `AsInt64` always refuses).

export interface Quantity {
  /** The value is `unscaled × 10^scale`. */
  readonly unscaled: bigint;
  readonly scale: number;
  /** Held as an arbitrary decimal (Go's `inf.Dec`), not as an int64 amount. */
  readonly dec: boolean;
}

const MAX_INT64 = 9223372036854775807n;
const MIN_INT64 = -9223372036854775808n;
const fitsInt64 = (v: bigint) => v <= MAX_INT64 && v >= MIN_INT64;
/** Exponents beyond this are refused (Go would work on numbers of millions of digits). */
const MAX_EXPONENT = 100_000;

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT = `quantities must match the regular expression '${SPLIT_RE}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

interface Parts {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Go's `parseQuantityString`, step for step. */
function scan(str: string): Parts {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') pos++;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  let num = str.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    if (i >= end) return { positive, value: str, num, denom: str.slice(pos), suffix: '' };
    denom = str.slice(pos, i);
    pos = i;
  }
  num ||= '0';
  const value = str.slice(0, pos);
  const suffixStart = pos;
  i = pos;
  while (i < end && 'eEinumkKMGTP'.includes(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  pos = i;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  throw new Error(ERR_FORMAT);
}

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';
const DECIMAL: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** The suffix as base, exponent and format (Go's `quantitySuffixer.interpret`). */
function interpret(suffix: string): [10 | 2, number, Format] {
  if (Object.hasOwn(DECIMAL, suffix)) return [10, DECIMAL[suffix], 'DecimalSI'];
  if (Object.hasOwn(BINARY, suffix)) return [2, BINARY[suffix], 'BinarySI'];
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(suffix.slice(1))) {
    const e = Number(suffix.slice(1));
    if (!Number.isSafeInteger(e) || Math.abs(e) > MAX_EXPONENT) throw new Error(ERR_SUFFIX);
    return [10, e, 'DecimalExponent'];
  }
  throw new Error(ERR_SUFFIX);
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Go's `ParseQuantity`. */
export function parseQuantity(str: string): Quantity {
  if (str.length === 0) throw new Error(ERR_FORMAT);
  if (str === '0') return { unscaled: 0n, scale: 0, dec: false };
  const { positive, value, num, denom, suffix } = scan(str);
  const [base, exponent, format] = interpret(suffix);
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const shifted = BigInt(num + denom);
      if (!fitsInt64(shifted)) throw new Error(ERR_NUMERIC);
      const result = shifted * mantissa;
      if (fitsInt64(result)) return { unscaled: positive ? result : -result, scale, dec: false };
    }
  }
  // The arbitrary decimal: `value` (sign, digits, point) as inf.Dec reads it, then the suffix applied.
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(ERR_NUMERIC);
  let unscaled = BigInt(`${m[2]}${m[3] ?? ''}` || '0');
  let decScale = -(m[3] ?? '').length;
  if (base === 10) decScale += exponent;
  else unscaled <<= BigInt(exponent);
  // Round the magnitude up to a whole number of nanos (Go: `Round(Nano, inf.RoundUp)`), unless zero.
  if (unscaled !== 0n) {
    if (decScale < -9) {
      const d = pow10(-9 - decScale);
      unscaled = (unscaled + d - 1n) / d;
    } else unscaled *= pow10(decScale + 9);
    decScale = -9;
  }
  if (format === 'BinarySI' && unscaled > MAX_INT64 * 1000000000n) unscaled = MAX_INT64 * 1000000000n;
  return { unscaled: m[1] === '-' ? -unscaled : unscaled, scale: decScale, dec: true };
}

/** The two values at one scale (the smaller). */
function aligned(a: Quantity, b: Quantity): [bigint, bigint, number] {
  const scale = Math.min(a.scale, b.scale);
  if (Math.max(a.scale, b.scale) - scale > 2 * MAX_EXPONENT) throw new Error('quantity scale out of range');
  return [a.unscaled * pow10(a.scale - scale), b.unscaled * pow10(b.scale - scale), scale];
}

export function compareQuantities(a: Quantity, b: Quantity): number {
  const sa = a.unscaled === 0n ? 0 : a.unscaled > 0n ? 1 : -1;
  const sb = b.unscaled === 0n ? 0 : b.unscaled > 0n ? 1 : -1;
  if (sa !== sb || sa === 0) return Math.sign(sa - sb);
  // Same sign: compare magnitudes by their number of digits first (no huge power of ten for far scales).
  const digits = (q: Quantity) => (q.unscaled < 0n ? -q.unscaled : q.unscaled).toString().length + q.scale;
  const [da, db] = [digits(a), digits(b)];
  if (da !== db) return da > db ? sa : -sa;
  const [x, y] = aligned(a, b);
  return x === y ? 0 : x > y ? 1 : -1;
}

export const sign = (q: Quantity): number => (q.unscaled === 0n ? 0 : q.unscaled > 0n ? 1 : -1);

/** Go's `Quantity.Add`: exact; kept an int64 amount when both are one and the sum fits. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  if (!a.dec && !b.dec) {
    if (b.unscaled === 0n) return a;
    if (a.unscaled === 0n) return b;
    const [x, y, scale] = aligned(a, b);
    if (fitsInt64(x) && fitsInt64(y) && fitsInt64(x + y)) return { unscaled: x + y, scale, dec: false };
  }
  const [x, y, scale] = aligned(a, b);
  return { unscaled: x + y, scale, dec: true };
}

/** Go's `Quantity.Mul(int64)`: kept an int64 amount while the product fits. */
export function multiplyQuantity(a: Quantity, n: bigint): Quantity {
  const product = a.unscaled * n;
  return { unscaled: product, scale: a.scale, dec: a.dec || !fitsInt64(product) };
}

export const negate = (q: Quantity): Quantity => ({ ...q, unscaled: -q.unscaled });

/** Go's `AsInt64`: only an int64 amount with a scale ≥ 0 whose value fits. */
export function asInt64(q: Quantity): bigint | undefined {
  if (q.dec || q.scale < 0) return undefined;
  const v = q.unscaled * pow10(q.scale);
  return fitsInt64(v) ? v : undefined;
}

/** Go's `AsApproximateFloat64`: the unscaled value as a float times 10^scale. */
export function asApproximateFloat(q: Quantity): number {
  const base = Number(q.unscaled);
  // Go's math.Pow10: exact powers up to 1e22, a negative one as 1/10^n.
  const pow = (n: number) => (n <= 22 ? 10 ** n : Number(`1e${n}`));
  if (q.scale === 0) return base;
  return q.scale > 0 ? base * pow(q.scale) : base * (1 / pow(-q.scale));
}
