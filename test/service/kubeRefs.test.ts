// References between Kubernetes objects (workspace/kubeRefs.ts, rules/kubeReferences.ts): what the user sees
// through the analysis — the cross-document diagnostics of a file, go to definition, find references,
// rename and completion — for a pod template's ConfigMaps, Secrets and service account, an Ingress
// backend, a binding's role, an autoscaler's target, and the ConfigMaps and Secrets the operator writes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { definition, references, rename } from '../../server/src/service/host/navigation';

const U = (name: string) => `file:///repo/${name}`;

/** A Deployment whose container reads what `container` says (YAML lines at the container's indentation). */
const deployment = (name: string, podSpec: string, meta = '') =>
  `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
${meta}spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
${podSpec
  .split('\n')
  .map((l) => (l ? `      ${l}` : l))
  .join('\n')}
`;

const configMap = (name: string, data: Record<string, string>, meta = '') =>
  `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
${meta}data:
${Object.entries(data)
  .map(([k, v]) => `  ${k}: "${v}"`)
  .join('\n')}
`;

const keyRef = (kind: 'configMapKeyRef' | 'secretKeyRef', name: string, key: string, extra = '') =>
  `containers:
  - name: app
    image: nginx
    env:
      - name: VALUE
        valueFrom:
          ${kind}:
            name: ${name}
            key: ${key}
${extra}`;

function workspace(files: Record<string, string>): Analysis {
  const a = new Analysis();
  for (const [name, text] of Object.entries(files)) a.indexFile(U(name), text);
  return a;
}

/** The cross-document diagnostics of a file, as `code «text» message`. */
function shown(a: Analysis, name: string, codes = /^object-/): string[] {
  const text = a.index.get(U(name))!.text;
  return a
    .fileDiagnostics(U(name), undefined, { complete: true })
    .filter((d) => codes.test(d.code))
    .map((d) => `${d.code} «${text.slice(d.start, d.end)}» ${d.message}`);
}

