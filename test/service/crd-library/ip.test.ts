// Kubernetes' IP and CIDR library tests (apiserver/pkg/cel/library/ip_test.go TestIP, cidr_test.go TestCIDR)
// and the "IP and CIDR" cases of the apiextensions CEL validator's tests, each with Kubernetes' outcome. A
// case whose expected value is an IP or a CIDR is written as an equality with it.
import { type Case, compileError, error, runCases, value } from './harness';

const IP: Case[] = [
  { name: 'parse ipv4', expr: 'ip("192.168.0.1") == ip("192.168.0.1")', expect: value(true) },
  {
    name: 'parse invalid ipv4',
    expr: 'ip("192.168.0.1.0")',
    expect: error(
      'IP Address "192.168.0.1.0" parse error during conversion from string: ParseAddr("192.168.0.1.0"): IPv4 address too long',
    ),
  },
  { name: 'isIP valid ipv4', expr: 'isIP("192.168.0.1")', expect: value(true) },
  { name: 'isIP invalid ipv4', expr: 'isIP("192.168.0.1.0")', expect: value(false) },
  { name: 'ip.isCanonical valid ipv4', expr: 'ip.isCanonical("127.0.0.1")', expect: value(true) },
  {
    name: 'ip.isCanonical invalid ipv4',
    expr: 'ip.isCanonical("127.0.0.1.0")',
    expect: error(
      'IP Address "127.0.0.1.0" parse error during conversion from string: ParseAddr("127.0.0.1.0"): IPv4 address too long',
    ),
  },
  { name: 'ipv4 family', expr: 'ip("192.168.0.1").family()', expect: value(4n) },
  { name: 'ipv4 isUnspecified true', expr: 'ip("0.0.0.0").isUnspecified()', expect: value(true) },
  { name: 'ipv4 isUnspecified false', expr: 'ip("127.0.0.1").isUnspecified()', expect: value(false) },
  { name: 'ipv4 isLoopback true', expr: 'ip("127.0.0.1").isLoopback()', expect: value(true) },
  { name: 'ipv4 isLoopback false', expr: 'ip("1.2.3.4").isLoopback()', expect: value(false) },
  { name: 'ipv4 isLinkLocalMulticast true', expr: 'ip("224.0.0.1").isLinkLocalMulticast()', expect: value(true) },
  { name: 'ipv4 isLinkLocalMulticast false', expr: 'ip("224.0.1.1").isLinkLocalMulticast()', expect: value(false) },
  { name: 'ipv4 isLinkLocalUnicast true', expr: 'ip("169.254.169.254").isLinkLocalUnicast()', expect: value(true) },
  { name: 'ipv4 isLinkLocalUnicast false', expr: 'ip("192.168.0.1").isLinkLocalUnicast()', expect: value(false) },
  { name: 'ipv4 isGlobalUnicast true', expr: 'ip("192.168.0.1").isGlobalUnicast()', expect: value(true) },
  { name: 'ipv4 isGlobalUnicast false', expr: 'ip("255.255.255.255").isGlobalUnicast()', expect: value(false) },
  { name: 'parse ipv6', expr: 'ip("2001:db8::68") == ip("2001:0db8:0:0:0:0:0:68")', expect: value(true) },
  {
    name: 'parse invalid ipv6',
    expr: 'ip("2001:db8:::68")',
    expect: error(
      'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")',
    ),
  },
  { name: 'isIP valid ipv6', expr: 'isIP("2001:db8::68")', expect: value(true) },
  { name: 'isIP invalid ipv4', expr: 'isIP("2001:db8:::68")', expect: value(false) },
  { name: 'ip.isCanonical valid ipv6', expr: 'ip.isCanonical("2001:db8::68")', expect: value(true) },
  { name: 'ip.isCanonical non-canonical ipv6', expr: 'ip.isCanonical("2001:DB8::68")', expect: value(false) },
  {
    name: 'ip.isCanonical invalid ipv6',
    expr: 'ip.isCanonical("2001:db8:::68")',
    expect: error(
      'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")',
    ),
  },
  { name: 'ipv6 family', expr: 'ip("2001:db8::68").family()', expect: value(6n) },
  { name: 'ipv6 isUnspecified true', expr: 'ip("::").isUnspecified()', expect: value(true) },
  { name: 'ipv6 isUnspecified false', expr: 'ip("::1").isUnspecified()', expect: value(false) },
  { name: 'ipv6 isLoopback true', expr: 'ip("::1").isLoopback()', expect: value(true) },
  { name: 'ipv6 isLoopback false', expr: 'ip("2001:db8::abcd").isLoopback()', expect: value(false) },
  { name: 'ipv6 isLinkLocalMulticast true', expr: 'ip("ff02::1").isLinkLocalMulticast()', expect: value(true) },
  { name: 'ipv6 isLinkLocalMulticast false', expr: 'ip("fd00::1").isLinkLocalMulticast()', expect: value(false) },
  { name: 'ipv6 isLinkLocalUnicast true', expr: 'ip("fe80::1").isLinkLocalUnicast()', expect: value(true) },
  { name: 'ipv6 isLinkLocalUnicast false', expr: 'ip("fd80::1").isLinkLocalUnicast()', expect: value(false) },
  { name: 'ipv6 isGlobalUnicast true', expr: 'ip("2001:db8::abcd").isGlobalUnicast()', expect: value(true) },
  { name: 'ipv6 isGlobalUnicast false', expr: 'ip("ff00::1").isGlobalUnicast()', expect: value(false) },
  {
    name: 'passing cidr into isIP returns compile error',
    expr: 'isIP(cidr("192.168.0.0/24"))',
    expect: compileError("found no matching overload for 'isIP'"),
  },
  { name: 'converting an IP address to a string', expr: 'string(ip("192.168.0.1"))', expect: value('192.168.0.1') },
  {
    name: 'type of IP is net.IP',
    expr: 'type(ip("192.168.0.1")) == net.IP',
    expect: value(true),
  },
];

