// A built-in kind's apiVersion the targeted release serves deprecated (issue 44, point 3): a warning naming
// the release that deprecated it, the one that removes it and the apiVersion to write, with a quick fix where
// the move is mechanical; not before the deprecation, and an error (api-version-removed) from the removal on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { severityOf } from '../../server/src/service/checks/validate';

const at = (version: string) => new Analysis({ settings: { ...DEFAULT_SETTINGS, kubernetesVersion: version } });

const CRONJOB = `apiVersion: batch/v1beta1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: job
              image: busybox
`;

const FLOW = `apiVersion: flowcontrol.apiserver.k8s.io/v1beta3
kind: PriorityLevelConfiguration
metadata:
  name: batch
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 10
    limitResponse:
      type: Reject
`;

const codes = (a: Analysis, text: string) =>
  a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

test('kube deprecation: batch/v1beta1 CronJob at 1.24 is a warning naming 1.21, 1.25 and batch/v1, with its fix', () => {
  const a = at('1.24');
  const file = a.parse(CRONJOB);
  const diags = a.fileDiagnostics('file:///w/m.yaml', file);
  assert.deepEqual(
    diags.map((d) => `${d.code} ${severityOf(d)} ${CRONJOB.slice(d.start, d.end)}`),
    ['api-version-deprecated warning batch/v1beta1'],
  );
  assert.equal(
    diags[0].message,
    '`batch/v1beta1` CronJob is deprecated since Kubernetes 1.21 (the targeted release is 1.24) and removed in 1.25. Write `batch/v1`: every field the manifest sets is the same there.',
  );
  const actions = codeActions(file, diags).filter((x) => !x.title.startsWith('Disable'));
  assert.deepEqual(
    actions.map((x) => x.title),
    ['Change to `batch/v1`'],
  );
  assert.deepEqual(codes(a, applyEdits(CRONJOB, actions[0].edits)), []);
  // From the removal on, the error; at the default release too.
  assert.deepEqual(codes(at('1.25'), CRONJOB), ['api-version-removed batch/v1beta1']);
});

test('kube deprecation: only from the release that deprecates it (flowcontrol v1beta3: 1.29)', () => {
  assert.deepEqual(codes(at('1.28'), FLOW), []);
  const diags = at('1.29').fileDiagnostics('file:///w/m.yaml', at('1.29').parse(FLOW));
  assert.deepEqual(
    diags.map((d) => d.code),
    ['api-version-deprecated'],
  );
  assert.match(
    diags[0].message,
    /since Kubernetes 1\.29 .* removed in 1\.32\. .*`flowcontrol\.apiserver\.k8s\.io\/v1`/,
  );
  // A release older than the oldest documents (1.23): autoscaling/v2beta1's 1.22 deprecation is not reached
  // at 1.21; PodDisruptionBudget's (1.21) is.
  const hpa =
    'apiVersion: autoscaling/v2beta1\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  maxReplicas: 2\n  scaleTargetRef: {kind: Deployment, name: web}\n';
  assert.deepEqual(codes(at('1.21'), hpa), []);
  assert.deepEqual(codes(at('1.22'), hpa), ['api-version-deprecated autoscaling/v2beta1']);
  const pdb = 'apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: p}\nspec:\n  minAvailable: 1\n';
  assert.deepEqual(codes(at('1.20'), pdb), []);
  assert.deepEqual(codes(at('1.21'), pdb), ['api-version-deprecated policy/v1beta1']);
});

const messages = (version: string, text: string) => {
  const a = at(version);
  return a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).map((d) => `${d.code}: ${d.message}`);
};

const HPA2 = `apiVersion: autoscaling/v2beta2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
`;

test('kube deprecation: autoscaling/v2beta2 is deprecated from 1.23 (its lifecycle), removed in 1.26', () => {
  assert.deepEqual(messages('1.25', HPA2), [
    'api-version-deprecated: `autoscaling/v2beta2` HorizontalPodAutoscaler is deprecated since Kubernetes 1.23 (the targeted release is 1.25) and removed in 1.26. Write `autoscaling/v2`: every field the manifest sets is the same there.',
  ]);
  assert.deepEqual(codes(at('1.26'), HPA2), ['api-version-removed autoscaling/v2beta2']);
});

