// String formats of the model, as predicates and as JSON Schema patterns (one definition for both).
import { isStrfmtDuration } from './goDuration';
import { isStrfmtCIDR, isStrfmtDate, isStrfmtIPv4, isStrfmtIPv6, isStrfmtMac } from './goFormats';
import { isGoMailAddress } from './goMail';
import { isGoRequestUri } from './goUrl';
import * as strfmt from './strfmtFormats';
import type { StringFormat } from './types';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const PREFIX = '(?:3[0-2]|[12]?\\d)';
const NUM = '\\d+(?:[.,]\\d+)?';

/** Regular expressions (as source text) for the formats that have one. */
export const FORMAT_PATTERNS: Partial<Record<StringFormat, string>> = {
  duration: `^P(?!$)(?:${NUM}Y)?(?:${NUM}M)?(?:${NUM}W)?(?:${NUM}D)?(?:T(?=\\d)(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`,
  'date-time': '^\\d{4}-\\d{2}-\\d{2}(?:[Tt ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:[Zz]|[+-]\\d{2}:?\\d{2})?)?$',
  'ipv4-or-cidr': `^${IPV4}(?:/${PREFIX})?$`,
  // A bare address is a /32 range.
  cidr: `^${IPV4}(?:/${PREFIX})?$`,
  // reference-shapes.md: `/subscriptions/<id>[/resourceGroups/<rg>]`, or that prefix (optional) followed by
  // `/providers/<Namespace>/<type>/<name>[/<type>/<name>]*` (tenant-level ids have no subscription).
  'arm-id':
    '^(?=/subscriptions/|/providers/)(?:/subscriptions/[^/]+(?:/resource[Gg]roups/[^/]+)?)?(?:/providers/[^/]+(?:/[^/]+/[^/]+)+)*/?$',
  uuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};

export const FORMAT_DOCS: Record<StringFormat, string> = {
  duration: 'an ISO 8601 duration such as `PT5M`',
  'date-time': 'an ISO 8601 timestamp such as `2025-01-31T12:00:00Z`',
  'ipv4-or-cidr': 'an IPv4 address or a CIDR range such as `10.0.0.0/24`',
  cidr: 'a CIDR range such as `10.0.0.0/24` (a bare address is a /32)',
  'arm-id':
    'a resource id such as `/subscriptions/<id>/resourceGroups/<rg>/providers/<Namespace>/<type>/<name>` or `/providers/<Namespace>/<type>/<name>`',
  uuid: 'a UUID',
  'go-cidr': 'a CIDR range such as `10.0.0.0/24` or `2001:db8::/64` (Go: an address and a prefix length)',
  'go-ipv4': 'an IPv4 address such as `10.0.0.1`',
  'go-ipv6': 'an IPv6 address such as `2001:db8::1`',
  'go-date': 'a date such as `2025-01-31`',
  'go-mac': 'a MAC address such as `00:00:5e:00:53:01`',
  'go-uri': 'an absolute URI such as `https://example.com/path` or an absolute path such as `/path` (no fragment)',
  'go-email': 'an email address such as `user@example.com` or `Name <user@example.com>`',
  'go-duration': 'a duration such as `30s`, `1h30m` or `5 minutes`',
  'go-datetime': 'an RFC 3339 date-time such as `2025-01-31T12:00:00Z` (seconds and a time zone required)',
  'go-hostname':
    'a host name such as `example.com` (labels of letters, digits and inner hyphens, at most 63 characters each; a last label of at least 2 letters)',
  'go-uuid': 'a UUID such as `123e4567-e89b-12d3-a456-426614174000` (32 hex digits; the dashes may be left out)',
  'go-uuid3': 'a version 3 UUID such as `a3bb189e-8bf9-3888-9912-ace4e6543002` (its third group starting with `3`)',
  'go-uuid4':
    'a version 4 UUID such as `123e4567-e89b-42d3-a456-426614174000` (its third group starting with `4`, its fourth with `8`, `9`, `a` or `b`)',
  'go-uuid5':
    'a version 5 UUID such as `123e4567-e89b-52d3-a456-426614174000` (its third group starting with `5`, its fourth with `8`, `9`, `a` or `b`)',
  'go-isbn': 'an ISBN-10 or ISBN-13 such as `0321751043` or `978-0321751041`, with its right check digit',
  'go-isbn10': 'an ISBN-10 such as `0321751043`, with its right check digit',
  'go-isbn13': 'an ISBN-13 such as `978-0321751041`, with its right check digit',
  'go-creditcard':
    "a credit card number such as `4111-1111-1111-1111` (an issuer's prefix and length, with its right check digit)",
  'go-ssn': 'a U.S. social security number such as `123-45-6789`',
  'go-hexcolor': 'a hex color such as `#ff8800` or `#f80`',
  'go-rgbcolor': 'an RGB color such as `rgb(255, 136, 0)` (each value from 0 to 255)',
  'go-byte': 'base64 such as `aGVsbG8=` (the standard alphabet, padded to a multiple of 4 characters; not empty)',
  'go-bsonobjectid': 'a BSON ObjectId: 24 hexadecimal digits such as `507f1f77bcf86cd799439011`',
  'kube-base64': 'base64 such as `aGVsbG8=` (the standard alphabet, padded to a multiple of 4 characters)',
  'kube-quantity':
    'a quantity such as `500m`, `2`, `1.5Gi` or `1e3` (a number, then a suffix: `m`, `k`, `M`, `G`… or `Ki`, `Mi`, `Gi`…)',
  cel: 'a CEL expression',
  promql: 'a PromQL expression',
};

