// The Kubernetes documentation's examples (test/fixtures/kubernetes-website-examples, 370 files of
// kubernetes/website's content/en/examples: see its README) checked by the CLI as a user would in CI: no error
// at all, except the genuine mistakes those files carry, each listed with why the API server (or kubectl, which
// reads the YAML first) refuses it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const DIR = join(__dirname, '..', 'fixtures', 'kubernetes-website-examples');
const AT = 'content/en/examples/';

/** `file:line code` of each genuine mistake (under content/en/examples), and why it is refused. */
const MISTAKES: [string, string][] = [
  ['access/admission-webhook-match-conditions.yaml:2 missing-required', 'no `metadata`: the object has no name'],
  [
    'access/admission-webhook-match-conditions.yaml:4 missing-required',
    '`admissionReviewVersions` is required of a v1 webhook',
  ],
  ['access/admission-webhook-match-conditions.yaml:17 format', "caBundle `'<omitted>'` is not base64"],
  ['access/admission-webhook-match-conditions.yaml:29 missing-required', '`admissionReviewVersions`, likewise'],
  ['access/admission-webhook-match-conditions.yaml:42 format', "caBundle `'<omitted>'`, likewise"],
  ['access/certificate-signing-request/clusterrole-sign.yaml:24 unknown-field', '`resourceName` for `resourceNames`'],
  ['access/manifest-admission-control/validating-webhook.yaml:13 format', 'caBundle `<base64-encoded-CA-bundle>`'],
  ['access/validating-webhook-configuration-match-conditions.yaml:2 missing-required', 'no `metadata`: no name'],
  [
    'access/validating-webhook-configuration-match-conditions.yaml:4 missing-required',
    '`admissionReviewVersions` is required of a v1 webhook',
  ],
  ['access/validating-webhook-configuration-match-conditions.yaml:17 format', "caBundle `'<omitted>'`"],
  [
    'access/validating-webhook-configuration-match-conditions.yaml:30 missing-required',
    '`admissionReviewVersions`, likewise',
  ],
  ['access/validating-webhook-configuration-match-conditions.yaml:43 format', "caBundle `'<omitted>'`"],
  ['application/job/job-tmpl.yaml:6 pattern', 'a `$ITEM` placeholder in the name (the page expands it with sed)'],
  [
    'concepts/policy/limit-range/problematic-limit-range.yaml:7 missing-required',
    'no `type`: ValidateLimitRange refuses an empty type (IsQualifiedName)',
  ],
  ['controllers/job-success-policy-example.yaml:2 missing-required', 'no `metadata`: the Job has no name'],
  [
    'controllers/job-success-policy-example.yaml:12 kube-required',
    'no restartPolicy: it defaults to Always, which a Job refuses',
  ],
  ['pods/emptydir-volume-mode.yaml:16 unknown-field', "`emptyDir.mode` is not a field of 1.35's API"],
  ['pods/inject/pod-multiple-secret-env-variable.yaml:15 yaml-syntax', 'a tab as indentation: kubectl cannot read it'],
  ['pods/pod-with-node-affinity.yaml:9 wrong-type', 'required node affinity written as a list of preferred terms'],
  ['pods/probe/grpc-liveness.yaml:13 unknown-field', '`gRPC` for `grpc` (field names are case-sensitive)'],
  [
    'pods/restart-policy/restart-all-containers.yaml:21 unknown-field',
    "`onExit` is not a field of 1.35's ContainerRestartRule (`exitCodes` is)",
  ],
  ['pods/security/security-context-7.yaml:12 unknown-field', "`cgroupOptions` is not a field of 1.35's API"],
  [
    'pods/storage/projected-clustertrustbundle.yaml:11 kube-volume-mount',
    'the mount names `token-vol`; the volume is `root-certificates-vol`',
  ],
  ['secret/serviceaccount/mysecretname.yaml:7 wrong-type', 'annotations written as a list'],
  ['secret/tls-auth-secret.yaml:10 format', '`REPLACE_WITH_BASE64_CERT` in `data` is not base64'],
  ['secret/tls-auth-secret.yaml:11 format', '`REPLACE_WITH_BASE64_KEY`, likewise'],
  ['service/networking/dual-stack-ipv6-lb-svc.yaml:8 unknown-field', '`ipFamily`, removed in 1.20 for `ipFamilies`'],
  ['service/networking/dual-stack-ipv6-svc.yaml:6 unknown-field', '`ipFamily`, likewise'],
];

test('kubernetes documentation examples: 370 files, no error but their genuine mistakes', () => {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: DIR, encoding: 'utf8' });
  const out = JSON.parse(r.stdout) as {
    summary: { filesChecked: number };
    problems: { file: string; line: number; severity: string; code: string; message: string }[];
  };
  assert.equal(out.summary.filesChecked, 370);
  const errors = out.problems.filter((p) => p.severity === 'error');
  assert.deepEqual(
    errors.map((p) => `${p.file.replace(AT, '')}:${p.line} ${p.code}`),
    MISTAKES.map(([at]) => at),
    errors.map((p) => `${p.file}:${p.line} ${p.message}`).join('\n'),
  );
  // The only warnings: one object defined by several files (alternative versions of one example, each meant to
  // be applied alone), as applying the folder would overwrite them.
  assert.deepEqual(
    [...new Set(out.problems.filter((p) => p.severity === 'warning').map((p) => p.code))],
    ['duplicate-resource'],
  );
});