test('kube deprecation: flowcontrol v1beta2 from 1.26 (to v1beta3, v1 not served yet), not at 1.25', () => {
  const flow = FLOW.replace('v1beta3', 'v1beta2').replace('nominalConcurrencyShares', 'assuredConcurrencyShares');
  assert.deepEqual(codes(at('1.25'), flow), []);
  assert.deepEqual(messages('1.26', flow), [
    'api-version-deprecated: `flowcontrol.apiserver.k8s.io/v1beta2` PriorityLevelConfiguration is deprecated since Kubernetes 1.26 (the targeted release is 1.26) and removed in 1.29. Move it to `flowcontrol.apiserver.k8s.io/v1beta3`, whose fields differ at `spec.limited.assuredConcurrencyShares`: rewrite those by hand.',
  ]);
});

const CLAIM = `apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaim
metadata:
  name: gpu
spec:
  devices:
    requests:
      - name: gpu
        deviceClassName: gpu.example.com
`;

test('kube deprecation: a beta the newest release serves names the removal its lifecycle plans', () => {
  assert.deepEqual(codes(at('1.34'), CLAIM), []);
  assert.deepEqual(messages('1.35', CLAIM), [
    'api-version-deprecated: `resource.k8s.io/v1beta1` ResourceClaim is deprecated since Kubernetes 1.35 (the targeted release is 1.35) and to be removed in 1.38. Move it to `resource.k8s.io/v1`, whose fields differ at `spec.devices.requests[0].deviceClassName`: rewrite those by hand.',
  ]);
  // A release newer than the documents is checked with the newest: the same warning.
  assert.deepEqual(codes(at('1.36'), CLAIM), ['api-version-deprecated resource.k8s.io/v1beta1']);
});

test('kube deprecation: a deprecation its lifecycle withdrew (ClusterTrustBundle v1alpha1) only where it held', () => {
  const ctb =
    'apiVersion: certificates.k8s.io/v1alpha1\nkind: ClusterTrustBundle\nmetadata: {name: b}\nspec:\n  trustBundle: x\n';
  const by = ['1.28', '1.29', '1.31', '1.32', '1.33', '1.34'].map((v) => `${v}: ${messages(v, ctb).join('')}`);
  assert.deepEqual(
    by.map((m) => m.replace(/ \(the targeted release is 1\.\d+\)|\. (Write|Move) .*$/g, '')),
    [
      '1.28: ',
      '1.29: api-version-deprecated: `certificates.k8s.io/v1alpha1` ClusterTrustBundle is deprecated since Kubernetes 1.29 and to be removed in 1.32. No other apiVersion of this release serves ClusterTrustBundle: keep it until one does.',
      '1.31: api-version-deprecated: `certificates.k8s.io/v1alpha1` ClusterTrustBundle is deprecated since Kubernetes 1.29 and to be removed in 1.32. No other apiVersion of this release serves ClusterTrustBundle: keep it until one does.',
      '1.32: ',
      '1.33: ',
      '1.34: api-version-deprecated: `certificates.k8s.io/v1alpha1` ClusterTrustBundle is deprecated since Kubernetes 1.34 and to be removed in 1.37',
    ],
  );
});

test('kube deprecation: an alpha removed before its lifecycle planned names the release the documents show', () => {
  const svm =
    'apiVersion: storagemigration.k8s.io/v1alpha1\nkind: StorageVersionMigration\nmetadata: {name: m}\nspec:\n  resource: {group: apps, version: v1, resource: deployments}\n';
  assert.deepEqual(codes(at('1.32'), svm), []);
  assert.match(
    messages('1.33', svm)[0],
    /deprecated since Kubernetes 1\.33 \(the targeted release is 1\.33\) and removed in 1\.35\./,
  );
  assert.deepEqual(codes(at('1.35'), svm), ['api-version-removed storagemigration.k8s.io/v1alpha1']);
});