/** Each pattern compiled once, when the model loads (a handful of expressions). */
const COMPILED: ReadonlyMap<string, RegExp> = new Map(
  Object.entries(FORMAT_PATTERNS).map(([format, src]) => [format, new RegExp(src!, format === 'arm-id' ? 'i' : '')]),
);

/** The formats checked by a Go parser's rules rather than a pattern (a CRD's, goFormats.ts). */
const PREDICATES: ReadonlyMap<StringFormat, (value: string) => boolean> = new Map([
  ['go-cidr', isStrfmtCIDR],
  ['go-ipv4', isStrfmtIPv4],
  ['go-ipv6', isStrfmtIPv6],
  ['go-date', isStrfmtDate],
  ['go-mac', isStrfmtMac],
  ['go-uri', isGoRequestUri],
  ['go-email', isGoMailAddress],
  ['go-duration', isStrfmtDuration],
  ['go-datetime', strfmt.isStrfmtDateTime],
  ['go-hostname', strfmt.isStrfmtHostname],
  ['go-uuid', strfmt.isStrfmtUUID],
  ['go-uuid3', strfmt.isStrfmtUUID3],
  ['go-uuid4', strfmt.isStrfmtUUID4],
  ['go-uuid5', strfmt.isStrfmtUUID5],
  ['go-isbn', strfmt.isStrfmtISBN],
  ['go-isbn10', strfmt.isStrfmtISBN10],
  ['go-isbn13', strfmt.isStrfmtISBN13],
  ['go-creditcard', strfmt.isStrfmtCreditCard],
  ['go-ssn', strfmt.isStrfmtSSN],
  ['go-hexcolor', strfmt.isStrfmtHexColor],
  ['go-rgbcolor', strfmt.isStrfmtRGBColor],
  ['go-byte', strfmt.isStrfmtBase64],
  ['go-bsonobjectid', strfmt.isStrfmtBSONObjectID],
  ['kube-base64', isGoJsonBase64],
  ['kube-quantity', isQuantity],
]);

/**
 * Go's encoding/json decoding of a []byte: base64.StdEncoding, which skips `\r` and `\n` anywhere; the empty
 * string is no bytes (a Secret's `data: {key: ""}` is valid).
 */
function isGoJsonBase64(s: string): boolean {
  const t = s.replace(/[\r\n]/g, '');
  if (t.length % 4 !== 0) return false;
  return /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(t);
}

/**
 * apimachinery's ParseQuantity: a signed decimal number, then a binary suffix (`Ki`…`Ei`), a decimal one
 * (`n`, `u`, `m`, `k`, `M`, `G`, `T`, `P`, `E`) or an exponent (`e3`, `E-2`).
 */
function isQuantity(s: string): boolean {
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[KMGTPE]i|[numkMGTPE]|[eE][+-]?\d+)?$/.test(s);
}

export function matchesFormat(format: StringFormat, value: string): boolean {
  const predicate = PREDICATES.get(format);
  if (predicate) return predicate(value);
  const re = COMPILED.get(format);
  return re ? re.test(value) : true;
}

const PROM_UNITS: ReadonlyMap<string, number> = new Map([
  ['y', 365 * 86400],
  ['w', 7 * 86400],
  ['d', 86400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
]);

/**
 * A duration written another common way, as an ISO 8601 duration of the same length: Prometheus' `5m`,
 * `1h30m`, `1d` (its units: `y` as 365 days, `w`, `d`, `h`, `m`, `s`, `ms` in whole seconds), or ISO in
 * lower case (`pt5m`). Undefined for anything else.
 */
export function isoDuration(value: string): string | undefined {
  if (value !== value.toUpperCase() && matchesFormat('duration', value.toUpperCase())) return value.toUpperCase();
  if (!/^(?:\d+(?:ms|[ywdhms]))+$/.test(value)) return undefined;
  let ms = 0;
  for (const [, n, unit] of value.matchAll(/(\d+)(ms|[ywdhms])/g))
    ms += Number(n) * (unit === 'ms' ? 1 : PROM_UNITS.get(unit)! * 1000);
  if (ms % 1000 !== 0 || !Number.isSafeInteger(ms)) return undefined;
  const secs = ms / 1000;
  const days = Math.floor(secs / 86400);
  const h = Math.floor((secs % 86400) / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : days ? '' : 'T0S'}`;
}

/** Seconds in an ISO 8601 duration (years and months as 365 and 30 days), or undefined if malformed. */
export function durationSeconds(value: string): number | undefined {
  if (!matchesFormat('duration', value)) return undefined;
  const m =
    /^P(?:([\d.,]+)Y)?(?:([\d.,]+)M)?(?:([\d.,]+)W)?(?:([\d.,]+)D)?(?:T(?:([\d.,]+)H)?(?:([\d.,]+)M)?(?:([\d.,]+)S)?)?$/.exec(
      value,
    );
  if (!m) return undefined;
  const n = (s: string | undefined) => (s ? Number(s.replace(',', '.')) : 0);
  return (
    n(m[1]) * 365 * 86400 +
    n(m[2]) * 30 * 86400 +
    n(m[3]) * 7 * 86400 +
    n(m[4]) * 86400 +
    n(m[5]) * 3600 +
    n(m[6]) * 60 +
    n(m[7])
  );
}

export function describeSeconds(s: number): string {
  if (s % 3600 === 0) return `${s / 3600} hour${s === 3600 ? '' : 's'}`;
  if (s % 60 === 0) return `${s / 60} minute${s === 60 ? '' : 's'}`;
  return `${s} seconds`;
}
