// A CRD rule calling a CEL library the targeted Kubernetes release does not compile new rules with (the
// `kubernetesVersion` setting; library/versions.ts, from the API server's base.go): refused on the CRD as the
// API server refuses it, in cel-go's words, and the manifests of its kind get no verdict from it
// (information, once). At a release that has the library, the rule is accepted and evaluated.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { DEFAULT_SETTINGS, readSettings } from '../../server/src/service/core/settings';
import { crdText, rootCrdText } from '../helpers/manifests';
import { crdProblems, manifestProblems, oneRuleCrd } from '../helpers/crdRules';

const crd = (rule: string) =>
  oneRuleCrd({
    kind: 'Probe',
    plural: 'probes',
    rule,
    message: 'the rule does not hold',
    properties: `                addr: {type: string}
                size: {type: string}
                list: {type: array, items: {type: string}}
                nums: {type: array, items: {type: integer}}
`,
  });

const analysis = (kubernetesVersion?: string) =>
  new Analysis({ settings: kubernetesVersion ? { ...DEFAULT_SETTINGS, kubernetesVersion } : DEFAULT_SETTINGS });

/** The CRD's own problems about its rules: code, severity, the text squiggled and the message. */
const onCrd = (rule: string, kubernetesVersion?: string) => crdProblems(crd(rule), analysis(kubernetesVersion), 'crd-');

/** The rule's diagnostics on a Probe whose spec is `spec`. */
const onManifest = (rule: string, spec: string, kubernetesVersion?: string) =>
  manifestProblems(crd(rule), 'Probe', spec, analysis(kubernetesVersion));

const IP_RULE = 'ip(self.addr).family() == 4';

