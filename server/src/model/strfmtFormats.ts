// The CRD string formats kube-openapi's strfmt registry checks with a pattern or a checksum (default.go, time.go,
// bson.go and the govalidator functions it froze): host names, UUIDs, ISBNs, credit cards, SSNs, colors,
// base64, BSON ObjectIds and date-times, each as Go reads it. Go's `\s` is `[\t\n\f\r ]` and its `.` any
// character but a newline, written so here; every pattern has no nested repetition or runs on a text first
// bounded in length, so matching is linear.
import { isStrfmtDate } from './goFormats';

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

const ALNUM_SYM = 'a-zA-Z0-9\\p{S}\\p{L}';
/**
 * strfmt's HostnamePattern: one label of up to 63 characters, or labels ending with `.` and a last one of 2 to
 * 63 letters; letters and symbols of any script count (`☁→❄.ws`).
 */
const HOSTNAME = new RegExp(
  `^(?:[${ALNUM_SYM}](?:-?[${ALNUM_SYM}]{0,62})?|(?:[${ALNUM_SYM}](?:[${ALNUM_SYM}\\-]{0,61}[${ALNUM_SYM}])?\\.)+[a-zA-Z\\p{L}]{2,63})$`,
  'u',
);

/** strfmt's IsHostname: the pattern, at most 255 bytes, no label over 63 bytes (the length first: it bounds the match). */
export function isStrfmtHostname(s: string): boolean {
  if (byteLength(s) > 255) return false;
  // A lone surrogate reaches Go as U+FFFD (JSON decoding), a symbol.
  return HOSTNAME.test(s.replace(/\p{Cs}/gu, '\ufffd')) && s.split('.').every((label) => byteLength(label) <= 63);
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

/** strfmt's `uuid`: 32 hex digits in either case, the four dashes optional (unlike the operator's `uuid`). */
export const isStrfmtUUID = (s: string): boolean => UUID.test(s);
export const isStrfmtUUID3 = (s: string): boolean => UUID3.test(s);
export const isStrfmtUUID4 = (s: string): boolean => UUID4.test(s);
export const isStrfmtUUID5 = (s: string): boolean => UUID5.test(s);

const digit = (s: string, i: number) => s.charCodeAt(i) - 0x30;

/** govalidator's IsISBN10: spaces and dashes dropped, 9 digits and a digit or `X`, the weighted sum a multiple of 11. */
export function isStrfmtISBN10(s: string): boolean {
  const d = s.replace(/[\t\n\f\r -]+/g, '');
  if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * digit(d, i);
  sum += 10 * (d[9] === 'X' ? 10 : digit(d, 9));
  return sum % 11 === 0;
}

/** govalidator's IsISBN13: spaces and dashes dropped, 13 digits, the last the check digit of weights 1 and 3. */
export function isStrfmtISBN13(s: string): boolean {
  const d = s.replace(/[\t\n\f\r -]+/g, '');
  if (!/^[0-9]{13}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * digit(d, i);
  return digit(d, 12) === (10 - (sum % 10)) % 10;
}

export const isStrfmtISBN = (s: string): boolean => isStrfmtISBN10(s) || isStrfmtISBN13(s);

const CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;

/** govalidator's IsCreditCard: every non-digit dropped, an issuer's length and prefix, the Luhn sum. */
export function isStrfmtCreditCard(s: string): boolean {
  const d = s.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(d)) return false;
  let sum = 0;
  let double = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let n = digit(d, i);
    if (double) n = n * 2 >= 10 ? ((n * 2) % 10) + 1 : n * 2;
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/** govalidator's IsSSN: 11 bytes, `ddd-dd-dddd` with each dash a dash or a space. */
export const isStrfmtSSN = (s: string): boolean => s.length === 11 && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s);

export const isStrfmtHexColor = (s: string): boolean => /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s);

const BYTE_VALUE = '(?:0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])';
const SP = '[\\t\\n\\f\\r ]*';
const RGB = new RegExp(`^rgb\\(${SP}${BYTE_VALUE}${SP},${SP}${BYTE_VALUE}${SP},${SP}${BYTE_VALUE}${SP}\\)$`);
export const isStrfmtRGBColor = (s: string): boolean => RGB.test(s);

/**
 * govalidator's IsBase64 (`byte`): standard alphabet in groups of 4, the last padded with `=` or `==`; at least
 * one group, so an empty string is refused. Checked by hand (its pattern repeats a group).
 */
export function isStrfmtBase64(s: string): boolean {
  if (s.length < 4 || s.length % 4 !== 0) return false;
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return /^[A-Za-z0-9+/]*$/.test(s.slice(0, s.length - pad));
}

/** strfmt's `bsonobjectid`: hex.DecodeString gives 12 bytes. */
export const isStrfmtBSONObjectID = (s: string): boolean => /^[0-9a-fA-F]{24}$/.test(s);

/** time.go's DateTimePattern, on what follows the first `t`: seconds required, a zone required. */
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:[^\n]\d+)?(?:[zZ]|[+-]\d{2}:\d{2})$/u;

/**
 * strfmt's IsDateTime: the text split at every `t` (in either case): the first part a date, the second
 * `hh:mm:ss[<any character>digits](z|±hh:mm)` with hours to 23 and minutes and seconds to 59; parts after a
 * second `t` are not read (Go's quirk, kept).
 */
export function isStrfmtDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.split(/[tT]/, 3);
  if (parts.length < 2 || !isStrfmtDate(parts[0])) return false;
  const m = TIME.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}
