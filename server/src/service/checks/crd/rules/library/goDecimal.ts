// A double's exact decimal digits and Go's strconv formatting of them (ftoa.go): `'f'` and `'e'` with a
// precision, rounded half to even on the exact binary value (as Go's bigFtoa and Ryū do, where JavaScript's
// toFixed rounds a tie away from zero), and `'g'` at its shortest (`%g`, cel-go's `string(double)`). What
// string.format and Go's locale printer (goLocalePrinter.ts) build their text from.

/** A non-negative decimal `0.d × 10^dp`, `d` without leading or trailing zeros (`''` for zero: Go's `decimal`). */
export interface Decimal {
  d: string;
  dp: number;
}

/** The exact decimal value of the finite double `|x|`: at most 767 significant digits. */
export function exactDecimal(x: number): Decimal {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = hi >>> 20;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp = biased - 1075;
  if (biased === 0) exp = -1074;
  else mant |= 1n << 52n;
  if (mant === 0n) return { d: '', dp: 0 };
  // |x| = mant × 2^exp = mant × 5^-exp / 10^-exp when exp < 0.
  const text = exp >= 0 ? (mant << BigInt(exp)).toString() : (mant * 5n ** BigInt(-exp)).toString();
  const dp = exp >= 0 ? text.length : text.length + exp;
  return trimmed(text, dp);
}

function trimmed(d: string, dp: number): Decimal {
  let end = d.length;
  while (end > 0 && d.charCodeAt(end - 1) === 48) end--;
  return end === 0 ? { d: '', dp: 0 } : { d: d.slice(0, end), dp };
}

/** Go's `decimal.Round(nd)`: `nd` significant digits, half to even (an exact half rounds down at nd 0). */
export function roundDecimal(x: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= x.d.length) return x;
  const c = x.d.charCodeAt(nd) - 48;
  const up = c > 5 || (c === 5 && (nd + 1 < x.d.length || (nd > 0 && (x.d.charCodeAt(nd - 1) - 48) % 2 === 1)));
  if (!up) return trimmed(x.d.slice(0, nd), x.dp);
  let i = nd - 1;
  while (i >= 0 && x.d[i] === '9') i--;
  if (i < 0) return { d: '1', dp: x.dp + 1 };
  return { d: x.d.slice(0, i) + String.fromCharCode(x.d.charCodeAt(i) + 1), dp: x.dp };
}

/**
 * `|x|` to `n` significant digits (1 to 100), half to even: Go's strconv 'e'/'g' with a precision. JavaScript's
 * toExponential rounds to nearest too, a tie up: the exact digits are needed only where `n + 1` digits end
 * in 5 (a tie must, and a value near one may).
 */
export function significantDecimal(x: number, n: number): Decimal {
  const abs = Math.abs(x);
  const longer = abs.toExponential(Math.min(n, 100));
  if (longer[longer.indexOf('e') - 1] === '5' || n >= 100) return roundDecimal(exactDecimal(abs), n);
  const [mantissa, e] = abs.toExponential(n - 1).split('e');
  return trimmed(mantissa.replace('.', ''), Number(e) + 1);
}

/** The digit of `x` at index `j` (0 past its digits). */
const digitAt = (x: Decimal, j: number): string => (j >= 0 && j < x.d.length ? x.d[j] : '0');

/** Go's fmtF: the integer digits (at least `0`), then `prec` fraction digits. */
export function fmtF(x: Decimal, prec: number): string {
  let out = '';
  if (x.dp > 0) for (let j = 0; j < x.dp; j++) out += digitAt(x, j);
  else out = '0';
  if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) out += digitAt(x, x.dp + i);
  }
  return out;
}

/** Go's fmtE: `d.ddde±dd`. */
export function fmtE(x: Decimal, prec: number): string {
  let out = x.d.length === 0 ? '0' : x.d[0];
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) out += digitAt(x, i);
  }
  const exp = x.d.length === 0 ? 0 : x.dp - 1;
  return `${out}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** The shortest digits that read back as `|x|` (JavaScript's and Go's shortest agree: the closest such). */
export function shortestDecimal(x: number): Decimal {
  if (x === 0) return { d: '', dp: 0 };
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  return trimmed(mantissa.replace('.', ''), Number(e) + 1);
}

/** Go's `strconv.FormatFloat(x, 'f', prec, 64)`: `fmt.Sprintf("%.<prec>f", x)`. */
export function formatFixed(x: number, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const exact = exactDecimal(x);
  return sign + fmtF(roundDecimal(exact, exact.dp + prec), prec);
}

/** Go's `fmt.Sprintf("%g", x)` (`FormatFloat(x, 'g', -1, 64)`): cel-go's `string(double)`. */
export function formatShortest(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const d = shortestDecimal(x);
  const exp = d.d.length === 0 ? 0 : d.dp - 1;
  // Go: at the shortest, the exponent form from 10^-5 down and from 10^6 up ("use precision 6 for this decision").
  if (exp < -4 || exp >= 6) return sign + fmtE(d, Math.max(d.d.length, 1) - 1);
  return sign + fmtF(d, Math.max(d.d.length - d.dp, 0));
}
