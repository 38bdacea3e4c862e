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
  // A release older than the oldest documents (1.23): PodDisruptionBudget's 1.22 deprecation is not reached at 1.21.
  const pdb = 'apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: p}\nspec:\n  minAvailable: 1\n';
  assert.deepEqual(codes(at('1.21'), pdb), []);
  assert.deepEqual(codes(at('1.22'), pdb), ['api-version-deprecated policy/v1beta1']);
});
