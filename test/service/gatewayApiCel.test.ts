// Gateway API's own CEL cases (kubernetes-sigs/gateway-api tests/cel/gateway_test.go TestValidateGateway, the
// listener cases, and httproute_standard_test.go TestHTTPRouteParentRefStandard), on its standard CRDs
// (test/fixtures/gateway-api/NOTICE.md). Those tests create each object in a real API server and expect each of
// `wantErrors` in its error, none when the list is empty; here the product must report each of them as an error
// (its rules' messages), no error on a valid object, and run every rule (no `crd-rule-not-run`). The Go objects
// are written as the YAML they serialise to (an empty `TLS` struct is `tls: {}`).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { REPO } from '../helpers/files';

const ROOT = join(REPO, 'test', 'fixtures', 'gateway-api');

const analysis = new Analysis();
for (const name of ['gateways.yaml.gz', 'httproutes.yaml.gz'])
  analysis.indexFile(`file:///gw/${name}`, gunzipSync(readFileSync(join(ROOT, name))).toString('utf8'));
analysis.applyCrds();

interface Case {
  desc: string;
  /** The list's items, one flow mapping a line. */
  items: string[];
  wantErrors: string[];
}

function judge(kind: 'Gateway' | 'HTTPRoute', c: Case): void {
  test(c.desc, () => {
    const list = c.items.map((l) => `    - ${l}\n`).join('');
    const text =
      kind === 'Gateway'
        ? `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: foo, namespace: default}\nspec:\n  gatewayClassName: foo\n  listeners:\n${list}`
        : `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: foo, namespace: default}\nspec:\n  parentRefs:\n${list}`;
    const diags = analysis.fileDiagnostics('file:///gw/object.yaml', analysis.parse(text));
    const shown = diags.map((d) => `${d.code} ${severityOf(d)}: ${d.message}`).join('\n');
    assert.deepEqual(
      diags.filter((d) => d.code === 'crd-rule-not-run'),
      [],
      `a rule not evaluated:\n${shown}`,
    );
    const errors = diags.filter((d) => severityOf(d) === 'error');
    if (c.wantErrors.length === 0) assert.deepEqual(errors, [], `the API server accepts it; the product:\n${shown}`);
    for (const want of c.wantErrors)
      assert.ok(
        errors.some((d) => d.message.includes(want)),
        `the API server says "${want}"; the product:\n${shown || '(nothing)'}`,
      );
  });
}

const TLS_NOT_ALLOWED = "tls must not be specified for protocols ['HTTP', 'TCP', 'UDP']";
const HOSTNAME_NOT_ALLOWED = "hostname must not be specified for protocols ['TCP', 'UDP']";
const CERTS = 'certificateRefs or options must be specified when mode is Terminate';
const UNIQUE = 'Combination of port, protocol and hostname must be unique for each listener';
const OPTIONS = `options: {networking.example.com/tls-version: "1.2"}`;

