// The formats a CRD names that the API server checks with Go's parsers (kube-openapi strfmt): `cidr` is
// net.ParseCIDR (IPv4 or IPv6, a prefix length required), `ipv4` and `ipv6` net.ParseIP with a dot or a colon.
// The cases are Go's net package tests (ParseCIDR, ParseIP) and OpenShift's format marker tests
// (openshift/api example/v1 tests, StableConfigType: an IPv6 CIDR is accepted, `999.999.999.999`, `gggg::1`
// and `fe80::1%eth0` are refused); then the same through a CRD, as a manifest's diagnostics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isGoCIDR, isStrfmtIPv4, isStrfmtIPv6 } from '../../server/src/model/goFormats';
import { Analysis } from '../../server/src/service/analysis';
import { crdText } from '../helpers/manifests';

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

test('ipv4 and ipv6: net.ParseIP with a dot, with a colon', () => {
  for (const ok of ['10.0.0.1', '255.255.255.255', '::ffff:1.2.3.4']) assert.ok(isStrfmtIPv4(ok), ok);
  for (const bad of ['999.999.999.999', '1.2.3', '01.2.3.4', '::1', '']) assert.ok(!isStrfmtIPv4(bad), bad);
  for (const ok of ['::1', '2001:db8::1', '1:2:3:4:5:6:7:8', '::', 'fe80::1:2', '::ffff:1.2.3.4'])
    assert.ok(isStrfmtIPv6(ok), ok);
  for (const bad of ['gggg::1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8:9', '1::2::3', '10.0.0.1', '12345::1'])
    assert.ok(!isStrfmtIPv6(bad), bad);
});

test('a CRD field of format cidr takes an IPv6 range, and refuses a bare address as the API server does', () => {
  const crd = crdText({
    group: 'example.org',
    kind: 'Net',
    plural: 'nets',
    spec: `              properties:
                range: {type: string, format: cidr}
                v4: {type: string, format: ipv4}
                v6: {type: string, format: ipv6}
`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const codes = (spec: string) =>
    a
      .fileDiagnostics(
        'file:///w/n.yaml',
        a.parse(`apiVersion: example.org/v1\nkind: Net\nmetadata: {name: net}\nspec:\n${spec}`),
      )
      .map((d) => d.code);
  assert.deepEqual(codes('  range: 2001:db8::/64\n  v4: 10.0.0.1\n  v6: "2001:db8::1"\n'), []);
  assert.deepEqual(codes('  range: 10.0.0.0/24\n'), []);
  assert.deepEqual(codes('  range: 10.0.0.1\n'), ['format']);
  assert.deepEqual(codes('  v4: 999.999.999.999\n'), ['format']);
  assert.deepEqual(codes('  v6: gggg::1\n'), ['format']);
});
