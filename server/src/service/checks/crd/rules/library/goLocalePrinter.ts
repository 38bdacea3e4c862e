// golang.org/x/text's message printer for en-US (message/print.go over internal/number, v0.23 and later, as
// Kubernetes builds it), as cel-go's string.format calls it: `%.<p>f` for the fixed-point clause and
// `%<w>e` for the scientific one (cel-go writes the clause's precision as the width). Fixed point groups the
// integer digits by three (`1,234.500000`); scientific writes `1.234568×10⁰³` (7 significant digits, an
// exponent of at least two superscript digits, no spaces since x/text v0.23); NaN is `NaN`, infinity `∞`.
import { exactDecimal, roundDecimal, shortestDecimal, significantDecimal, type Decimal } from './goDecimal';

/** x/text takes a width or precision up to a million (internal/format parser.go tooLarge). */
export const MAX_WIDTH_OR_PRECISION = 1_000_000;

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/** NaN and the infinities as the printer writes them (no sign on NaN, `-` before a negative infinity). */
function special(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x < 0 ? '-∞' : '∞';
  return undefined;
}

/** The integer digits `0.d × 10^dp` has (at least `0`), grouped by three with `,` (en's `#,##0.###`). */
function groupedInteger(x: Decimal): string {
  if (x.dp <= 0) return '0';
  let out = '';
  for (let j = 0; j < x.dp; j++) {
    out += j < x.d.length ? x.d[j] : '0';
    const left = x.dp - 1 - j;
    if (left > 0 && left % 3 === 0) out += ',';
  }
  return out;
}

/**
 * `message.NewPrinter(en-US).Sprintf("%.<prec>f", x)`. The printer keeps the minimum of fraction digits in a
 * uint8 and the maximum in an int16 (print.go initDecimal), so past 255 the zeros it pads with wrap around,
 * and past 32767 the rounding does: written as it does. `x < 0` signs the text (so `-0.0` has none).
 */
export function localeFixed(x: number, prec: number): string {
  const s = special(x);
  if (s !== undefined) return s;
  const minFrac = prec & 0xff;
  const maxFrac = ((prec + 0x8000) & 0xffff) - 0x8000;
  // Decimal.ConvertFloat: strconv 'f' at maxFrac digits, or the shortest digits when there is no maximum.
  const digits = maxFrac >= 0 ? roundAt(exactDecimal(x), maxFrac) : shortestDecimal(x);
  // decimalVisibleDigits: the digits shown after the point, at least minFrac.
  const frac = digits.d.length === 0 ? minFrac : Math.max(digits.d.length - digits.dp, minFrac);
  let out = (x < 0 ? '-' : '') + groupedInteger(digits);
  if (frac > 0) {
    out += '.';
    for (let i = 0; i < frac; i++) {
      const j = digits.dp + i;
      out += j >= 0 && j < digits.d.length ? digits.d[j] : '0';
    }
  }
  return out;
}

/** strconv 'f' at `frac` fraction digits: rounded there, zero when every digit is further right. */
const roundAt = (x: Decimal, frac: number): Decimal =>
  x.dp + frac < 0 ? { d: '', dp: 0 } : roundDecimal(x, x.dp + frac);

/**
 * `message.NewPrinter(en-US).Sprintf("%<width>e", x)`: precision 6 (7 significant digits, half to even, by
 * strconv 'g'), `×10` and the exponent in superscript, then spaces before it up to `width` characters.
 */
export function localeScientific(x: number, width: number): string {
  let out = special(x);
  if (out === undefined) {
    let d = significantDecimal(x, 7);
    if (d.d.length === 0) d = { d: '0', dp: 1 };
    const exp = d.dp - 1;
    let mantissa = d.d[0] + '.';
    for (let i = 1; i <= 6; i++) mantissa += i < d.d.length ? d.d[i] : '0';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    out = `${x < 0 ? '-' : ''}${mantissa}×10${exp < 0 ? '⁻' : ''}${Array.from(digits, (c) => SUPERSCRIPT[Number(c)]).join('')}`;
  }
  // Padding counts characters (runes): each superscript is one.
  const length = Array.from(out).length;
  return length < width ? ' '.repeat(width - length) + out : out;
}
