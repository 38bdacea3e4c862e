// A CRD's `duration` format as the API server checks it: kube-openapi strfmt's ParseDuration, which takes Go's
// time.ParseDuration (`1h30m`, `1.5s`, `-2us`) or else any text holding a number and a unit it knows (`3 days`,
// `45 weekz`: scala-style, the rest of the text ignored). Both ported to the letter, BigInt where Go's int64
// overflows, so the verdict is Go's however long the text.

const MAX_INT64 = (1n << 63n) - 1n;
const NS = 1n;
const TIME_UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', NS],
  ['us', 1_000n],
  ['\u00b5s', 1_000n], // U+00B5 MICRO SIGN
  ['\u03bcs', 1_000n], // U+03BC GREEK SMALL LETTER MU
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '\u00b5');
/** Go's `\s` in a regexp: tab, newline, form feed, carriage return, space. */
const isGoSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/**
 * Go's time.ParseDuration: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, `0` alone, in range of an int64 of nanoseconds;
 * the nanoseconds, or undefined where Go returns an error.
 */
export function goTimeDurationNanos(text: string): bigint | undefined {
  let s = text;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let d = 0n;
  let i = 0;
  while (i < s.length) {
    if (!(s[i] === '.' || isDigit(s[i]))) return undefined;
    const intStart = i;
    while (isDigit(s[i])) i++;
    // leadingInt: an integer part past 2^63 is an error (its digits are all read first).
    const intDigits = s.slice(intStart, i).replace(/^0+/, '');
    if (intDigits.length > 19) return undefined;
    const v = intDigits === '' ? 0n : BigInt(intDigits);
    if (v > 1n << 63n) return undefined;
    const pre = i > intStart;
    let post = false;
    let frac = '';
    if (s[i] === '.') {
      i++;
      const fracStart = i;
      while (isDigit(s[i])) i++;
      post = i > fracStart;
      frac = s.slice(fracStart, i);
    }
    if (!pre && !post) return undefined;
    const unitStart = i;
    while (i < s.length && !(s[i] === '.' || isDigit(s[i]))) i++;
    if (i === unitStart) return undefined;
    const unit = TIME_UNITS.get(s.slice(unitStart, i));
    if (unit === undefined) return undefined;
    if (v > (1n << 63n) / unit) return undefined;
    let value = v * unit;
    // The fraction as Go adds it: float64(f) * (float64(unit) / scale), truncated; digits past what an int64
    // holds are dropped by leadingFraction, which only lowers the value.
    if (frac !== '') value += BigInt(Math.trunc(Number(`0.${frac.slice(0, 18)}`) * Number(unit)));
    if (value > 1n << 63n) return undefined;
    d += value;
    if (d > 1n << 63n) return undefined;
  }
  if (neg) return BigInt.asIntN(64, -d);
  return d <= MAX_INT64 ? d : undefined;
}

export const isGoTimeDuration = (text: string): boolean => goTimeDurationNanos(text) !== undefined;

/** strfmt's units: the first spelling of each row exactly, its last as a prefix (`sec…`, `min…`, `week…`). */
const UNIT_ROWS: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', '\u00b5s', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];

const UNIT_NANOS: readonly bigint[] = [
  1n,
  1_000n,
  1_000_000n,
  1_000_000_000n,
  60_000_000_000n,
  3_600_000_000_000n,
  86_400_000_000_000n,
  604_800_000_000_000n,
];

/** The nanoseconds a unit adds per count: every spelling it matches counts (Go's loop adds once per match). */
const unitNanos = (unit: string): bigint =>
  UNIT_ROWS.reduce(
    (sum, row, r) =>
      sum +
      BigInt(row.filter((v, i) => v === unit || (i === row.length - 1 && unit.startsWith(v))).length) * UNIT_NANOS[r],
    0n,
  );

/** A decimal number past int64 (strconv.Atoi's range), compared as text so a long one costs its length. */
function pastInt64(digits: string): boolean {
  const d = digits.replace(/^0+/, '');
  return d.length > 19 || (d.length === 19 && d > '9223372036854775807');
}

/**
 * strfmt's ParseDuration: Go's time.ParseDuration, else every match of `(\d+)\s*([A-Za-zµ]+)`; a number past
 * int64 makes the whole text invalid (Atoi's error ends the parse), and one known unit makes it valid, the
 * counts of known units summed in int64 as Go sums them (wrapping). Read by hand, not with a JS regex: at each
 * digit of a long run of digits a backtracking engine would try the rest of the run (quadratic). A match can
 * only start where a run of digits starts, and from there it has one way to match. The nanoseconds, or
 * undefined where Go returns an error: what the API server gives a CRD rule for a `duration` string.
 */
export function strfmtDurationNanos(s: string): bigint | undefined {
  const go = goTimeDurationNanos(s);
  if (go !== undefined) return go;
  let ok = false;
  let dur = 0n;
  let i = 0;
  while (i < s.length) {
    if (!isDigit(s[i])) {
      i++;
      continue;
    }
    const start = i;
    while (isDigit(s[i])) i++;
    const digits = s.slice(start, i);
    let j = i;
    while (isGoSpace(s[j])) j++;
    const unitStart = j;
    while (isLetter(s[j])) j++;
    if (j === unitStart) continue;
    if (pastInt64(digits)) return undefined;
    const per = unitNanos(s.slice(unitStart, j).toLowerCase());
    if (per > 0n) {
      ok = true;
      dur = BigInt.asIntN(64, dur + BigInt.asIntN(64, BigInt(digits.replace(/^0+(?=\d)/, '')) * per));
    }
    i = j;
  }
  return ok ? dur : undefined;
}

export const isStrfmtDuration = (s: string): boolean => strfmtDurationNanos(s) !== undefined;
