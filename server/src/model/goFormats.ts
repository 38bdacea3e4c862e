// The string formats a CRD's schema names that the API server checks with Go's parsers (kube-openapi's strfmt
// registry): `cidr` is Go's net.ParseCIDR (IPv4 or IPv6, a prefix length required), `ipv4` and `ipv6` are
// net.ParseIP with a dot or a colon in the text (`cidr` and `ipv4` forgiving an IPv4's leading zeros, as
// Kubernetes does). Written as predicates: IPv6's forms (`::`, an IPv4 tail) are clearer as a parse than as one
// pattern.

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Go (1.17 on) refuses an octet with a leading zero. */
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export const isGoIPv4Text = (s: string): boolean => IPV4.test(s);

/** Go's parseIPv6: 8 groups of 1–4 hex digits, or fewer around one `::`; the last 32 bits may be an IPv4. */
export const isGoIPv6Text = (s: string): boolean => goIPv6Groups(s) !== undefined;

/** The 8 groups of 16 bits of an IPv6 address as Go parses it, or undefined if Go refuses it. */
function goIPv6Groups(s: string): number[] | undefined {
  if (s.length > 64) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const parts = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  const all = [...head, ...tail];
  const last = all[all.length - 1];
  let v4: number[] = [];
  // An IPv4 tail ends the text: `1.2.3.4::` is refused.
  if (last !== undefined && last.includes('.') && (halves.length === 1 || tail.length > 0)) {
    if (!IPV4.test(last)) return undefined;
    const [a, b, c, d] = last.split('.').map(Number);
    v4 = [(a << 8) | b, (c << 8) | d]; // an IPv4 tail is two groups
    all.pop();
    (tail.length > 0 ? tail : head).pop();
  }
  if (!all.every((g) => HEX_GROUP.test(g))) return undefined;
  const groups = all.length + v4.length;
  // `::` stands for at least one group of zeros.
  if (halves.length === 2 ? groups >= 8 : groups !== 8) return undefined;
  const hex = (g: string) => parseInt(g, 16);
  const zeros = new Array<number>(8 - groups).fill(0);
  return [...head.map(hex), ...zeros, ...tail.map(hex), ...v4];
}

/** net.ParseIP(s).To4() != nil for an IPv6 text: an IPv4-mapped address (`::ffff:1.2.3.4`, `::ffff:102:304`). */
export function isGoIPv4Mapped(s: string): boolean {
  const g = goIPv6Groups(s);
  return g !== undefined && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
}

/** net.ParseIP: an IPv4 or IPv6 address (no zone). */
const isGoIP = (s: string): boolean => isGoIPv4Text(s) || isGoIPv6Text(s);

/**
 * k8s.io/utils/net's ParseIPSloppy and ParseCIDRSloppy (what strfmt's `ipv4` and `cidr` use since Kubernetes
 * 1.22, for values stored before Go 1.17): where Go refuses the text, the leading zeros of a dotted quad at its
 * end (after the last `:`) and of its prefix length are dropped and Go asked again (`010.0.0.1/08`).
 */
function stripIPv4Zeros(s: string): string {
  const colon = s.lastIndexOf(':');
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)(\/\d+)?$/.exec(s.slice(colon + 1));
  if (!m) return s;
  const strip = (d: string) => d.replace(/^0+(?=\d)/, '');
  const mask = m[5] === undefined ? '' : `/${strip(m[5].slice(1))}`;
  return `${s.slice(0, colon + 1)}${[m[1], m[2], m[3], m[4]].map(strip).join('.')}${mask}`;
}

/** strfmt's `ipv4`: ParseIPSloppy accepts it and it holds a dot (so `::ffff:1.2.3.4` is one). */
export const isStrfmtIPv4 = (s: string): boolean => s.includes('.') && (isGoIP(s) || isGoIP(stripIPv4Zeros(s)));

/** strfmt's `ipv6`: net.ParseIP accepts it and it holds a colon. */
export const isStrfmtIPv6 = (s: string): boolean => s.includes(':') && isGoIP(s);

/** net.ParseCIDR: an address, `/` and a prefix length (leading zeros allowed) within its size (32 or 128). */
export function isGoCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d+$/.test(bits)) return false;
  const n = Number(bits);
  if (isGoIPv4Text(ip)) return n <= 32;
  return isGoIPv6Text(ip) && n <= 128;
}

/** strfmt's `cidr`: ParseCIDRSloppy accepts it. */
export const isStrfmtCIDR = (s: string): boolean => isGoCIDR(s) || isGoCIDR(stripIPv4Zeros(s));

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
