// Kubernetes' IP and CIDR libraries (k8s.io/apiserver/pkg/cel/library/ip.go, cidr.go): `ip`, `isIP`,
// `ip.isCanonical`, `cidr`, `isCIDR` and their methods. Parsing is Go's netip made strict as Kubernetes makes
// it: no zone, no IPv4-mapped IPv6 address.
import type { Environment } from '@marcbachmann/cel-js';
import { define, fail, namespace, valueType } from './define';
import { doubleTraversal, FLAT, parseCost, traversal, type LibraryCosts } from './cost';
import {
  type Addr,
  addrString,
  is4,
  is4In6,
  isGlobalUnicast,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isUnspecified,
  masked,
  parseAddr,
  parsePrefix,
  type Prefix,
  prefixContains,
  prefixString,
  sameAddr,
} from './goNetip';

export class KubernetesIp {
  constructor(readonly addr: Addr) {}
}
export class KubernetesCidr {
  constructor(readonly prefix: Prefix) {}
}

const IP = 'net.IP';
const CIDR = 'net.CIDR';
const PARSE = 'parse error during conversion from string';

function parseIp(raw: string): Addr {
  let addr: Addr;
  try {
    addr = parseAddr(raw);
  } catch (e) {
    return fail(`IP Address ${JSON.stringify(raw)} ${PARSE}: ${(e as Error).message}`);
  }
  if (addr.zone !== '') fail(`IP address ${JSON.stringify(raw)} with zone value is not allowed`);
  if (is4In6(addr)) fail(`IPv4-mapped IPv6 address ${JSON.stringify(raw)} is not allowed`);
  return addr;
}

function parseCidr(raw: string): Prefix {
  let prefix: Prefix;
  try {
    prefix = parsePrefix(raw);
  } catch (e) {
    // Kubernetes wraps the message twice (parseCIDR, then the conversion).
    return fail(`network address ${PARSE}: network address ${PARSE}: ${(e as Error).message}`);
  }
  if (is4In6(prefix.addr)) fail(`IPv4-mapped IPv6 address ${JSON.stringify(raw)} is not allowed`);
  return prefix;
}

const valid = (parse: (s: string) => unknown) => (s: string) => {
  try {
    parse(s);
    return true;
  } catch {
    return false;
  }
};

/** `cidr.containsCIDR(other)`: other's addresses are all in cidr. */
const containsCidr = (a: Prefix, b: Prefix) => a.bits <= b.bits && prefixContains(a, b.addr);

export function registerIp(env: Environment): void {
  valueType(env, IP, KubernetesIp, (a, b) => sameAddr(a.addr, b.addr));
  valueType(
    env,
    CIDR,
    KubernetesCidr,
    (a, b) => a.prefix.bits === b.prefix.bits && sameAddr(a.prefix.addr, b.prefix.addr),
  );
  const ns = namespace(env, 'ip');
  define(env, `ip(string): ${IP}`, (s: string) => new KubernetesIp(parseIp(s)));
  define(env, 'isIP(string): bool', valid(parseIp));
  define(env, `${ns}.isCanonical(string): bool`, (_: unknown, s: string) => addrString(parseIp(s)) === s);
  define(env, `string(${IP}): string`, (a: KubernetesIp) => addrString(a.addr));
  define(env, `${IP}.family(): int`, (a: KubernetesIp) => (is4(a.addr) ? 4n : 6n));
  define(env, `${IP}.isUnspecified(): bool`, (a: KubernetesIp) => isUnspecified(a.addr));
  define(env, `${IP}.isLoopback(): bool`, (a: KubernetesIp) => isLoopback(a.addr));
  define(env, `${IP}.isLinkLocalMulticast(): bool`, (a: KubernetesIp) => isLinkLocalMulticast(a.addr));
  define(env, `${IP}.isLinkLocalUnicast(): bool`, (a: KubernetesIp) => isLinkLocalUnicast(a.addr));
  define(env, `${IP}.isGlobalUnicast(): bool`, (a: KubernetesIp) => isGlobalUnicast(a.addr));

  define(env, `cidr(string): ${CIDR}`, (s: string) => new KubernetesCidr(parseCidr(s)));
  define(env, 'isCIDR(string): bool', valid(parseCidr));
  define(env, `string(${CIDR}): string`, (c: KubernetesCidr) => prefixString(c.prefix));
  define(env, `${CIDR}.containsIP(${IP}): bool`, (c: KubernetesCidr, a: KubernetesIp) =>
    prefixContains(c.prefix, a.addr),
  );
  define(env, `${CIDR}.containsIP(string): bool`, (c: KubernetesCidr, s: string) =>
    prefixContains(c.prefix, parseIp(s)),
  );
  define(env, `${CIDR}.containsCIDR(${CIDR}): bool`, (c: KubernetesCidr, o: KubernetesCidr) =>
    containsCidr(c.prefix, o.prefix),
  );
  define(env, `${CIDR}.containsCIDR(string): bool`, (c: KubernetesCidr, s: string) =>
    containsCidr(c.prefix, parseCidr(s)),
  );
  define(env, `${CIDR}.ip(): ${IP}`, (c: KubernetesCidr) => new KubernetesIp(c.prefix.addr));
  define(env, `${CIDR}.masked(): ${CIDR}`, (c: KubernetesCidr) => new KubernetesCidr(masked(c.prefix)));
  define(env, `${CIDR}.prefixLength(): int`, (c: KubernetesCidr) => BigInt(c.prefix.bits));
}

/**
 * What each function costs at run time (cost.ts): parsing is a traversal (`ip.isCanonical` parses and
 * compares: twice), the accessors nominal (cost.go). A CIDR is no Sizer: its size is 1, so its comparison
 * in `containsIP`/`containsCIDR` costs ceil(2 × 0.1); a string argument is parsed too.
 */
export const IP_COSTS: LibraryCosts = {
  global: { ip: parseCost(), isIP: parseCost(), cidr: parseCost(), isCIDR: parseCost(), string: FLAT },
  namespaced: { 'ip.isCanonical': (a) => (typeof a[1] === 'string' ? doubleTraversal(a[1]) : undefined) },
  member: {
    family: FLAT,
    isUnspecified: FLAT,
    isLoopback: FLAT,
    isLinkLocalMulticast: FLAT,
    isLinkLocalUnicast: FLAT,
    isGlobalUnicast: FLAT,
    containsIP: (a) => 1 + (typeof a[1] === 'string' ? traversal(a[1]) : 0),
    containsCIDR: (a) => 1 + 2 + (typeof a[1] === 'string' ? traversal(a[1]) : 0),
    ip: FLAT,
    masked: FLAT,
    prefixLength: FLAT,
  },
};
