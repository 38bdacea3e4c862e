// The string formats a CRD's schema names that the API server checks with Go's parsers (kube-openapi's strfmt
// registry): `cidr` is Go's net.ParseCIDR (IPv4 or IPv6, a prefix length required), `ipv4` and `ipv6` are
// net.ParseIP with a dot or a colon in the text. Written as predicates: IPv6's forms (`::`, an IPv4 tail) are
// clearer as a parse than as one pattern. What Go leaves open is accepted (leading zeros in a prefix length).

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Go (1.17 on) refuses an octet with a leading zero. */
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export const isGoIPv4Text = (s: string): boolean => IPV4.test(s);

/** Go's parseIPv6: 8 groups of 1–4 hex digits, or fewer around one `::`; the last 32 bits may be an IPv4. */
export function isGoIPv6Text(s: string): boolean {
  if (s.length > 64) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const parts = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  const all = [...head, ...tail];
  let groups = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!IPV4.test(last)) return false;
    groups += 1; // an IPv4 tail is two groups
    all.pop();
  }
  if (!all.every((g) => HEX_GROUP.test(g))) return false;
  return halves.length === 2 ? groups <= 8 : groups === 8;
}

/** net.ParseIP: an IPv4 or IPv6 address (no zone). */
const isGoIP = (s: string): boolean => isGoIPv4Text(s) || isGoIPv6Text(s);

/** strfmt's `ipv4`: net.ParseIP accepts it and it holds a dot (so `::ffff:1.2.3.4` is one). */
export const isStrfmtIPv4 = (s: string): boolean => s.includes('.') && isGoIP(s);

/** strfmt's `ipv6`: net.ParseIP accepts it and it holds a colon. */
export const isStrfmtIPv6 = (s: string): boolean => s.includes(':') && isGoIP(s);

/** net.ParseCIDR: an address and a prefix length within its size (32 or 128). */
export function isGoCIDR(s: string): boolean {
  const slash = s.lastIndexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d{1,5}$/.test(bits)) return false;
  const n = Number(bits);
  if (isGoIPv4Text(ip)) return n <= 32;
  return isGoIPv6Text(ip) && n <= 128;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * strfmt's `date`: Go's `time.Parse("2006-01-02", s)`: four digits of year, two of month (01–12) and two of
 * day, within the month's days (Go refuses February 30: "day out of range").
 */
export function isStrfmtDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= (mo === 2 && isLeap(y) ? 29 : DAYS[mo - 1]);
}

/** Go's net.ParseMAC: 6, 8 or 20 octets as `xx:xx:…` or `xx-xx-…` (one separator throughout), or `xxxx.xxxx.…`. */
const MAC =
  /^(?:[0-9a-fA-F]{2}(?:(?::[0-9a-fA-F]{2}){5}|(?::[0-9a-fA-F]{2}){7}|(?::[0-9a-fA-F]{2}){19}|(?:-[0-9a-fA-F]{2}){5}|(?:-[0-9a-fA-F]{2}){7}|(?:-[0-9a-fA-F]{2}){19})|[0-9a-fA-F]{4}(?:(?:\.[0-9a-fA-F]{4}){2}|(?:\.[0-9a-fA-F]{4}){3}|(?:\.[0-9a-fA-F]{4}){9}))$/;

/** strfmt's `mac`: net.ParseMAC accepts it. */
export const isStrfmtMac = (s: string): boolean => MAC.test(s);
