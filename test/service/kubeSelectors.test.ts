// A Service's selector and its pods (workspace/kubeSelectors.ts, labelIndex.ts) through the host's navigation:
// which pairs are read (strings as the cluster reads them; nothing a Helm action writes), the namespace
// rule, each kind's pod labels, and what changes or removal of a file does to the answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { definition, references } from '../../server/src/service/host/navigation';

const U = (name: string) => `file:///repo/${name}`;

function workspace(files: Record<string, string>): Analysis {
  const a = new Analysis();
  for (const [name, text] of Object.entries(files)) a.indexFile(U(name), text);
  return a;
}

/** The offset just inside the first occurrence of `needle` in a file. */
function at(a: Analysis, name: string, needle: string): number {
  const i = a.index.get(U(name))!.text.indexOf(needle);
  assert.ok(i >= 0, `${needle} in ${name}`);
  return i + 1;
}

/** Locations as `file:line «text»`. */
const where = (a: Analysis, locs: { uri: string; span: [number, number] }[]) =>
  locs.map((l) => {
    const f = a.index.get(l.uri)!;
    return `${l.uri.replace('file:///repo/', '')}:${f.lines().positionAt(l.span[0]).line + 1} «${f.text.slice(l.span[0], l.span[1])}»`;
  });

const service = (name: string, selector: string, meta = '') =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\n${meta}spec:\n  selector: ${selector}\n  ports: [{port: 80}]\n`;

/** Go to definition on the Service's selector in `name` (the first `selector:`). */
const podsOf = (a: Analysis, name: string) =>
  where(a, definition(a, U(name), a.parse(a.index.get(U(name))!.text), at(a, name, 'selector:')));

const template = (labels: string) =>
  `  template:\n    metadata:\n      labels: ${labels}\n    spec:\n      containers: [{name: c, image: nginx}]\n`;

test('every kind whose pods a Service selects: Pod, ReplicationController, the apps kinds, Job, CronJob', () => {
  const a = workspace({
    'svc.yaml': service('web', '{app: web}'),
    'kinds.yaml': [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod\n  labels: {app: web}\nspec:\n  containers: [{name: c, image: nginx}]\n',
      `apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: rc\nspec:\n${template('{app: web}')}`,
      ...['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'].map(
        (k) =>
          `apiVersion: apps/v1\nkind: ${k}\nmetadata:\n  name: ${k.toLowerCase()}\nspec:\n${template('{app: web}')}`,
      ),
      `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job\nspec:\n${template('{app: web}')}`,
      'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: cron\nspec:\n  schedule: "@daily"\n  jobTemplate:\n    spec:\n      template:\n        metadata:\n          labels: {app: web}\n        spec:\n          restartPolicy: Never\n          containers: [{name: c, image: nginx}]\n',
      // Not a workload: a ConfigMap's labels are no pod's.
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels: {app: web}\n',
    ].join('---\n'),
  });
  assert.deepEqual(
    podsOf(a, 'svc.yaml').map((l) => l.replace(/^kinds\.yaml:\d+ /, '')),
    ['«pod»', '«rc»', '«deployment»', '«statefulset»', '«daemonset»', '«replicaset»', '«job»', '«cron»'],
  );
});

test('the namespace rule: both written alike, or both left to where they are applied', () => {
  const dep = (name: string, meta = '') =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n${meta}spec:\n${template('{app: web}')}`;
  const a = workspace({
    'svc.yaml': service('web', '{app: web}', '  namespace: shop\n'),
    'free.yaml': service('free', '{app: web}'),
    'deps.yaml': [dep('same-ns', '  namespace: shop\n'), dep('other-ns', '  namespace: other\n'), dep('no-ns')].join(
      '---\n',
    ),
  });
  assert.deepEqual(podsOf(a, 'svc.yaml'), ['deps.yaml:4 «same-ns»']);
  assert.deepEqual(podsOf(a, 'free.yaml'), ['deps.yaml:28 «no-ns»']);
});

test('pairs as the cluster reads them: a templated, non-string or YAML 1.1 boolean value matches nothing', () => {
  const dep = (name: string, labels: string) =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n${template(labels)}`;
  const a = workspace({
    'svc.yaml': service('web', '{app: web, canary: "true"}'),
    'deps.yaml': [
      dep('quoted', '{app: web, canary: "true"}'),
      dep('bool', '{app: web, canary: true}'),
      dep('yes', '{app: web, canary: yes}'),
      dep('missing', '{app: web}'),
    ].join('---\n'),
  });
  assert.deepEqual(podsOf(a, 'svc.yaml'), ['deps.yaml:4 «quoted»']);
  // A selector with a value a Helm action writes selects an unknown set: no answer, rather than a wrong one.
  const chart = workspace({
    'Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n',
    'templates/svc.yaml': service('web', '{app: "{{ .Values.app }}"}'),
    'templates/dep.yaml': dep('web', '{app: "{{ .Values.app }}"}'),
  });
  assert.deepEqual(podsOf(chart, 'templates/svc.yaml'), []);
});

test('references from the pod labels; a file changed or removed is followed', () => {
  const dep = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n${template('{app: web, tier: front}')}`;
  const a = workspace({
    'a.yaml': service('a', '{app: web}'),
    'b.yaml': service('b', '{app: web, tier: front}'),
    'c.yaml': service('c', '{app: web, tier: back}'),
    'dep.yaml': dep,
  });
  const refs = (decl: boolean) => where(a, references(a, U('dep.yaml'), at(a, 'dep.yaml', 'tier: front'), decl));
  assert.deepEqual(refs(true), ['dep.yaml:8 «labels»', 'a.yaml:6 «selector»', 'b.yaml:6 «selector»']);
  a.indexFile(U('c.yaml'), service('c', '{tier: front}'));
  a.unindexFile(U('a.yaml'));
  assert.deepEqual(refs(false), ['b.yaml:6 «selector»', 'c.yaml:6 «selector»']);
});

test('a labels mapping beyond 64 pairs is not indexed', () => {
  const many = `{${Array.from({ length: 65 }, (_, i) => `k${i}: v`).join(', ')}}`;
  const a = workspace({
    'svc.yaml': service('web', '{k0: v}'),
    'dep.yaml': `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n${template(many)}`,
  });
  assert.deepEqual(podsOf(a, 'svc.yaml'), []);
});
