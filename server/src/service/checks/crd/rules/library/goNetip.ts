// Go's net/netip, the part Kubernetes' IP and CIDR libraries use: `ParseAddr` (no IPv4 octet with a leading
// zero, zones read), `ParsePrefix`, the canonical text (RFC 5952) and the address classes, with Go's errors.

export interface Addr {
  /** 4 or 16 bytes. */
  readonly bytes: readonly number[];
  readonly zone: string;
}

const quote = (s: string) => JSON.stringify(s);

class ParseAddrError extends Error {
  constructor(input: string, msg: string, at = '') {
    super(`ParseAddr(${quote(input)}): ${msg}${at ? ` (at ${quote(at)})` : ''}`);
  }
}

/** Go's `parseIPv4Fields` on `input.slice(off, end)`. */
function ipv4Fields(input: string, off: number, end: number): number[] {
  const s = input.slice(off, end);
  const fields: number[] = [];
  let val = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= '0' && c <= '9') {
      if (digits === 1 && val === 0) throw new ParseAddrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + (c.charCodeAt(0) - 48);
      digits++;
      if (val > 255) throw new ParseAddrError(input, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.')
        throw new ParseAddrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      if (fields.length === 3) throw new ParseAddrError(input, 'IPv4 address too long');
      fields.push(val);
      val = 0;
      digits = 0;
    } else throw new ParseAddrError(input, 'unexpected character', s.slice(i));
  }
  if (fields.length < 3) throw new ParseAddrError(input, 'IPv4 address too short');
  fields.push(val);
  return fields;
}

function parseIPv6(input: string): Addr {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    [s, zone] = [s.slice(0, pct), s.slice(pct + 1)];
    if (zone === '') throw new ParseAddrError(input, 'zone must be a non-empty string');
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { bytes: ip, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const d = parseInt(s[off], 16);
      if (!/[0-9a-fA-F]/.test(s[off])) break;
      acc = acc * 16 + d;
      if (off > 3) throw new ParseAddrError(input, 'each group must have 4 or less digits', s);
      if (acc > 0xffff) throw new ParseAddrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) throw new ParseAddrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12)
        throw new ParseAddrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16)
        throw new ParseAddrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      const end = input.length - (zone.length > 0 ? zone.length + 1 : 0);
      ipv4Fields(input, end - s.length, end).forEach((b, k) => (ip[i + k] = b));
      s = '';
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') throw new ParseAddrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) throw new ParseAddrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) throw new ParseAddrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw new ParseAddrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) throw new ParseAddrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j];
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0) throw new ParseAddrError(input, 'the :: must expand to at least one field of zeros', s);
  return { bytes: ip, zone };
}

/** Go's `netip.ParseAddr`. */
export function parseAddr(s: string): Addr {
  for (const c of s) {
    if (c === '.') return { bytes: ipv4Fields(s, 0, s.length), zone: '' };
    if (c === ':') return parseIPv6(s);
    if (c === '%') throw new ParseAddrError(s, 'missing IPv6 address');
  }
  throw new ParseAddrError(s, 'unable to parse IP');
}

export const is4 = (a: Addr) => a.bytes.length === 4;
export const is4In6 = (a: Addr) =>
  a.bytes.length === 16 && a.bytes.slice(0, 10).every((b) => b === 0) && a.bytes[10] === 0xff && a.bytes[11] === 0xff;

/** `Addr.String()`: dotted IPv4; IPv6 in RFC 5952 form (the first longest run of zero groups as `::`). */
export function addrString(a: Addr): string {
  if (is4(a)) return a.bytes.join('.');
  if (is4In6(a)) return `::ffff:${a.bytes.slice(12).join('.')}${a.zone ? `%${a.zone}` : ''}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((a.bytes[i] << 8) | a.bytes[i + 1]);
  let [bestStart, bestLen] = [-1, 0];
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) [bestStart, bestLen] = [i, j - i];
    i = j;
  }
  const hex = (g: number[]) => g.map((x) => x.toString(16)).join(':');
  const text =
    bestStart < 0 ? hex(groups) : `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
  return text + (a.zone ? `%${a.zone}` : '');
}