const PARSE_PREFIX =
  'network address parse error during conversion from string: network address parse error during conversion from string: ';

const CIDR: Case[] = [
  {
    name: 'compilation error for cidr(int)',
    expr: 'cidr(192168)',
    expect: compileError("found no matching overload for 'cidr'"),
  },
  { name: 'parse ipv4', expr: 'cidr(dyn("192.168.0.0/24")) == cidr("192.168.0.0/24")', expect: value(true) },
  {
    name: 'parse invalid ipv4',
    expr: 'cidr("192.168.0.0/")',
    expect: error(`${PARSE_PREFIX}netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""`),
  },
  { name: 'contains IP ipv4 (IP)', expr: 'cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))', expect: value(true) },
  {
    name: 'does not contain IP ipv4 (IP)',
    expr: 'cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))',
    expect: value(false),
  },
  { name: 'contains IP ipv4 (string)', expr: 'cidr("192.168.0.0/24").containsIP("192.168.0.1")', expect: value(true) },
  {
    name: 'does not contain IP ipv4 (string)',
    expr: 'cidr("192.168.0.0/24").containsIP("192.168.1.1")',
    expect: value(false),
  },
  {
    name: 'contains CIDR ipv4 (CIDR)',
    expr: 'cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))',
    expect: value(true),
  },
  {
    name: 'does not contain IP ipv4 (CIDR)',
    expr: 'cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))',
    expect: value(false),
  },
  {
    name: 'contains CIDR ipv4 (CIDR) (/32)',
    expr: 'cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.1/32"))',
    expect: value(true),
  },
  {
    name: 'does not contain IP ipv4 (CIDR) (/32)',
    expr: 'cidr("192.168.0.0/24").containsCIDR(cidr("192.169.0.1/32"))',
    expect: value(false),
  },
  {
    name: 'contains CIDR ipv4 (string)',
    expr: 'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")',
    expect: value(true),
  },
  {
    name: 'does not contain CIDR ipv4 (string)',
    expr: 'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")',
    expect: value(false),
  },
  { name: 'returns IP ipv4', expr: 'cidr("192.168.0.0/24").ip() == ip("192.168.0.0")', expect: value(true) },
  { name: 'masks masked ipv4', expr: 'cidr("192.168.0.0/24").masked() == cidr("192.168.0.0/24")', expect: value(true) },
  {
    name: 'masks unmasked ipv4',
    expr: 'cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")',
    expect: value(true),
  },
  { name: 'returns prefix length ipv4', expr: 'cidr("192.168.0.0/24").prefixLength()', expect: value(24n) },
  { name: 'parse ipv6', expr: 'cidr("2001:db8::/32") == cidr("2001:0db8::/32")', expect: value(true) },
  {
    name: 'parse invalid ipv6',
    expr: 'cidr("2001:db8::/")',
    expect: error(`${PARSE_PREFIX}netip.ParsePrefix("2001:db8::/"): bad bits after slash: ""`),
  },
  { name: 'contains IP ipv6 (IP)', expr: 'cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))', expect: value(true) },
  {
    name: 'does not contain IP ipv6 (IP)',
    expr: 'cidr("2001:db8::/32").containsIP(ip("2001:dc8::1"))',
    expect: value(false),
  },
  { name: 'contains IP ipv6 (string)', expr: 'cidr("2001:db8::/32").containsIP("2001:db8::1")', expect: value(true) },
  {
    name: 'does not contain IP ipv6 (string)',
    expr: 'cidr("2001:db8::/32").containsIP("2001:dc8::1")',
    expect: value(false),
  },
  {
    name: 'contains CIDR ipv6 (CIDR)',
    expr: 'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))',
    expect: value(true),
  },
  {
    name: 'does not contain IP ipv6 (CIDR)',
    expr: 'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/31"))',
    expect: value(false),
  },
  {
    name: 'contains CIDR ipv6 (string)',
    expr: 'cidr("2001:db8::/32").containsCIDR("2001:db8::/33")',
    expect: value(true),
  },
  {
    name: 'does not contain CIDR ipv6 (string)',
    expr: 'cidr("2001:db8::/32").containsCIDR("2001:db8::/31")',
    expect: value(false),
  },
  { name: 'returns IP ipv6', expr: 'cidr("2001:db8::/32").ip() == ip("2001:db8::")', expect: value(true) },
  { name: 'masks masked ipv6', expr: 'cidr("2001:db8::/32").masked() == cidr("2001:db8::/32")', expect: value(true) },
  {
    name: 'masks unmasked ipv6',
    expr: 'cidr("2001:db8:1::/32").masked() == cidr("2001:db8::/32")',
    expect: value(true),
  },
  { name: 'returns prefix length ipv6', expr: 'cidr("2001:db8::/32").prefixLength()', expect: value(32n) },
  { name: 'converting a CIDR to a string', expr: 'string(cidr("192.168.0.0/24"))', expect: value('192.168.0.0/24') },
  {
    name: 'type of CIDR is net.CIDR',
    expr: 'type(cidr("192.168.0.0/24")) == net.CIDR',
    expect: value(true),
  },
];