/** The offset just inside the n-th occurrence of `needle` in a file. */
function at(a: Analysis, name: string, needle: string, nth = 0): number {
  const text = a.index.get(U(name))!.text;
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} in ${name}`);
  return i + 1;
}

/** Locations as `file:line «text»`. */
const where = (a: Analysis, locs: { uri: string; span: [number, number] }[]) =>
  locs.map((l) => {
    const f = a.index.get(l.uri)!;
    return `${l.uri.replace('file:///repo/', '')}:${f.lines().positionAt(l.span[0]).line + 1} «${f.text.slice(l.span[0], l.span[1])}»`;
  });

describe('an object the workspace does not define', () => {
  test('is information naming the kind and the namespace, on the name', () => {
    const a = workspace({
      'app.yaml': deployment('web', 'serviceAccountName: web-sa\ncontainers:\n  - name: app\n    image: nginx\n'),
    });
    assert.deepEqual(shown(a, 'app.yaml'), [
      'object-not-found «web-sa» No ServiceAccount named `web-sa` in the workspace (for the namespace this Deployment is applied to); it may exist in the cluster.',
    ]);
    const d = a.fileDiagnostics(U('app.yaml'), undefined, { complete: true });
    assert.equal(d[0].severity ?? 'info', 'info');
  });

  test('not said of an optional reference, of the ServiceAccount `default`, nor while the index is incomplete', () => {
    const a = workspace({
      'app.yaml': deployment(
        'web',
        `serviceAccountName: default\n${keyRef('secretKeyRef', 'maybe', 'x', '            optional: true\n')}`,
      ),
    });
    assert.deepEqual(shown(a, 'app.yaml'), []);
    const b = workspace({ 'app.yaml': deployment('web', keyRef('secretKeyRef', 'db', 'password')) });
    assert.equal(b.fileDiagnostics(U('app.yaml'), undefined, { complete: false }).length, 0);
    assert.equal(shown(b, 'app.yaml').length, 1, 'said once the index is complete');
  });

  test('namespaces: both absent or both equal match; written apart is not found; one written and not the other is unsure', () => {
    const cm = (meta: string) => configMap('cfg', { a: '1' }, meta);
    const ref = keyRef('configMapKeyRef', 'cfg', 'a');
    const cases: [string, string, number][] = [
      ['', '', 0],
      ['  namespace: prod\n', '  namespace: prod\n', 0],
      ['  namespace: prod\n', '  namespace: dev\n', 1],
      ['', '  namespace: prod\n', 0],
      ['  namespace: prod\n', '', 0],
    ];
    for (const [depMeta, cmMeta, infos] of cases) {
      const a = workspace({ 'app.yaml': deployment('web', ref, depMeta), 'cm.yaml': cm(cmMeta) });
      assert.equal(
        shown(a, 'app.yaml').length,
        infos,
        `deployment ${depMeta || '(none)'} / configmap ${cmMeta || '(none)'}`,
      );
    }
  });

  test('a name a kustomization generates (configMapGenerator) is defined; a Helm chart plugin makes any name', () => {
    const a = workspace({
      'app/kustomization.yaml':
        'resources:\n  - app.yaml\nconfigMapGenerator:\n  - name: settings\n    literals: [a=1]\n',
      'app/app.yaml': deployment(
        'web',
        'containers:\n  - name: app\n    image: nginx\n    envFrom:\n      - configMapRef:\n          name: settings\n      - secretRef:\n          name: creds\n',
      ),
    });
    assert.deepEqual(
      shown(a, 'app/app.yaml').map((s) => s.split(' ')[1]),
      ['«creds»'],
      'the generated ConfigMap is found, the Secret is not',
    );
    a.updateFile(U('app/kustomization.yaml'), 'resources:\n  - app.yaml\nhelmCharts:\n  - name: x\n');
    assert.deepEqual(shown(a, 'app/app.yaml'), [], 'a chart may make any of them');
  });

  test('a ClusterRole is found from a RoleBinding in any namespace; a Role only in the binding’s', () => {
    const binding = (kind: string) =>
      `apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: b\n  namespace: apps\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ${kind}\n  name: reader\nsubjects:\n  - kind: ServiceAccount\n    name: robot\n    namespace: tools\n`;
    const role = (kind: string) =>
      `apiVersion: rbac.authorization.k8s.io/v1\nkind: ${kind}\nmetadata:\n  name: reader\n  namespace: other\nrules: []\n`;
    const sa = 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: robot\n  namespace: tools\n';
    const a = workspace({ 'b.yaml': binding('ClusterRole'), 'r.yaml': role('ClusterRole'), 'sa.yaml': sa });
    assert.deepEqual(shown(a, 'b.yaml'), []);
    const b = workspace({ 'b.yaml': binding('Role'), 'r.yaml': role('Role'), 'sa.yaml': sa });
    assert.deepEqual(shown(b, 'b.yaml'), [
      'object-not-found «reader» No Role named `reader` in the workspace (namespace `apps`); it may exist in the cluster.',
    ]);
  });

  test('adding the object clears the information; removing it brings it back', () => {
    const a = workspace({ 'app.yaml': deployment('web', keyRef('configMapKeyRef', 'cfg', 'a')) });
    assert.equal(shown(a, 'app.yaml').length, 1);
    assert.ok(
      a.updateFile(U('cm.yaml'), configMap('cfg', { a: '1' })).has(U('app.yaml')),
      'the referrer is a dependent',
    );
    assert.deepEqual(shown(a, 'app.yaml'), []);
    a.unindexFile(U('cm.yaml'));
    assert.equal(shown(a, 'app.yaml').length, 1);
  });
});

describe('a key the ConfigMap or Secret does not define', () => {
  test('a warning on the key, with the nearest key and the keys it has', () => {
    const a = workspace({
      'app.yaml': deployment('web', keyRef('configMapKeyRef', 'cfg', 'timout')),
      'cm.yaml': configMap('cfg', { timeout: '45', retries: '3' }),
    });
    assert.deepEqual(shown(a, 'app.yaml'), [
      'object-key-not-found «timout» ConfigMap `cfg` (cm.yaml:4) defines no key `timout`: did you mean `timeout`? Its keys: `timeout` and `retries`.',
    ]);
    assert.equal(a.fileDiagnostics(U('app.yaml'), undefined, { complete: true })[0].severity ?? 'warning', 'warning');
  });

  test("a Secret's `stringData` keys count; a volume's `items[].key` is checked", () => {
    const secret =
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: x\ndata:\n  user: eA==\n';
    const a = workspace({
      'app.yaml': deployment(
        'web',
        `${keyRef('secretKeyRef', 'db', 'password')}volumes:\n  - name: v\n    secret:\n      secretName: db\n      items:\n        - key: user\n          path: u\n        - key: host\n          path: h\n`,
      ),
      's.yaml': secret,
    });
    assert.deepEqual(
      shown(a, 'app.yaml').map((s) => s.split(' ').slice(0, 2).join(' ')),
      ['object-key-not-found «host»'],
    );
  });

  test('nothing where the object is not certain', () => {
    const ref = deployment('web', keyRef('configMapKeyRef', 'cfg', 'missing'));
    const unsure: Record<string, Record<string, string>> = {
      'optional reference': {
        'app.yaml': deployment('web', keyRef('configMapKeyRef', 'cfg', 'missing', '            optional: true\n')),
        'cm.yaml': configMap('cfg', { a: '1' }),
      },
      'two copies (another namespace)': {
        'app.yaml': ref,
        'cm.yaml': configMap('cfg', { a: '1' }),
        'prod/cm.yaml': configMap('cfg', { missing: '1' }, '  namespace: prod\n'),
      },
      'a kustomization patches it': {
        'base/kustomization.yaml': 'resources:\n  - app.yaml\n  - cm.yaml\n',
        'base/app.yaml': ref,
        'base/cm.yaml': configMap('cfg', { a: '1' }),
        'prod/kustomization.yaml': 'resources:\n  - ../base\npatches:\n  - path: cm-patch.yaml\n',
        'prod/cm-patch.yaml': configMap('cfg', { missing: '1' }),
      },
      'a kustomization patches every ConfigMap it builds': {
        'base/kustomization.yaml': 'resources:\n  - app.yaml\n  - cm.yaml\n',
        'base/app.yaml': ref,
        'base/cm.yaml': configMap('cfg', { a: '1' }),
        'prod/kustomization.yaml':
          'resources:\n  - ../base\npatches:\n  - target:\n      kind: ConfigMap\n    patch: |\n      - op: add\n        path: /data/missing\n        value: "1"\n',
      },
      'a generator merges into it': {
        'kustomization.yaml':
          'resources:\n  - app.yaml\n  - cm.yaml\nconfigMapGenerator:\n  - name: cfg\n    behavior: merge\n    literals: [missing=1]\n',
        'app.yaml': ref,
        'cm.yaml': configMap('cfg', { a: '1' }),
      },
      'a Helm template writes it': {
        'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n',
        'app.yaml': ref,
        'chart/templates/cm.yaml': configMap('cfg', { a: '1' }),
      },
      'a controller fills it': {
        'app.yaml': deployment('web', keyRef('secretKeyRef', 'cfg', 'missing')),
        's.yaml':
          'apiVersion: v1\nkind: Secret\nmetadata:\n  name: cfg\n  annotations:\n    kubernetes.io/service-account.name: robot\ntype: kubernetes.io/service-account-token\ndata:\n  extra: eA==\n',
      },
      'no data written': { 'app.yaml': ref, 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n' },
    };
    for (const [why, files] of Object.entries(unsure)) {
      const a = workspace(files);
      const app = Object.keys(files).find((f) => f.endsWith('app.yaml'))!;
      assert.deepEqual(shown(a, app, /^object-key/), [], why);
    }
    // The same without the reason: the warning (the cases above are not vacuous).
    const plain = workspace({ 'app.yaml': ref, 'cm.yaml': configMap('cfg', { a: '1' }) });
    assert.equal(shown(plain, 'app.yaml', /^object-key/).length, 1);
    const unpatched = workspace({
      'base/kustomization.yaml': 'resources:\n  - app.yaml\n  - cm.yaml\n',
      'base/app.yaml': ref,
      'base/cm.yaml': configMap('cfg', { a: '1' }),
      'prod/kustomization.yaml': 'resources:\n  - ../base\npatches:\n  - path: d-patch.yaml\n',
      'prod/d-patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n',
    });
    assert.equal(shown(unpatched, 'base/app.yaml', /^object-key/).length, 1, 'a patch of the Deployment alone');
  });

  test('an overlay that starts patching the ConfigMap takes the warning away (kept results are not reused)', () => {
    const a = workspace({
      'base/kustomization.yaml': 'resources:\n  - app.yaml\n  - cm.yaml\n',
      'base/app.yaml': deployment('web', keyRef('configMapKeyRef', 'cfg', 'missing')),
      'base/cm.yaml': configMap('cfg', { a: '1' }),
    });
    assert.equal(shown(a, 'base/app.yaml', /^object-key/).length, 1);
    a.updateFile(U('prod/kustomization.yaml'), 'resources:\n  - ../base\npatches:\n  - path: p.yaml\n');
    a.updateFile(U('prod/p.yaml'), configMap('cfg', { missing: '1' }));
    assert.deepEqual(shown(a, 'base/app.yaml', /^object-key/), []);
  });
});

describe('ConfigMaps and Secrets the operator writes', () => {
  const store = (secrets: string) => `apiVersion: appconfiguration.cloud.example.com/v20240601