export const sameAddr = (a: Addr, b: Addr) =>
  a.zone === b.zone && a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);

const isZero = (a: Addr) => a.bytes.every((b) => b === 0);
const unmapped = (a: Addr): Addr => (is4In6(a) ? { bytes: a.bytes.slice(12), zone: '' } : a);

export function isUnspecified(a: Addr): boolean {
  return isZero(a) && (is4(a) || !is4In6(a));
}
export function isLoopback(a: Addr): boolean {
  const u = unmapped(a);
  return is4(u) ? u.bytes[0] === 127 : u.bytes.slice(0, 15).every((b) => b === 0) && u.bytes[15] === 1;
}
export function isMulticast(a: Addr): boolean {
  const u = unmapped(a);
  return is4(u) ? (u.bytes[0] & 0xf0) === 0xe0 : u.bytes[0] === 0xff;
}
export function isLinkLocalMulticast(a: Addr): boolean {
  const u = unmapped(a);
  return is4(u)
    ? u.bytes[0] === 224 && u.bytes[1] === 0 && u.bytes[2] === 0
    : u.bytes[0] === 0xff && (u.bytes[1] & 0xcf) === 0x02;
}
export function isLinkLocalUnicast(a: Addr): boolean {
  const u = unmapped(a);
  return is4(u) ? u.bytes[0] === 169 && u.bytes[1] === 254 : u.bytes[0] === 0xfe && (u.bytes[1] & 0xc0) === 0x80;
}
export function isGlobalUnicast(a: Addr): boolean {
  const u = unmapped(a);
  if (is4(u) && (isZero(u) || u.bytes.every((b) => b === 255))) return false;
  return !(!is4(u) && isZero(u)) && !isLoopback(u) && !isMulticast(u) && !isLinkLocalUnicast(u);
}

export interface Prefix {
  readonly addr: Addr;
  readonly bits: number;
}

class ParsePrefixError extends Error {
  constructor(input: string, msg: string) {
    super(`netip.ParsePrefix(${quote(input)}): ${msg}`);
  }
}

/** Go's `netip.ParsePrefix` (the address kept as written, not masked). */
export function parsePrefix(s: string): Prefix {
  const i = s.lastIndexOf('/');
  if (i < 0) throw new ParsePrefixError(s, "no '/'");
  let addr: Addr;
  try {
    addr = parseAddr(s.slice(0, i));
  } catch (e) {
    throw new ParsePrefixError(s, (e as Error).message);
  }
  if (!is4(addr) && addr.zone !== '') throw new ParsePrefixError(s, 'IPv6 zones cannot be present in a prefix');
  const bitsStr = s.slice(i + 1);
  if (!/^(?:0|[1-9][0-9]*)$/.test(bitsStr) || bitsStr.length > 18)
    throw new ParsePrefixError(s, `bad bits after slash: ${quote(bitsStr)}`);
  const bits = Number(bitsStr);
  if (bits > (is4(addr) ? 32 : 128)) throw new ParsePrefixError(s, 'prefix length out of range');
  return { addr, bits };
}

/** The address with the bits after the prefix cleared. */
export function masked(p: Prefix): Prefix {
  const bytes = p.addr.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, p.bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { addr: { bytes, zone: '' }, bits: p.bits };
}

/** `Prefix.Contains`: same family, no zone, and the first `bits` bits equal. */
export function prefixContains(p: Prefix, a: Addr): boolean {
  if (a.zone !== '' || a.bytes.length !== p.addr.bytes.length) return false;
  return sameAddr(masked(p).addr, masked({ addr: a, bits: p.bits }).addr);
}

export const prefixString = (p: Prefix) => `${addrString(p.addr)}/${p.bits}`;
