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
  /^'policy\/v1beta1' PodDisruptionBudget is deprecated since Kubernetes 1\.22 \(the targeted release is 1\.24\) and removed in 1\.25\. Write 'policy\/v1'/;

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
