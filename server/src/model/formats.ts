// String formats of the model, as predicates and as JSON Schema patterns (one definition for both).
import { isStrfmtCIDR, isStrfmtDate, isStrfmtIPv4, isStrfmtIPv6, isStrfmtMac } from './goFormats';
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
]);

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
