// Real manifests of Kubernetes' own kinds (test/fixtures/kubernetes-examples, 224 files of kubernetes/examples:
// see its README) checked by the CLI as a user would in CI: no error at all, except the genuine mistakes those
// files carry, each listed with what is wrong (the API server refuses each of them).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const DIR = join(__dirname, '..', 'fixtures', 'kubernetes-examples');

/** `file:line code` of each genuine mistake, and why the API server refuses it. */
const MISTAKES: [string, string][] = [
  ['_archived/openshift-origin/etcd-controller.yaml:12 yaml-syntax', '`selector` written twice in one mapping'],
  ['_archived/openshift-origin/etcd-discovery-controller.yaml:12 yaml-syntax', '`selector` written twice'],
  ['_archived/openshift-origin/openshift-controller.yaml:12 yaml-syntax', '`selector` written twice'],
  ['_archived/persistent-volume-provisioning/quobyte/quobyte-admin-secret.yaml:9 yaml-syntax', '`type` written twice'],
  ['_archived/storage/vitess/vttablet-pod-template.yaml:4 pattern', 'a `{{uid}}` placeholder in the name'],
  ['_archived/storage/vitess/vttablet-pod-template.yaml:7 pattern', 'a placeholder as a label value'],
  ['_archived/storage/vitess/vttablet-pod-template.yaml:8 pattern', 'a placeholder as a label value'],
  ['_archived/storage/vitess/vttablet-pod-template.yaml:9 pattern', 'a placeholder as a label value'],
  ['_archived/volumes/aws_ebs/aws-ebs-web.yaml:12 enum-case', 'protocol `tcp`: the API server takes `TCP`'],
  ['_archived/volumes/cinder/cinder-web.yaml:12 enum-case', 'protocol `tcp`: the API server takes `TCP`'],
  ['_archived/volumes/fibre_channel/fc.yaml:17 wrong-type', '`lun: "<ADD LUN ID Here>"`, a placeholder for an integer'],
  [
    '_archived/volumes/rbd/rbd.yaml:25 unknown-field',
    '`imageformat` is a StorageClass parameter, not an rbd volume field',
  ],
  ['_archived/volumes/rbd/rbd.yaml:26 unknown-field', '`imagefeatures`, likewise'],
  ['_archived/volumes/scaleio/pod.yaml:17 unknown-field', '`protectionDoamin`, misspelt'],
  ['_archived/volumes/scaleio/sc-pvc.yaml:12 yaml-syntax', '`storageClassName` written twice'],
  ['_archived/volumes/storageos/storageos-pod.yaml:35 unknown-field', '`pool` is not a field of a storageos volume'],
  ['_archived/volumes/storageos/storageos-pv.yaml:22 unknown-field', '`secretName` is not a field (`secretRef` is)'],
];

test('kubernetes examples: 224 real manifests, no error but their genuine mistakes', () => {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: DIR, encoding: 'utf8' });
  const out = JSON.parse(r.stdout) as {
    summary: { filesChecked: number };
    problems: { file: string; line: number; severity: string; code: string; message: string }[];
  };
  assert.equal(out.summary.filesChecked, 224);
  const errors = out.problems.filter((p) => p.severity === 'error');
  assert.deepEqual(
    errors.map((p) => `${p.file}:${p.line} ${p.code}`),
    MISTAKES.map(([at]) => at),
    errors.map((p) => `${p.file}:${p.line} ${p.message}`).join('\n'),
  );
});