describe('Gateway API TestValidateGateway (listeners)', () => {
  const cases: Case[] = [
    {
      desc: 'tls config present with http protocol',
      items: ['{name: http, protocol: HTTP, port: 8080, tls: {}}'],
      wantErrors: [TLS_NOT_ALLOWED],
    },
    {
      desc: 'https protocol with Passthrough tls mode',
      items: ['{name: https, protocol: HTTPS, port: 8080, tls: {mode: Passthrough}}'],
      wantErrors: ['tls mode must be Terminate for protocol HTTPS'],
    },
    {
      desc: 'tls mode not set with https protocol and tls config present',
      items: ['{name: https, protocol: HTTPS, port: 8080, tls: {certificateRefs: [{name: foo}]}}'],
      wantErrors: [],
    },
    {
      desc: 'tls config present with tcp protocol',
      items: ['{name: tcp, protocol: TCP, port: 8080, tls: {}}'],
      wantErrors: [TLS_NOT_ALLOWED],
    },
    {
      desc: 'tls config not set with https protocol',
      items: ['{name: https, protocol: HTTPS, port: 8443}'],
      wantErrors: [],
    },
    {
      desc: 'tls config not set with tls protocol',
      items: ['{name: tls, protocol: TLS, port: 8443}'],
      wantErrors: ['tls mode must be set for protocol TLS'],
    },
    {
      desc: 'tls config not set with http protocol',
      items: ['{name: http, protocol: HTTP, port: 8080}'],
      wantErrors: [],
    },
    { desc: 'tls config not set with tcp protocol', items: ['{name: tcp, protocol: TCP, port: 8080}'], wantErrors: [] },
    { desc: 'tls config not set with udp protocol', items: ['{name: udp, protocol: UDP, port: 8080}'], wantErrors: [] },
    {
      desc: 'hostname present with tcp protocol',
      items: ['{name: tcp, protocol: TCP, port: 8080, hostname: foo}'],
      wantErrors: [HOSTNAME_NOT_ALLOWED],
    },
    {
      desc: 'hostname present with udp protocol',
      items: ['{name: udp, protocol: UDP, port: 8080, hostname: foo}'],
      wantErrors: [HOSTNAME_NOT_ALLOWED],
    },
    {
      desc: 'certificateRefs not set with HTTPS protocol and TLS terminate mode',
      items: ['{name: https, protocol: HTTPS, port: 8443, tls: {mode: Terminate}}'],
      wantErrors: [CERTS],
    },
    {
      desc: 'certificateRefs not set with TLS protocol and TLS terminate mode',
      items: ['{name: tls, protocol: TLS, port: 8443, tls: {mode: Terminate}}'],
      wantErrors: [CERTS],
    },
    {
      desc: 'certificateRefs set with HTTPS protocol and TLS terminate mode',
      items: ['{name: https, protocol: HTTPS, port: 8443, tls: {mode: Terminate, certificateRefs: [{name: foo}]}}'],
      wantErrors: [],
    },
    {
      desc: 'certificateRefs set with TLS protocol and TLS terminate mode',
      items: ['{name: tls, protocol: TLS, port: 8443, tls: {mode: Terminate, certificateRefs: [{name: foo}]}}'],
      wantErrors: [],
    },
    {
      desc: 'options set with HTTPS protocol and TLS terminate mode',
      items: [`{name: https, protocol: HTTPS, port: 8443, tls: {mode: Terminate, ${OPTIONS}}}`],
      wantErrors: [],
    },
    {
      desc: 'options set with tls protocol and TLS terminate mode',
      items: [`{name: tls, protocol: TLS, port: 8443, tls: {mode: Terminate, ${OPTIONS}}}`],
      wantErrors: [],
    },
    {
      desc: 'names are not unique within the Gateway',
      items: [
        '{name: http, protocol: HTTP, port: 80}',
        '{name: http, protocol: HTTP, port: 8000}',
        '{name: http, protocol: HTTP, port: 8080}',
      ],
      wantErrors: ['Listener name must be unique within the Gateway'],
    },
    {
      desc: 'names are unique within the Gateway',
      items: [
        '{name: http-1, protocol: HTTP, port: 80}',
        '{name: http-2, protocol: HTTP, port: 8000}',
        '{name: http-3, protocol: HTTP, port: 8080}',
      ],
      wantErrors: [],
    },
    {
      desc: 'combination of port, protocol, and hostname are not unique for each listener',
      items: [
        '{name: foo, protocol: HTTP, port: 80, hostname: foo.com}',
        '{name: bar, protocol: HTTP, port: 80, hostname: foo.com}',
      ],
      wantErrors: [UNIQUE],
    },
    {
      desc: 'combination of port and protocol are not unique for each listener when hostnames not set',
      items: ['{name: foo, protocol: HTTP, port: 80}', '{name: bar, protocol: HTTP, port: 80}'],
      wantErrors: [UNIQUE],
    },
    {
      desc: 'port is unique when protocol and hostname are the same',
      items: [
        '{name: foo, protocol: HTTP, port: 80, hostname: foo.com}',
        '{name: bar, protocol: HTTP, port: 8000, hostname: foo.com}',
      ],
      wantErrors: [],
    },
    {
      desc: 'hostname is unique when protocol and port are the same',
      items: [
        '{name: foo, protocol: HTTP, port: 80, hostname: foo.com}',
        '{name: bar, protocol: HTTP, port: 80, hostname: bar.com}',
      ],
      wantErrors: [],
    },
    {
      desc: 'one omitted hostname is unique when protocol and port are the same',
      items: ['{name: foo, protocol: HTTP, port: 80, hostname: foo.com}', '{name: bar, protocol: HTTP, port: 80}'],
      wantErrors: [],
    },
    {
      desc: 'protocol is unique when port and hostname are the same',
      items: [
        '{name: foo, protocol: HTTP, port: 8000, hostname: foo.com}',
        '{name: bar, protocol: HTTPS, port: 8000, hostname: foo.com, tls: {certificateRefs: [{name: foo}]}}',
      ],
      wantErrors: [],
    },
  ];
  for (const c of cases) judge('Gateway', c);
});

describe('Gateway API TestHTTPRouteParentRefStandard', () => {
  const ref = (extra = '') => `{kind: Gateway, group: gateway.networking.k8s.io, name: example${extra}}`;
  const cases: Case[] = [
    {
      desc: 'invalid because duplicate parent refs without section name',
      items: [ref(), ref()],
      wantErrors: ['sectionName must be unique when parentRefs includes 2 or more references to the same parent'],
    },
    {
      desc: 'invalid because duplicate parent refs with only one section name',
      items: [ref(), ref(', sectionName: foo')],
      wantErrors: ['sectionName must be specified when parentRefs includes 2 or more references to the same parent'],
    },
    {
      desc: 'invalid because duplicate parent refs with duplicate section names',
      items: [ref(', sectionName: foo'), ref(', sectionName: foo')],
      wantErrors: ['sectionName must be unique when parentRefs includes 2 or more references to the same parent'],
    },
    { desc: 'valid single parentRef without sectionName', items: [ref()], wantErrors: [] },
    { desc: 'valid single parentRef with sectionName', items: [ref(', sectionName: foo')], wantErrors: [] },
    {
      desc: 'valid because duplicate parent refs with different section names',
      items: [ref(', sectionName: foo'), ref(', sectionName: bar')],
      wantErrors: [],
    },
    {
      desc: 'valid because duplicate parent refs with different names',
      items: [
        ref(', sectionName: foo'),
        '{kind: Gateway, group: gateway.networking.k8s.io, name: example2, sectionName: foo}',
      ],
      wantErrors: [],
    },
    {
      desc: "valid because first parentRef has namespace while second doesn't",
      items: [ref(', namespace: test'), ref()],
      wantErrors: [],
    },
    {
      desc: "valid because second parentRef has namespace while first doesn't",
      items: [ref(), ref(', namespace: test')],
      wantErrors: [],
    },
  ];
  for (const c of cases) judge('HTTPRoute', c);
});
