// Kubernetes' own kinds (model/kube/) in the service: an apiVersion the targeted release no longer serves
// (the release that removed it, the apiVersion to write, a quick fix where the move is mechanical), and
// completion and hover from the same schemas as the checks (keys, required first, enum values).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { complete } from '../../server/src/service/features/complete';
import { hover } from '../../server/src/service/features/hover';

const at = (version?: string) =>
  new Analysis(version ? { settings: { ...DEFAULT_SETTINGS, kubernetesVersion: version } } : {});

const PDB = `apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: zookeeper
`;

const INGRESS = `apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: old
spec:
  backend:
    serviceName: web
    servicePort: 80
`;

const diagnose = (a: Analysis, text: string) =>
  a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

test('kube kinds: an apiVersion the release no longer serves is an error naming the release and the replacement', () => {
  const a = at();
  const file = a.parse(PDB);
  const diags = a.fileDiagnostics('file:///w/m.yaml', file);
  assert.deepEqual(
    diags.map((d) => `${d.code} ${PDB.slice(d.start, d.end)}`),
    ['api-version-removed policy/v1beta1'],
  );
  assert.match(diags[0].message, /Kubernetes 1\.25 removed it \(the targeted release is 1\.36\)\. Write `policy\/v1`/);
  // The move is mechanical: the quick fix writes the replacement, and the manifest is then clean.
  const actions = codeActions(file, diags).filter((x) => !x.title.startsWith('Disable'));
  assert.deepEqual(
    actions.map((x) => x.title),
    ['Change to `policy/v1`'],
  );
  assert.deepEqual(diagnose(a, applyEdits(PDB, actions[0].edits)), []);
  // Served by 1.24: no error there, a deprecation warning (test/service/kubeDeprecated.test.ts).
  assert.deepEqual(diagnose(at('1.24'), PDB), ['api-version-deprecated policy/v1beta1']);
});

test('kube kinds: a removal before the oldest documents (extensions/v1beta1 Ingress), its fields differing: no fix', () => {
  const a = at('1.30');
  const file = a.parse(INGRESS);
  const diags = a.fileDiagnostics('file:///w/m.yaml', file);
  assert.deepEqual(
    diags.map((d) => d.code),
    ['api-version-removed'],
  );
  assert.match(
    diags[0].message,
    /Kubernetes 1\.22 removed it .* `networking\.k8s\.io\/v1`, whose fields differ at `spec\.backend`/,
  );
  assert.deepEqual(
    codeActions(file, diags).filter((x) => !x.title.startsWith('Disable')),
    [],
  );
});

test('kube kinds: completion in a Deployment offers its keys, required first, and enum values; hover says the type', () => {
  const a = at();
  const spec = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  \n';
  const keys = complete(a.parse(spec), spec.lastIndexOf('  \n') + 2);
  const labels = keys.map((i) => i.label);
  for (const k of ['replicas', 'selector', 'template', 'strategy']) assert.ok(labels.includes(k), labels.join(', '));
  // The required fields come first.
  const order = [...keys]
    .sort((x, y) => (x.sortText ?? x.label).localeCompare(y.sortText ?? y.label))
    .map((i) => i.label);
  assert.deepEqual(order.slice(0, 2).sort(), ['selector', 'template']);
  const policy =
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      image: nginx\n      imagePullPolicy: \n';
  const values = complete(a.parse(policy), policy.indexOf('imagePullPolicy: ') + 17).map((i) => i.label);
  assert.deepEqual([...values].sort(), ['Always', 'IfNotPresent', 'Never']);
  const h = hover(a.parse(policy), policy.indexOf('imagePullPolicy'))!.markdown;
  assert.match(h, /imagePullPolicy/);
  assert.match(h, /`Always`/);
});

test('kube kinds: a Kustomize patch of a container (by its name, without its image) is partial, merged item by item', () => {
  const a = at();
  const files: Record<string, string> = {
    'base/deploy.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n        - name: web\n          image: nginx\n',
    'base/kustomization.yaml': 'resources: [deploy.yaml]\n',
    'prod/patch.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n        - name: web\n          env:\n            - name: MODE\n              value: prod\n        - name: sidecar\n          $patch: delete\n',
    'prod/kustomization.yaml': 'resources: [../base]\npatches:\n  - path: patch.yaml\n',
  };
  for (const [f, text] of Object.entries(files)) a.indexFile(`file:///k/${f}`, text);
  assert.deepEqual(
    a.fileDiagnostics('file:///k/prod/patch.yaml').map((d) => `${d.code} ${d.message}`),
    [],
  );
  // What the patch writes is checked still.
  a.indexFile('file:///k/prod/patch.yaml', files['prod/patch.yaml'].replace('replicas: 3', 'replicas: three'));
  assert.deepEqual(
    a.fileDiagnostics('file:///k/prod/patch.yaml').map((d) => d.code),
    ['wrong-type'],
  );
});
