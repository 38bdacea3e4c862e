// The formats a CRD names that the API server checks with Go's parsers (kube-openapi strfmt): `cidr` is
// net.ParseCIDR (IPv4 or IPv6, a prefix length required), `ipv4` and `ipv6` net.ParseIP with a dot or a colon.
// The cases are Go's net package tests (ParseCIDR, ParseIP) and OpenShift's format marker tests
// (openshift/api example/v1 tests, StableConfigType: an IPv6 CIDR is accepted, `999.999.999.999`, `gggg::1`
// and `fe80::1%eth0` are refused); then the same through a CRD, as a manifest's diagnostics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isGoCIDR,
  isStrfmtCIDR,
  isStrfmtDate,
  isStrfmtIPv4,
  isStrfmtIPv6,
  isStrfmtMac,
} from '../../server/src/model/goFormats';
import { formatCodes } from '../helpers/crdFormats';

test('cidr: net.ParseCIDR, IPv4 and IPv6, with a prefix length within the address size', () => {
  for (const ok of [
    '10.0.0.0/24',
    '135.104.0.0/32',
    '0.0.0.0/0',
    '2001:db8::/64',
    '2001:db8::abcd:1234/64',
    '2001:db8::1/128',
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334/128',
    '::/0',
    '::ffff:10.0.0.1/120',
  ])
    assert.ok(isGoCIDR(ok), ok);
  for (const bad of [
    '10.0.0.1',
    '10.0.0.0/33',
    '2001:db8::/129',
    '010.0.0.0/8',
    'abc/24',
    '2001:db8::1%eth0/64',
    '10.0.0.0/',
  ])
    assert.ok(!isGoCIDR(bad), bad);
});

// kube-openapi's TestFormatIPv4 and TestFormatCIDR: `ipv4` and `cidr` go through k8s.io/utils/net's
// ParseIPSloppy/ParseCIDRSloppy, which forgive an IPv4's leading zeros (values stored before Go 1.17).
test('ipv4 and cidr forgive leading zeros in an IPv4 (and its prefix length), as Kubernetes does', () => {
  for (const ok of ['192.168.1.01', '01.2.3.4', '0000010.0.0.1', '::ffff:001.2.3.4']) assert.ok(isStrfmtIPv4(ok), ok);
  for (const ok of ['192.0.2.1/24', '192.0.02.1/24', '2001:db8:a0b:12f0::1/32', '010.0.0.0/08', '10.0.0.0/000024'])
    assert.ok(isStrfmtCIDR(ok), ok);
  for (const bad of ['198.168.254.2', '2001:db8:a0b:12f0::1', '010.0.0.0/33', '0256.0.0.0/8', '2001:db8::/0129'])
    assert.ok(!isStrfmtCIDR(bad), bad);
  assert.ok(!isGoCIDR('010.0.0.0/8'), 'Go itself refuses the leading zero');
});

test('ipv4 and ipv6: net.ParseIP with a dot, with a colon', () => {
  for (const ok of ['10.0.0.1', '255.255.255.255', '::ffff:1.2.3.4']) assert.ok(isStrfmtIPv4(ok), ok);
  for (const bad of ['999.999.999.999', '1.2.3', '198.168.254.2.2', '0256.1.2.3', '::1', ''])
    assert.ok(!isStrfmtIPv4(bad), bad);
  for (const ok of ['::1', '2001:db8::1', '1:2:3:4:5:6:7:8', '::', 'fe80::1:2', '::ffff:1.2.3.4'])
    assert.ok(isStrfmtIPv6(ok), ok);
  for (const bad of ['gggg::1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8:9', '1::2::3', '10.0.0.1', '12345::1', '127.0.0.1'])
    assert.ok(!isStrfmtIPv6(bad), bad);
  // netip: `::` stands for at least one group of zeros, and an IPv4 ends the address.
  for (const bad of ['1:2:3:4::5:6:7:8', '1.2.3.4::', '::ffff:01.2.3.4']) assert.ok(!isStrfmtIPv6(bad), bad);
});

test('a CRD field of format cidr takes an IPv6 range, and refuses a bare address as the API server does', () => {
  const codes = formatCodes(
    'Net',
    `                range: {type: string, format: cidr}
                v4: {type: string, format: ipv4}
                v6: {type: string, format: ipv6}
`,
  );
  assert.deepEqual(codes('  range: 2001:db8::/64\n  v4: 10.0.0.1\n  v6: "2001:db8::1"\n'), []);
  assert.deepEqual(codes('  range: 10.0.0.0/24\n'), []);
  assert.deepEqual(codes('  range: 10.0.0.1\n'), ['format']);
  assert.deepEqual(codes('  range: 192.0.02.1/24\n  v4: 192.168.1.01\n'), []);
  assert.deepEqual(codes('  v4: 999.999.999.999\n'), ['format']);
  assert.deepEqual(codes('  v6: gggg::1\n'), ['format']);
});

// Go's time.Parse("2006-01-02") (kube-openapi strfmt `date`) and net.ParseMAC's tests (net/mac_test.go).
test('date: time.Parse of 2006-01-02, the day within its month', () => {
  for (const ok of ['2025-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
    assert.ok(isStrfmtDate(ok), ok);
  for (const bad of ['2025-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-1-31', '25-01-31'])
    assert.ok(!isStrfmtDate(bad), bad);
  for (const bad of ['2025-01-31T00:00:00Z', '2025/01/31', ' 2025-01-31', '2025-01-00'])
    assert.ok(!isStrfmtDate(bad), bad);
});

test('mac: net.ParseMAC, 6, 8 or 20 octets with one separator throughout', () => {
  for (const ok of [
    '00:00:5e:00:53:01',
    '02:00:5e:10:00:00:00:01',
    '00:00:00:00:fe:80:00:00:00:00:00:00:02:00:5e:10:00:00:00:01',
    '00-00-5e-00-53-01',
    '02-00-5e-10-00-00-00-01',
    '0000.5e00.5301',
    '0200.5e10.0000.0001',
    '0000.0000.fe80.0000.0000.0000.0200.5e10.0000.0001',
    'AB:CD:EF:01:23:45',
    '0123.4567.89AB',
  ])
    assert.ok(isStrfmtMac(ok), ok);
  for (const bad of [
    '01.02.03.04.05.06',
    '01:02:03:04:05:06:',
    'x1:02:03:04:05:06',
    '01002:03:04:05:06',
    '01:02003:04:05:06',
    '01:02:03:04:05-06',
    '01:02:03:04:05',
    '0123.4567.89AB.CDEF.',
  ])
    assert.ok(!isStrfmtMac(bad), bad);
});

test('a CRD field of format date or mac is checked as the API server checks it', () => {
  const codes = formatCodes(
    'Nic',
    `                since: {type: string, format: date}
                mac: {type: string, format: mac}
`,
  );
  assert.deepEqual(codes('  since: "2024-02-29"\n  mac: 00:00:5e:00:53:01\n'), []);
  assert.deepEqual(codes('  since: "2025-02-29"\n'), ['format']);
  assert.deepEqual(codes('  mac: 00:00:5e:00:53\n'), ['format']);
});