kind: ConfigurationStore
metadata:
  name: store
spec:
  location: westus2
  owner:
    name: rg
  sku:
    name: standard
  operatorSpec:
${secrets}`;
  const secrets =
    '    secrets:\n      primaryConnectionString:\n        name: store-secrets\n        key: connection\n';

  test('count as defined, with the keys they write; go to definition leads to the destination', () => {
    const a = workspace({
      'store.yaml': store(secrets),
      'app.yaml': deployment('web', keyRef('secretKeyRef', 'store-secrets', 'conection')),
    });
    assert.deepEqual(shown(a, 'app.yaml'), [
      'object-key-not-found «conection» The Secret `store-secrets` that a ConfigurationStore writes (store.yaml:4) has no key `conection`: did you mean `connection`? Its keys: `connection`.',
    ]);
    const file = a.indexedFile(U('app.yaml'))!;
    assert.deepEqual(where(a, definition(a, U('app.yaml'), file, at(a, 'app.yaml', 'store-secrets'))), [
      'store.yaml:14 «store-secrets»',
    ]);
    // Find references from the destination: the destination and the Deployment's reference.
    assert.deepEqual(where(a, references(a, U('store.yaml'), at(a, 'store.yaml', 'store-secrets'), true)), [
      'store.yaml:14 «store-secrets»',
      'app.yaml:21 «store-secrets»',
    ]);
  });

  test('an expression list writes its Secret; one without `key` writes keys not known (no warning)', () => {
    const expr = (key: string) =>
      `    secretExpressions:\n      - name: computed\n${key}        value: self.metadata.name\n`;
    const ref = deployment('web', keyRef('secretKeyRef', 'computed', 'other'));
    const keyed = workspace({ 'store.yaml': store(expr('        key: name\n')), 'app.yaml': ref });
    assert.deepEqual(
      shown(keyed, 'app.yaml').map((s) => s.split(' ').slice(0, 2).join(' ')),
      ['object-key-not-found «other»'],
    );
    const map = workspace({ 'store.yaml': store(expr('')), 'app.yaml': ref });
    assert.deepEqual(shown(map, 'app.yaml'), []);
  });
});

describe('navigation', () => {
  const files = () =>
    workspace({
      'cm.yaml': configMap('cfg', { a: '1' }),
      'secret.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: cfg\nstringData:\n  a: x\n',
      'app.yaml': deployment(
        'web',
        `containers:\n  - name: app\n    image: nginx\n    envFrom:\n      - configMapRef:\n          name: cfg\n      - secretRef:\n          name: cfg\nvolumes:\n  - name: v\n    configMap:\n      name: cfg\n`,
      ),
    });

  test('definition from a configMapRef to the ConfigMap (not the Secret of the same name)', () => {
    const a = files();
    const f = a.indexedFile(U('app.yaml'))!;
    assert.deepEqual(where(a, definition(a, U('app.yaml'), f, at(a, 'app.yaml', 'name: cfg', 0) + 6)), [
      'cm.yaml:4 «cfg»',
    ]);
    assert.deepEqual(where(a, definition(a, U('app.yaml'), f, at(a, 'app.yaml', 'name: cfg', 1) + 6)), [
      'secret.yaml:4 «cfg»',
    ]);
  });

  test('references from the ConfigMap’s name: every use of it, no use of the Secret', () => {
    const a = files();
    assert.deepEqual(where(a, references(a, U('cm.yaml'), at(a, 'cm.yaml', 'cfg'), true)), [
      'cm.yaml:4 «cfg»',
      'app.yaml:19 «cfg»',
      'app.yaml:25 «cfg»',
    ]);
  });

  test('rename of the ConfigMap rewrites its references and leaves the Secret’s', () => {
    const a = files();
    const f = a.indexedFile(U('cm.yaml'))!;
    const edits = rename(a, U('cm.yaml'), f, at(a, 'cm.yaml', 'cfg'), 'settings');
    assert.ok(!('error' in edits));
    const lines = (uri: string) =>
      (edits as Map<string, { span: [number, number]; newText: string }[]>)
        .get(U(uri))!
        .map((e) => `${a.index.get(U(uri))!.lines().positionAt(e.span[0]).line + 1} ${e.newText}`);
    assert.deepEqual(lines('cm.yaml'), ['4 settings']);
    assert.deepEqual(lines('app.yaml'), ['19 settings', '25 settings']);
    assert.equal((edits as Map<string, unknown>).has(U('secret.yaml')), false);
  });

  test('rename of a ConfigMap follows it into the overlays that patch it; a generator of that name refuses it', () => {
    const cm = configMap('cfg', { a: '1' });
    const a = workspace({
      'base/kustomization.yaml': 'resources:\n  - cm.yaml\n  - app.yaml\n',
      'base/cm.yaml': cm,
      'base/app.yaml': deployment('web', keyRef('configMapKeyRef', 'cfg', 'a')),
      'prod/kustomization.yaml':
        'resources:\n  - ../base\npatches:\n  - path: p.yaml\n  - target:\n      kind: ConfigMap\n      name: cfg\n    patch: |\n      - op: add\n        path: /data/b\n        value: x\n',
      'prod/p.yaml': configMap('cfg', { b: '1' }),
    });
    const edits = rename(a, U('base/cm.yaml'), a.indexedFile(U('base/cm.yaml'))!, cm.indexOf('cfg') + 1, 'settings');
    assert.ok(edits instanceof Map);
    assert.deepEqual([...edits.keys()].map((u) => u.replace('file:///repo/', '')).sort(), [
      'base/app.yaml',
      'base/cm.yaml',
      'prod/kustomization.yaml',
      'prod/p.yaml',
    ]);
    a.updateFile(
      U('prod/kustomization.yaml'),
      'resources:\n  - ../base\nconfigMapGenerator:\n  - name: cfg\n    behavior: merge\n    literals: [b=1]\n',
    );
    const refused = rename(a, U('base/cm.yaml'), a.indexedFile(U('base/cm.yaml'))!, cm.indexOf('cfg') + 1, 'settings');
    assert.match((refused as { error: string }).error, /also built by `configMapGenerator`/);
  });

  test('completion of a configMapRef name offers the ConfigMaps, and a secretKeyRef the Secrets the operator writes', () => {
    const offered = (podSpec: string) => {
      const text = deployment('web', podSpec);
      const a = workspace({
        'cm.yaml': configMap('cfg', { a: '1' }),
        'other.yaml': configMap('other', { b: '1' }),
        's.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: plain\nstringData:\n  a: x\n',
        'store.yaml': `apiVersion: appconfiguration.cloud.example.com/v20240601\nkind: ConfigurationStore\nmetadata:\n  name: store\nspec:\n  location: westus2\n  owner:\n    name: rg\n  sku:\n    name: standard\n  operatorSpec:\n    secrets:\n      primaryConnectionString:\n        name: store-secrets\n        key: connection\n`,
      });
      a.indexFile(U('app.yaml'), text);
      const offset = text.indexOf('name: \n') + 6;
      return a.completion(U('app.yaml'), a.indexedFile(U('app.yaml'))!, offset).items.map((i) => i.label);
    };
    const configMaps = offered(
      'containers:\n  - name: app\n    image: nginx\n    envFrom:\n      - configMapRef:\n          name: \n',
    );
    assert.deepEqual(
      configMaps.filter((l) => ['cfg', 'other', 'plain', 'store-secrets'].includes(l)),
      ['cfg', 'other'],
    );
    const secrets = offered(
      'containers:\n  - name: app\n    image: nginx\n    env:\n      - name: X\n        valueFrom:\n          secretKeyRef:\n            name: \n',
    );
    assert.deepEqual(
      secrets.filter((l) => ['cfg', 'other', 'plain', 'store-secrets'].includes(l)),
      ['plain', 'store-secrets'],
    );
  });
});

describe('Ingress, autoscaler', () => {
  const service =
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - name: http\n      port: 80\n';
  const ingress = (port: string) =>
    `apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  defaultBackend:\n    service:\n      name: web\n      port:\n        ${port}\n`;

  test("a backend's port the Service does not expose is a warning; one it does is nothing", () => {
    assert.deepEqual(shown(workspace({ 's.yaml': service, 'i.yaml': ingress('name: htp') }), 'i.yaml'), [
      'object-port-not-found «htp» Service `web` (s.yaml:4) exposes no port named `htp`: did you mean `http`?; its named ports: `http`.',
    ]);
    assert.deepEqual(shown(workspace({ 's.yaml': service, 'i.yaml': ingress('number: 8080') }), 'i.yaml'), [
      'object-port-not-found «8080» Service `web` (s.yaml:4) exposes no port 8080; its ports: 80.',
    ]);
    assert.deepEqual(shown(workspace({ 's.yaml': service, 'i.yaml': ingress('name: http') }), 'i.yaml'), []);
    assert.deepEqual(shown(workspace({ 's.yaml': service, 'i.yaml': ingress('number: 80') }), 'i.yaml'), []);
  });

  test("an autoscaler's target is found by kind and apiVersion", () => {
    const hpa = (kind: string, apiVersion: string) =>
      `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: h\nspec:\n  scaleTargetRef:\n    apiVersion: ${apiVersion}\n    kind: ${kind}\n    name: web\n  maxReplicas: 3\n`;
    const dep = deployment('web', 'containers:\n  - name: app\n    image: nginx\n');
    assert.deepEqual(shown(workspace({ 'd.yaml': dep, 'h.yaml': hpa('Deployment', 'apps/v1') }), 'h.yaml'), []);
    assert.deepEqual(shown(workspace({ 'd.yaml': dep, 'h.yaml': hpa('StatefulSet', 'apps/v1') }), 'h.yaml'), [
      'object-not-found «web» No StatefulSet named `web` in the workspace (for the namespace this HorizontalPodAutoscaler is applied to); it may exist in the cluster.',
    ]);
    // A kind of another group (a custom resource's scale): nothing known.
    assert.deepEqual(shown(workspace({ 'h.yaml': hpa('Rollout', 'argoproj.io/v1alpha1') }), 'h.yaml'), []);
  });
});
