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

/** Go's time.ParseDuration: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, `0` alone, in range of an int64 of nanoseconds. */
export function isGoTimeDuration(text: string): boolean {
  let s = text;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return true;
  if (s === '') return false;
  let d = 0n;
  let i = 0;
  while (i < s.length) {
    if (!(s[i] === '.' || isDigit(s[i]))) return false;
    const intStart = i;
    while (isDigit(s[i])) i++;
    // leadingInt: an integer part past 2^63 is an error (its digits are all read first).
    const intDigits = s.slice(intStart, i).replace(/^0+/, '');
    if (intDigits.length > 19) return false;
    const v = intDigits === '' ? 0n : BigInt(intDigits);
    if (v > 1n << 63n) return false;
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
    if (!pre && !post) return false;
    const unitStart = i;
    while (i < s.length && !(s[i] === '.' || isDigit(s[i]))) i++;
    if (i === unitStart) return false;
    const unit = TIME_UNITS.get(s.slice(unitStart, i));
    if (unit === undefined) return false;
    if (v > (1n << 63n) / unit) return false;
    let value = v * unit;
    // The fraction as Go adds it: float64(f) * (float64(unit) / scale), truncated; digits past what an int64
    // holds are dropped by leadingFraction, which only lowers the value.
    if (frac !== '') value += BigInt(Math.trunc(Number(`0.${frac.slice(0, 18)}`) * Number(unit)));
    if (value > 1n << 63n) return false;
    d += value;
    if (d > 1n << 63n) return false;
  }
  return neg || d <= MAX_INT64;
}

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

const knownUnit = (unit: string): boolean =>
  UNIT_ROWS.some((row) => row.some((v, i) => v === unit || (i === row.length - 1 && unit.startsWith(v))));

/** A decimal number past int64 (strconv.Atoi's range), compared as text so a long one costs its length. */
function pastInt64(digits: string): boolean {
  const d = digits.replace(/^0+/, '');
  return d.length > 19 || (d.length === 19 && d > '9223372036854775807');
}

/**
 * strfmt's fallback: every match of `(\d+)\s*([A-Za-zµ]+)`; a number past int64 makes the whole text invalid
 * (Atoi's error ends the parse), and one known unit makes it valid. Read by hand, not with a JS regex: at each
 * digit of a long run of digits a backtracking engine would try the rest of the run (quadratic). A match can
 * only start where a run of digits starts, and from there it has one way to match.
 */
export function isStrfmtDuration(s: string): boolean {
  if (isGoTimeDuration(s)) return true;
  let ok = false;
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
    if (pastInt64(digits)) return false;
    if (knownUnit(s.slice(unitStart, j).toLowerCase())) ok = true;
    i = j;
  }
  return ok;
}