describe('a library newer than the targeted release: the CRD is refused, as the API server refuses it', () => {
  test('ip() at 1.30 (the IP library arrived in 1.30: new rules may use it from 1.31)', () => {
    const got = onCrd(IP_RULE, '1.30');
    assert.equal(got.length, 1, JSON.stringify(got));
    assert.equal(got[0].code, 'crd-rule-refused');
    assert.equal(got[0].severity, 'error');
    assert.equal(got[0].at, 'ip');
    assert.match(
      got[0].message,
      /^The CEL rule does not compile on Kubernetes 1\.30: undeclared reference to 'ip' \(in container ''\)\. /,
    );
    assert.match(got[0].message, /from Kubernetes 1\.31 on .* set `kubernetesVersion` to 1\.31 or later/);
  });

  test('the manifests of its kind get no verdict from it: information, once', () => {
    const got = onManifest(IP_RULE, '  addr: "2001:db8::1"\n', '1.30');
    assert.deepEqual(
      got.map((d) => [d.code, d.severity]),
      [['crd-rule-not-run', 'info']],
    );
    assert.match(got[0].message, /the API server refuses the CRD for it \(the rule: undeclared reference to 'ip'/);
  });

  test('at the default (the newest release) the same CRD is accepted and its rule evaluated', () => {
    assert.deepEqual(onCrd(IP_RULE), []);
    assert.deepEqual(onCrd(IP_RULE, '1.31'), []);
    const bad = onManifest(IP_RULE, '  addr: "2001:db8::1"\n');
    assert.deepEqual(
      bad.map((d) => [d.code, d.severity]),
      [['crd-validation', 'error']],
    );
    assert.match(bad[0].message, /the rule does not hold/);
    assert.deepEqual(onManifest(IP_RULE, '  addr: 10.0.0.1\n'), []);
  });

  test('a transition rule too: at creation (optionalOldSelf) it runs only where the release has its library', () => {
    const text = crdText({
      group: 'example.org',
      kind: 'Probe',
      plural: 'probes',
      spec: `              x-kubernetes-validations:
                - rule: oldSelf.hasValue() || ip(self.addr).family() == 4
                  optionalOldSelf: true
                  message: a new probe needs an IPv4 address
              properties:
                addr: {type: string}
`,
    });
    const created = (kubernetesVersion?: string) => {
      const a = analysis(kubernetesVersion);
      a.indexFile('file:///w/crd.yaml', text);
      a.applyCrds();
      const probe = 'apiVersion: example.org/v1\nkind: Probe\nmetadata: {name: p}\nspec:\n  addr: "2001:db8::1"\n';
      return a
        .fileDiagnostics('file:///w/p.yaml', a.parse(probe))
        .filter((d) => d.code.startsWith('crd-'))
        .map((d) => [d.code, severityOf(d), d.message]);
    };
    const latest = created();
    assert.deepEqual(
      latest.map((d) => d.slice(0, 2)),
      [['crd-transition-rule', 'error']],
    );
    const old = created('1.30');
    assert.deepEqual(
      old.map((d) => d.slice(0, 2)),
      [['crd-rule-not-run', 'info']],
    );
    assert.match(
      String(old[0][2]),
      /transition rule .* is not evaluated: the API server refuses the CRD for it \(the rule: undeclared reference to 'ip'/,
    );
  });

  test('quantity division (kubernetes/kubernetes#135995) is in no release: refused at the default', () => {
    const rule = "quantity(self.size).div(2).isLessThan(quantity('1Gi'))";
    const got = onCrd(rule);
    assert.deepEqual(
      got.map((d) => [d.code, d.at]),
      [['crd-rule-refused', 'div']],
    );
    assert.match(
      got[0].message,
      /undeclared reference to 'div' \(in container ''\)\. `div\(\)` .* is in no Kubernetes release up to 1\.37/,
    );
    assert.deepEqual(
      onManifest(rule, '  size: 4Gi\n').map((d) => d.code),
      ['crd-rule-not-run'],
    );
    // A release after every one the product knows: it cannot tell, so it accepts and evaluates.
    assert.deepEqual(onCrd(rule, '1.39'), []);
    assert.deepEqual(
      onManifest(rule, '  size: 4Gi\n', '1.39').map((d) => d.code),
      ['crd-validation'],
    );
  });

  test("what no release's CEL has: cel.bind(), reverse() of a string", () => {
    const bind = onCrd('cel.bind(x, self.list, x.size() > 0)');
    assert.deepEqual(
      bind.map((d) => [d.code, d.at]),
      [['crd-rule-refused', 'cel']],
    );
    assert.match(bind[0].message, /undeclared reference to 'cel'.*is in no Kubernetes release's CEL/);
    const reverse = onCrd("'abc'.reverse() == 'cba'");
    assert.deepEqual(
      reverse.map((d) => [d.code, d.at]),
      [['crd-rule-refused', 'reverse']],
    );
    assert.match(reverse[0].message, /found no matching overload for 'reverse' applied to 'string\.\(\)'/);
    // On a string the schema declares, too (cel-go's checker knows its type).
    const typed = onCrd("self.addr.reverse() != ''");
    assert.deepEqual(
      typed.map((d) => [d.code, d.at]),
      [['crd-rule-refused', 'self.addr.reverse()']],
    );
    assert.match(typed[0].message, /found no matching overload for 'reverse' applied to 'string\.\(\)'/);
    // A list's reverse() is the lists extension's (1.34): accepted.
    assert.deepEqual(onCrd('self.list.reverse().size() == self.list.size()'), []);
  });

  test('a message expression is held to the release too', () => {
    const text = crdText({
      group: 'example.org',
      kind: 'Probe',
      plural: 'probes',
      spec: `              x-kubernetes-validations:
                - rule: self.addr != ''
                  messageExpression: "'%s is empty'.format([self.addr])"
              properties:
                addr: {type: string}
`,
    });
    const at = (kubernetesVersion: string) => {
      const a = analysis(kubernetesVersion);
      return a
        .fileDiagnostics('file:///w/crd.yaml', a.parse(text))
        .map((d) => [
          d.code,
          text.slice(d.start, d.end),
          /^The CEL message expression does not compile on Kubernetes 1\.29: undeclared reference to 'format'/.test(
            d.message,
          ),
        ]);
    };
    assert.deepEqual(at('1.29'), [['crd-rule-refused', 'format', true]]);
    assert.deepEqual(at('1.30'), []);
  });

  test('a macro variable named like a namespace is not the namespace', () => {
    assert.deepEqual(onCrd('self.list.all(sets, sets.size() > 0)', '1.28'), []);
    assert.deepEqual(
      onCrd('sets.contains(self.list, [self.addr])', '1.28').map((d) => d.at),
      ['sets'],
    );
  });
});

/**
 * Each library at the boundary base.go gives it (`IntroducedVersion` 1.N: refused by an API server of 1.N,
 * accepted from 1.N+1, whose `DefaultCompatibilityVersion` is 1.N). The minors are written here from base.go
 * (kubernetes/apiserver v0.36.3 and master of 2026-07-23), independently of the product's table.
 */
const BASE_GO: [rule: string, introduced: number, refusedName: string][] = [
  ['quantity(self.size).isInteger()', 28, 'quantity'],
  ['isQuantity(self.size)', 28, 'isQuantity'],
  ['optional.of(self.addr).hasValue()', 28, 'optional'],
  ['self.?addr.hasValue()', 28, 'self.?addr'],
  // TestBaseEnvironment's "cross numeric comparisons disabled/enabled" (environment_test.go), and on a field.
  ['1.5 > 1', 28, '1.5 > 1'],
  ['self.nums.size() < 2.5', 28, 'self.nums.size() < 2.5'],
  ['sets.contains(self.list, self.list)', 29, 'sets'],
  ["'%s'.format([self.addr]) == self.addr", 29, 'format'],
  ["self.list.join(',') != ''", 29, 'join'],
  ['strings.quote(self.addr) != self.addr', 29, 'strings'],
  ['isIP(self.addr)', 30, 'isIP'],
  ['cidr(self.addr).prefixLength() > 8', 30, 'cidr'],
  ['isCIDR(self.addr)', 30, 'isCIDR'],
  ['ip.isCanonical(self.addr)', 30, 'ip'],
  ['!format.dns1123Label().validate(self.addr).hasValue()', 31, 'format'],
  ['self.nums.all(i, v, v > i)', 32, 'all'],
  ['self.nums.exists(i, v, v == i)', 32, 'exists'],
  ['self.nums.transformList(i, v, v * 2).size() > 0', 32, 'transformList'],
  ['semver(self.addr).major() == 1', 33, 'semver'],
  ['isSemver(self.addr)', 33, 'isSemver'],
  ['lists.range(3).size() == 3', 34, 'lists'],
  ['self.nums.slice(0, 1).size() == 1', 34, 'slice'],
  ['self.nums.sort() == self.nums', 34, 'sort'],
  ['self.list.sortBy(x, x).size() > 0', 34, 'sortBy'],
  ['self.nums.distinct().size() > 0', 34, 'distinct'],
  ['[self.nums].flatten().size() > 0', 34, 'flatten'],
  ['self.nums.reverse().size() > 0', 34, 'reverse'],
];

describe('each library from the release after the one base.go introduces it in', () => {
  for (const [rule, introduced, at] of BASE_GO)
    test(`${rule}: refused at 1.${introduced}, accepted at 1.${introduced + 1}`, () => {
      const refused = onCrd(rule, `1.${introduced}`);
      assert.deepEqual(
        refused.map((d) => [d.code, d.at]),
        [['crd-rule-refused', at]],
        JSON.stringify(refused),
      );
      assert.deepEqual(onCrd(rule, `1.${introduced + 1}`), []);
    });

  // TestBaseEnvironment's "core settings enabled" (k8s.io/apiserver/pkg/cel/environment/environment_test.go):
  // at compatibility version 1.23 (an API server of 1.24), lists, strings, URLs and regex are all there.
  for (const rule of [
    '[1, 2, 3].indexOf(2) == 1',
    "'abc'.contains('bc')",
    "isURL('http://example.com')",
    "'a 1 b 2'.find('[0-9]') == '1'",
  ])
    test(`always there: ${rule}`, () => assert.deepEqual(onCrd(rule, '1.24'), []));
});

/**
 * apiextensions-apiserver's TestValidateCustomResourceDefinitionValidation, "valid x-kubernetes-validations for
 * escaping" (pkg/apis/apiextensions/validation/validation_test.go, v0.36.3): a property named by each reserved
 * word and a rule `self.<word> > 0` for each. With the environment of compatibility version 1.30 (an API server
 * of 1.31) every unescaped reserved word is refused; with 1.31 (an API server of 1.32) only the four the parser
 * lexes apart (`true`, `false`, `null`, `in`).
 */
describe('reserved words as field names, as the API server resolves them by release', () => {
  const WORDS = [
    'if',
    'namespace',
    'as',
    'break',
    'const',
    'continue',
    'else',
    'for',
    'function',
    'import',
    'let',
    'loop',
    'package',
    'return',
    'var',
    'void',
    'while',
    'self',
    'int',
    'true',
    'false',
    'null',
    'in',
  ];
  const RULES = ['self.__if__ > 0', 'self.__namespace__ > 0', ...WORDS.map((w) => `self.${w} > 0`)];
  const text = rootCrdText({
    group: 'example.org',
    kind: 'Probe',
    plural: 'probes',
    root: `          type: object
          x-kubernetes-validations:
${RULES.map((r) => `            - rule: ${JSON.stringify(r)}\n`).join('')}          properties:
${WORDS.map((w) => `            ${JSON.stringify(w)}: {type: integer}\n`).join('')}`,
  });
  /** The indexes of the rules refused (the test's `invalid(...x-kubernetes-validations[i].rule)`). */
  const refused = (kubernetesVersion: string) => {
    const a = analysis(kubernetesVersion);
    return a
      .fileDiagnostics('file:///w/crd.yaml', a.parse(text))
      .filter((d) => d.code === 'crd-rule-refused')
      .map((d) => RULES.indexOf(`self.${text.slice(d.start, d.end).replace(/^self\./, '')} > 0`));
  };
  test('an API server of 1.31: rules 2 to 18 and 21 to 24 refused', () => {
    assert.deepEqual(refused('1.31'), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24]);
  });
  test('an API server of 1.32: rules 21 to 24 refused', () => {
    assert.deepEqual(refused('1.32'), [21, 22, 23, 24]);
  });
});

describe('the setting', () => {
  test('read as "1.N" (a patch or a leading v allowed), anything else refused with what to write', () => {
    assert.equal(readSettings({}).settings.kubernetesVersion, '1.36');
    // The editor's default is the same release (package.json, and from it the settings file's schema).
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    assert.equal(pkg.contributes.configuration.properties['cloudManifests.kubernetesVersion'].default, '1.36');
    assert.equal(readSettings({ kubernetesVersion: '1.31' }).settings.kubernetesVersion, '1.31');
    assert.equal(readSettings({ kubernetesVersion: 'v1.30.2' }).settings.kubernetesVersion, '1.30');
    for (const bad of ['2.0', '1.x', 1.31, '1.300'])
      assert.deepEqual(readSettings({ kubernetesVersion: bad }).problems, [
        'kubernetesVersion must be a Kubernetes release such as "1.31"',
      ]);
  });

  test('changed on an analysis: the CRD and the manifests of its kinds are checked again', () => {
    const a = analysis();
    const text = crd(IP_RULE);
    a.indexFile('file:///w/crd.yaml', text);
    a.applyCrds();
    const probe = 'apiVersion: example.org/v1\nkind: Probe\nmetadata: {name: p}\nspec:\n  addr: "2001:db8::1"\n';
    a.indexFile('file:///w/p.yaml', probe);
    const codes = (uri: string) =>
      a
        .fileDiagnostics(uri, a.indexedFile(uri)!)
        .map((d) => d.code)
        .filter((c) => c.startsWith('crd-'));
    assert.deepEqual(codes('file:///w/crd.yaml'), []);
    assert.deepEqual(codes('file:///w/p.yaml'), ['crd-validation']);
    a.apply({ kind: 'settings', settings: { ...DEFAULT_SETTINGS, kubernetesVersion: '1.30' } });
    assert.deepEqual(codes('file:///w/crd.yaml'), ['crd-rule-refused']);
    assert.deepEqual(codes('file:///w/p.yaml'), ['crd-rule-not-run']);
    a.apply({ kind: 'settings', settings: DEFAULT_SETTINGS });
    assert.deepEqual(codes('file:///w/p.yaml'), ['crd-validation']);
  });
});
