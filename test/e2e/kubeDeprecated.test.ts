// A deprecated apiVersion of a built-in kind (issue 44, point 3) through the CLI (`--kubernetes-version`) and
// the language server (the `kubernetesVersion` setting): the same warning, on the same value, from both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliSays, editorSays, oneFileWorkspace } from './bothSurfaces';

const PDB = `apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels: {app: zookeeper}
`;

const EXPECTED = ['1:13 warning api-version-deprecated'];
// Plain text, as the CLI and the editor show a message (backquotes as quotes).
const MESSAGE =
  /^'policy\/v1beta1' PodDisruptionBudget is deprecated since Kubernetes 1\.21 \(the targeted release is 1\.24\) and removed in 1\.25\. Write 'policy\/v1'/;

test('kube deprecation, the CLI: --kubernetes-version 1.24 warns; the default release refuses it', () => {
  const at24 = cliSays(oneFileWorkspace('pdb.yaml', PDB), ['--kubernetes-version', '1.24']).said;
  assert.deepEqual(
    at24.map((p) => p.at),
    EXPECTED,
  );
  assert.match(at24[0].message, MESSAGE);
  assert.deepEqual(
    cliSays(oneFileWorkspace('pdb.yaml', PDB)).said.map((p) => p.at.replace(/^\S+ /, '')),
    ['error api-version-removed'],
  );
});

test('kube deprecation, the editor: the same warning with kubernetesVersion 1.24', async () => {
  const said = await editorSays(oneFileWorkspace('pdb.yaml', PDB), 'pdb.yaml', PDB, { kubernetesVersion: '1.24' });
  assert.deepEqual(
    said.map((p) => p.at),
    EXPECTED,
  );
  assert.match(said[0].message, MESSAGE);
});

// A beta the newest releases serve, deprecated by Kubernetes' lifecycle (storage.k8s.io/v1beta1
// VolumeAttributesClass: deprecated in 1.34, to be removed in 1.37): a warning at the default release and at
// 1.34, none at 1.33, which serves it undeprecated.
const VAC = `apiVersion: storage.k8s.io/v1beta1
kind: VolumeAttributesClass
metadata:
  name: gold
driverName: pd.csi.storage.gke.io
parameters:
  iops: "3000"
`;
const VAC_MESSAGE =
  /^'storage\.k8s\.io\/v1beta1' VolumeAttributesClass is deprecated since Kubernetes 1\.34 \(the targeted release is 1\.(34|36)\) and to be removed in 1\.37\. Write 'storage\.k8s\.io\/v1': every field the manifest sets is the same there\.$/;

test('kube deprecation, the CLI: a beta served now warns from its lifecycle release on, not before', () => {
  const root = oneFileWorkspace('vac.yaml', VAC);
  for (const args of [[], ['--kubernetes-version', '1.34']]) {
    const said = cliSays(root, args).said;
    assert.deepEqual(
      said.map((p) => p.at),
      ['1:13 warning api-version-deprecated'],
    );
    assert.match(said[0].message, VAC_MESSAGE);
  }
  assert.deepEqual(cliSays(root, ['--kubernetes-version', '1.33']).said, []);
});

test('kube deprecation, the editor: the same warning for the beta at the default release, none at 1.33', async () => {
  const root = oneFileWorkspace('vac.yaml', VAC);
  const said = await editorSays(root, 'vac.yaml', VAC);
  assert.deepEqual(
    said.map((p) => p.at),
    ['1:13 warning api-version-deprecated'],
  );
  assert.match(said[0].message, VAC_MESSAGE);
  assert.deepEqual(await editorSays(root, 'vac.yaml', VAC, { kubernetesVersion: '1.33' }), []);
});
