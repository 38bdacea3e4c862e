// The name syntaxes the API server checks in Kubernetes' own kinds (checks/kube/names.ts), each through a
// manifest that holds the name where the API server checks it, with the good and bad values of
// apimachinery's own tests (pkg/util/validation/validation_test.go: TestIsDNS1123Label, TestIsValidPortName,
// TestIsQualifiedName, TestIsValidLabelValue, TestIsConfigMapKey, TestIsRelaxedEnvVarName). The verdict per
// value must be the test's: a `kube-name` error on the value (or key) for a bad one, nothing for a good one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';

const q = (s: string) => JSON.stringify(s);

const analysis = (version?: string) =>
  new Analysis(version ? { settings: { ...DEFAULT_SETTINGS, kubernetesVersion: version } } : {});

/** The `kube-name` diagnostics of a manifest, as the text they cover. */
function kubeNames(text: string, version?: string): string[] {
  const a = analysis(version);
  return a
    .fileDiagnostics('file:///w/m.yaml', a.parse(text))
    .filter((d) => d.code === 'kube-name')
    .map((d) => text.slice(d.start, d.end));
}

const pod = (container: string) => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
${container}`;

interface Case {
  name: string;
  good: string[];
  bad: string[];
  manifest: (v: string) => string;
  version?: string;
}

const CASES: Case[] = [
  {
    // validateContainers: ValidateDNS1123Label (the empty name is the schema's missing-required).
    name: 'IsDNS1123Label: a container name',
    good: ['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a'.repeat(63)],
    bad: [
      'A',
      'ABC',
      'aBc',
      'A1',
      'A-1',
      '1-A',
      '-',
      'a-',
      '-a',
      '1-',
      '-1',
      '_',
      'a_',
      '_a',
      'a_b',
      '1_',
      '_1',
      '1_2',
      '.',
      'a.',
      '.a',
      'a.b',
      '1.',
      '.1',
      '1.2',
      ' ',
      'a ',
      ' a',
      'a b',
      '1 ',
      ' 1',
      '1 2',
      'a'.repeat(64),
    ],
    manifest: (v) => pod(`    - name: ${q(v)}\n      image: nginx\n`),
  },
  {
    // validateContainerPorts: IsValidPortName (an empty name is no name there).
    name: 'IsValidPortName: a container port name',
    good: ['telnet', 're-mail-ck', 'pop3', 'a', 'a-1', '1-a', 'a-1-b-2-c', '1-a-2-b-3'],
    bad: ['longerthan15characters', 'a'.repeat(16), '12345', '1-2-3-4', '-begin', 'end-', 'two--hyphens', 'whois++'],
    manifest: (v) => pod(`    - name: c\n      image: nginx\n      ports: [{containerPort: 80, name: ${q(v)}}]\n`),
  },
  {
    // ValidateLabels: ValidateLabelName (IsQualifiedName) on each key.
    name: 'IsQualifiedName: a label key',
    good: [
      'simple',
      'now-with-dashes',
      '1-starts-with-num',
      '1234',
      'simple/simple',
      'now-with-dashes/simple',
      'now-with-dashes/now-with-dashes',
      'now.with.dots/simple',
      'now-with.dashes-and.dots/simple',
      '1-num.2-num/3-num',
      '1234/5678',
      '1.2.3.4/5678',
      'Uppercase_Is_OK_123',
      'example.com/Uppercase_Is_OK_123',
      'requests.storage-foo',
      'a'.repeat(63),
      `${'a'.repeat(253)}/${'b'.repeat(63)}`,
    ],
    bad: [
      'nospecialchars%^=@',
      'cantendwithadash-',
      '-cantstartwithadash-',
      'only/one/slash',
      'Example.com/abc',
      'example_com/abc',
      'example.com/',
      '/simple',
      'a'.repeat(64),
      `${'a'.repeat(254)}/abc`,
    ],
    manifest: (v) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    ${q(v)}: x\n`,
  },
  {
    // ValidatePodTemplateSpec: ValidateLabels on the template's labels (the top-level ones are the schema's).
    name: 'IsValidLabelValue: a pod template label value',
    good: ['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), ''],
    bad: [
      'nospecialchars%^=@',
      'Tama-nui-te-rā.is.Māori.sun',
      '\\backslashes\\are\\bad',
      '-starts-with-dash',
      'ends-with-dash-',
      '.starts.with.dot',
      'ends.with.dot.',
      'a'.repeat(64),
    ],
    manifest: (v) => `apiVersion: batch/v1
kind: Job
metadata:
  name: j
spec:
  template:
    metadata:
      labels: {tier: ${q(v)}}
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox}]
`,
  },
  {
    // ValidateConfigMap: IsConfigMapKey on each key of data.
    name: 'IsConfigMapKey: a ConfigMap key',
    good: ['a', 'good', 'good-good', 'still.good', 'this.is.also.good', '.so.is.this', 'THIS_IS_GOOD', 'so_is_this_17'],
    bad: ['.', '..', '..bad', 'b*d', 'bad!&bad'],
    manifest: (v) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  ${q(v)}: x\n`,
  },
  {
    // ValidateEnv: IsRelaxedEnvVarName where the release may relax it (1.30 on).
    name: 'IsRelaxedEnvVarName: an environment variable name (Kubernetes 1.34)',
    good: [
      '-',
      ':',
      '_',
      '+a',
      '>a',
      '<a',
      'a.',
      'a..',
      '*a',
      '%a',
      '?a',
      'a:a',
      'a_a',
      'aAz',
      '~a',
      '|a',
      'a0a',
      'a9',
      '/a',
      'a ',
      '#a',
      '0a',
      '0 a',
      "'a",
      '(a',
      '@a',
    ],
    bad: ['=', 'a=', '1=a', 'a=b', '#%=&&', '\u0001abc', '\u0082abc', 'Ç ç', 'Ä ä', 'Ñ ñ', 'Ø ø'],
    manifest: (v) => pod(`    - name: c\n      image: nginx\n      env: [{name: ${q(v)}, value: x}]\n`),
    version: '1.34',
  },
  {
    // ValidateEnv: IsEnvVarName before the relaxed rule (`[-._a-zA-Z][-._a-zA-Z0-9]*`, no leading `..`).
    name: 'IsEnvVarName: an environment variable name (Kubernetes 1.28)',
    good: ['A', 'ABC', 'AbC123', '_123', 'a_b', 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1', '.a', '-'],
    bad: ['1a', '0 a', 'a b', 'a=b', ':', '.', '..', '..a', '#a'],
    manifest: (v) => pod(`    - name: c\n      image: nginx\n      env: [{name: ${q(v)}, value: x}]\n`),
    version: '1.28',
  },
];

describe('kube validation: names as apimachinery tests them', () => {
  for (const c of CASES)
    test(c.name, () => {
      const wrong: string[] = [];
      for (const v of c.good) if (kubeNames(c.manifest(v), c.version).length !== 0) wrong.push(`good ${q(v)} refused`);
      for (const v of c.bad) {
        const found = kubeNames(c.manifest(v), c.version);
        if (found.length !== 1 || found[0] !== q(v)) wrong.push(`bad ${q(v)}: ${JSON.stringify(found)}`);
      }
      assert.deepEqual(wrong, []);
    });
});