// validation_test.go, "IP and CIDR"
const VALIDATOR: Case[] = [
  'isIP("192.168.0.1")',
  'ip.isCanonical("127.0.0.1")',
  'ip("192.168.0.1").family() > 0',
  'ip("0.0.0.0").isUnspecified()',
  'ip("127.0.0.1").isLoopback()',
  'ip("224.0.0.1").isLinkLocalMulticast()',
  'ip("192.168.0.1").isGlobalUnicast()',
  'type(ip("192.168.0.1")) == net.IP',
  'cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))',
  'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")',
  'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))',
  'type(cidr("2001:db8::/32").ip()) == net.IP',
  "cidr('192.168.0.0/24') == cidr('192.168.0.0/24').masked()",
  "cidr('192.168.0.0/16').prefixLength() == 16",
  "cidr('::1/128').ip().family() == 6",
].map((expr): Case => ({
  name: 'validator',
  expr,
  expect: value(true),
}));

// Kubernetes' strict parsing: no IPv4 octet with a leading zero, no zone, no IPv4-mapped IPv6 address.
const STRICT: Case[] = [
  { name: 'strict', expr: 'isIP("010.1.1.1")', expect: value(false) },
  { name: 'strict', expr: 'isIP("fe80::1%eth0")', expect: value(false) },
  { name: 'strict', expr: 'isIP("::ffff:1.2.3.4")', expect: value(false) },
  { name: 'strict', expr: 'isCIDR("10.0.0.0/08")', expect: value(false) },
  { name: 'strict', expr: 'isCIDR("10.0.0.0/33")', expect: value(false) },
  { name: 'strict', expr: 'isCIDR("10.0.0.0/8")', expect: value(true) },
];

runCases('ip', IP);
runCases('cidr', CIDR);
runCases('ip', [...VALIDATOR, ...STRICT]);
