// What the API server refuses in Kubernetes' own kinds beyond their schema (checks/kube/): a table of
// manifests, each with the problems a user sees (`code text-under-range`), ported from the cases of the
// API server's validation tests where they are about what is checked (core TestValidateService,
// TestValidateConfigMap, TestValidateSecret…; batch TestValidateCronJob; networking
// TestValidateIngress…) and the correct manifests beside them getting nothing. Then what is not sure: a
// Kustomize patch and a Helm template with an action where the whole manifest is judged say nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';

const analysis = (version?: string) =>
  new Analysis(version ? { settings: { ...DEFAULT_SETTINGS, kubernetesVersion: version } } : {});

function problems(text: string, version?: string): string[] {
  const a = analysis(version);
  return a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);
}

const deployment = (
  selector: string,
  labels: string,
  podSpec = 'containers: [{name: web, image: nginx}]',
) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: ${selector}
  template:
    metadata:
      labels: ${labels}
    spec:
      ${podSpec}
`;

const cronJob = (schedule: string) => `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: ${JSON.stringify(schedule)}
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: job, image: busybox}]
`;

const service = (spec: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n${spec}`;
const secret = (rest: string) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n${rest}`;
const ingressPath = (
  path: string,
  type: string,
  backend = 'service: {name: web, port: {number: 80}}',
) => `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
    - http:
        paths:
          - path: ${path}
            pathType: ${type}
            backend: {${backend}}
`;
const binding = (kind: string, roleRef: string, subject: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: ${kind}
metadata:
  name: system:web
roleRef: {apiGroup: rbac.authorization.k8s.io, ${roleRef}}
subjects:
  - ${subject}
`;

const netpol = (rule: string) => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: netpol
spec:
  podSelector: {}
  ingress:
    - ${rule}
`;
const claim = (spec: string) =>
  `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  ${spec}\n`;

/** [case, manifest, expected problems, release]. */
const CASES: [string, string, string[], string?][] = [
  // apps ValidateDeploymentSpec: selector against the template's labels.
  ['selector matches the labels', deployment('{matchLabels: {app: web}}', '{app: web, tier: front}'), []],
  ['selector does not match', deployment('{matchLabels: {app: web}}', '{app: api}'), ['kube-selector labels']],
  [
    'matchExpressions In / NotIn / Exists match',
    deployment(
      '{matchExpressions: [{key: app, operator: In, values: [web, api]}, {key: tier, operator: NotIn, values: [back]}, {key: app, operator: Exists}]}',
      '{app: web}',
    ),
    [],
  ],
  [
    'matchExpressions DoesNotExist fails',
    deployment('{matchExpressions: [{key: app, operator: DoesNotExist}]}', '{app: web}'),
    ['kube-selector labels'],
  ],
  ['an empty selector', deployment('{}', '{app: web}'), ['kube-selector selector']],
  // ValidatePodSpec: container names, init containers, mounts, volumes.
  [
    'an init container named as a container',
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'initContainers: [{name: web, image: busybox}]\n      containers: [{name: web, image: nginx}]',
    ),
    ['kube-duplicate web'],
  ],
  [
    'a mount naming no volume',
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'volumes: [{name: data, emptyDir: {}}]\n      containers: [{name: web, image: nginx, volumeMounts: [{name: config, mountPath: /etc/app}, {name: data, mountPath: /data}]}]',
    ),
    ['kube-volume-mount config'],
  ],
  [
    'a repeated container port name',
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'containers: [{name: web, image: nginx, ports: [{containerPort: 80, name: http}, {containerPort: 8080, name: http}]}]',
    ),
    ['kube-duplicate http'],
  ],
  [
    "a workload's pods restart Never",
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'restartPolicy: Never\n      containers: [{name: web, image: nginx}]',
    ),
    ['kube-invalid-value Never'],
  ],
  [
    "a StatefulSet's pods mount its claim templates",
    `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers: [{name: db, image: postgres, volumeMounts: [{name: data, mountPath: /var/lib/postgresql}]}]
  volumeClaimTemplates:
    - metadata: {name: data}
      spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`,
    [],
  ],
  // batch validateJobSpec: the restart policy (absent, it defaults to Always).
  [
    'a Job without restartPolicy',
    'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: busybox}]\n',
    ['kube-required spec'],
  ],
  // batch validateScheduleFormat (robfig/cron ParseStandard) and the TZ refusal from 1.29.
  ['a schedule of five fields', cronJob('*/5 0-23/2 1,15 jan-jun MON-FRI'), []],
  ['a descriptor', cronJob('@hourly'), []],
  ['@every with a duration', cronJob('@every 1h30m'), []],
  ['robfig reads `*-5` as `*`', cronJob('*-5 * * * *'), []],
  ['an hour out of range', cronJob('0 25 * * *'), ['kube-cron-schedule "0 25 * * *"']],
  ['six fields', cronJob('0 0 * * * *'), ['kube-cron-schedule "0 0 * * * *"']],
  ['not a schedule', cronJob('error'), ['kube-cron-schedule "error"']],
  ['an unknown descriptor', cronJob('@fortnightly'), ['kube-cron-schedule "@fortnightly"']],
  ['a step of 0', cronJob('*/0 * * * *'), ['kube-cron-schedule "*/0 * * * *"']],
  ['a range backwards', cronJob('0 5-2 * * *'), ['kube-cron-schedule "0 5-2 * * *"']],
  ['TZ in the schedule (1.29 on)', cronJob('TZ=UTC 0 * * * *'), ['kube-cron-schedule "TZ=UTC 0 * * * *"']],
  ['CRON_TZ in the schedule, 1.28', cronJob('CRON_TZ=UTC 0 * * * *'), [], '1.28'],
  // ValidateCronJobCreate: a name of at most 52 characters (the envelope's name rule).
  [
    'a CronJob name of 53 characters',
    cronJob('@daily').replace('nightly', 'a'.repeat(53)),
    [`string-length ${'a'.repeat(53)}`],
  ],
  // ValidateConfigMap.
  [
    'a ConfigMap key in data and binaryData',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: x\nbinaryData:\n  a: eA==\n  b: eA==\n',
    ['kube-duplicate a'],
  ],
  [
    'a ConfigMap over 1 MiB',
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: ${'x'.repeat(600_000)}\n  b: ${'y'.repeat(600_000)}\n`,
    ['kube-too-large data'],
  ],
  // ValidateSecret: the keys a type needs (stringData counts: it is written over data before validation).
  [
    'a TLS Secret without tls.key',
    secret('type: kubernetes.io/tls\ndata:\n  tls.crt: eA==\n'),
    ['kube-secret-type kubernetes.io/tls'],
  ],
  ['a TLS Secret in stringData', secret('type: kubernetes.io/tls\nstringData:\n  tls.crt: cert\n  tls.key: key\n'), []],
  ['basic-auth with a username only', secret('type: kubernetes.io/basic-auth\nstringData:\n  username: u\n'), []],
  [
    'basic-auth with neither',
    secret('type: kubernetes.io/basic-auth\nstringData:\n  user: u\n'),
    ['kube-secret-type kubernetes.io/basic-auth'],
  ],
  [
    'dockerconfigjson without its key',
    secret('type: kubernetes.io/dockerconfigjson\ndata: {}\n'),
    ['kube-secret-type kubernetes.io/dockerconfigjson'],
  ],
  ['an Opaque Secret with any keys', secret('type: Opaque\ndata:\n  anything: eA==\n'), []],
  // ValidateService and validateServicePort.
  [
    'two ports, one unnamed',
    service('  ports:\n    - {name: http, port: 80}\n    - port: 443\n'),
    ['kube-required port'],
  ],
  [
    'two ports of one name',
    service('  ports:\n    - {name: http, port: 80}\n    - {name: http, port: 443}\n'),
    ['kube-duplicate http'],
  ],
  ['a port name not a DNS label', service('  ports:\n    - {name: HTTP, port: 80}\n'), ['kube-name HTTP']],
  [
    'a targetPort out of range',
    service('  ports:\n    - {port: 80, targetPort: 70000}\n'),
    ['kube-invalid-value 70000'],
  ],
  [
    'a targetPort name not IANA',
    service('  ports:\n    - {port: 80, targetPort: web_http}\n'),
    ['kube-invalid-value web_http'],
  ],
  ['a Service without ports', service('  selector: {app: web}\n'), ['kube-required spec']],
  ['a headless Service without ports', service('  clusterIP: None\n  selector: {app: web}\n'), []],
  ['ExternalName without externalName', service('  type: ExternalName\n'), ['kube-required ExternalName']],
  ['ExternalName with a name', service('  type: ExternalName\n  externalName: db.example.com.\n'), []],
  [
    'clusterIP None on a LoadBalancer',
    service('  type: LoadBalancer\n  clusterIP: None\n  ports: [{port: 80}]\n'),
    ['kube-field-combination None'],
  ],
  [
    'a nodePort on a ClusterIP Service',
    service('  ports: [{port: 80, nodePort: 30080}]\n'),
    ['kube-field-combination 30080'],
  ],
  [
    'a Service named with a leading digit',
    service('  ports: [{port: 80}]\n').replace('name: web', 'name: 1web'),
    ['pattern 1web'],
  ],
  // networking validateHTTPIngressPath and validateIngressBackend.
  ['an absolute Prefix path', ingressPath('/api', 'Prefix'), []],
  ['a relative Prefix path', ingressPath('api', 'Prefix'), ['kube-invalid-value api']],
  ['a path with //', ingressPath('/a//b', 'Exact'), ['kube-invalid-value /a//b']],
  ['ImplementationSpecific takes a regex-like path', ingressPath('/a//(.*)', 'ImplementationSpecific'), []],
  [
    'a backend with service and resource',
    ingressPath('/', 'Prefix', 'service: {name: web, port: {number: 80}}, resource: {kind: Bucket, name: b}'),
    ['kube-field-combination backend'],
  ],
  [
    'a port with name and number',
    ingressPath('/', 'Prefix', 'service: {name: web, port: {number: 80, name: http}}'),
    ['kube-field-combination port'],
  ],
  // networking ValidateNetworkPolicyPort and ValidateNetworkPolicyPeer.
  [
    'a port range, a named port, peers of one kind each',
    netpol(
      'ports: [{port: 8000, endPort: 8080}, {port: http}]\n      from: [{podSelector: {}}, {ipBlock: {cidr: 10.0.0.0/8}}]',
    ),
    [],
  ],
  ['endPort below port', netpol('ports: [{port: 8080, endPort: 8000}]'), ['kube-field-combination 8000']],
  ['endPort with a named port', netpol('ports: [{port: http, endPort: 8000}]'), ['kube-field-combination 8000']],
  ['a port name not IANA', netpol('ports: [{port: web_http}]'), ['kube-name web_http']],
  [
    'ipBlock with a pod selector in one peer',
    netpol('from: [{podSelector: {}, ipBlock: {cidr: 10.0.0.0/8}}]'),
    ['kube-field-combination ipBlock'],
  ],
  // core ValidatePersistentVolumeClaimSpec.
  ['a claim with mode and storage', claim('accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1Gi}}'), []],
  ['a claim without access modes', claim('resources: {requests: {storage: 1Gi}}'), ['kube-required spec']],
  [
    'a claim without storage',
    claim('accessModes: [ReadWriteOnce]\n  resources: {requests: {cpu: 1}}'),
    ['kube-required requests'],
  ],
  // batch ValidateJobSpec: what a Job's selector says must match (the API server adds its own label to both).
  [
    "a Job's selector against its labels",
    'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: b}}\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n',
    ['kube-selector labels'],
  ],
  // autoscaling validateHorizontalPodAutoscalerSpec, policy ValidatePodDisruptionBudgetSpec.
  [
    'maxReplicas below minReplicas',
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: h\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 5\n  maxReplicas: 2\n',
    ['kube-field-combination 2'],
  ],
  [
    'minAvailable and maxUnavailable',
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: p\nspec:\n  minAvailable: 1\n  maxUnavailable: 50%\n  selector: {matchLabels: {app: web}}\n',
    ['kube-field-combination maxUnavailable'],
  ],
  [
    'a percentage over 100',
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: p\nspec:\n  maxUnavailable: 120%\n',
    ['kube-invalid-value 120%'],
  ],
  // rbac ValidateRoleBinding, ValidateClusterRoleBinding, ValidateRoleBindingSubject.
  [
    'a RoleBinding of a ClusterRole, names with `:`',
    binding('RoleBinding', 'kind: ClusterRole, name: system:view', '{kind: ServiceAccount, name: web}'),
    [],
  ],
  [
    'a roleRef of another kind',
    binding('RoleBinding', 'kind: ServiceAccount, name: web', '{kind: User, name: ann}'),
    ['kube-invalid-value ServiceAccount'],
  ],
  [
    'a ClusterRoleBinding of a Role',
    binding('ClusterRoleBinding', 'kind: Role, name: r', '{kind: Group, name: dev}'),
    ['kube-invalid-value Role'],
  ],
  // Refused as it is applied, but the usual way to write a Kustomize base (the overlay's `namespace:` fills it
  // in), which a file's own check cannot tell apart: nothing said (the rendered overlay is checked whole).
  [
    "a ClusterRoleBinding's service account without namespace",
    binding('ClusterRoleBinding', 'kind: ClusterRole, name: r', '{kind: ServiceAccount, name: web}'),
    [],
  ],
  [
    'a ServiceAccount subject in the RBAC group',
    binding(
      'RoleBinding',
      'kind: Role, name: r',
      '{kind: ServiceAccount, name: web, apiGroup: rbac.authorization.k8s.io}',
    ),
    ['kube-invalid-value rbac.authorization.k8s.io'],
  ],
  // core ValidateNamespaceName: a DNS-1123 label (no dots).
  ['a Namespace name with a dot', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team.a\n', ['pattern team.a']],
  // apimachinery ValidateAnnotations: 256 KiB in all.
  [
    'annotations over 256 KiB',
    `apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n  annotations:\n    a: ${'x'.repeat(200_000)}\n    b: ${'y'.repeat(100_000)}\n`,
    ['kube-too-large annotations'],
  ],
  [
    'an annotation key with a space',
    'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n  annotations:\n    "my note": x\n',
    ['kube-name "my note"'],
  ],
  // ValidateSecret: a service-account-token Secret names its ServiceAccount in an annotation.
  [
    'a service-account-token Secret without the annotation',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ntype: kubernetes.io/service-account-token\n',
    ['kube-secret-type kubernetes.io/service-account-token'],
  ],
  [
    'annotations written as a list: said once, as a wrong type',
    'apiVersion: v1\nkind: Secret\ntype: kubernetes.io/service-account-token\nmetadata:\n  name: s\n  annotations:\n    - kubernetes.io/service-account.name: sa\n',
    ['wrong-type - kubernetes.io/service-account.name: sa\n'],
  ],
  // validateTolerations: 1.35's Gt and Lt (alpha gate TaintTolerationComparisonOperators) are taken.
  [
    'a toleration with the numeric operator Gt',
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'tolerations: [{key: sla, operator: Gt, value: "900"}]\n      containers: [{name: web, image: nginx}]',
    ),
    [],
  ],
  [
    'a toleration operator no release has',
    deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'tolerations: [{key: sla, operator: Greater, value: "900"}]\n      containers: [{name: web, image: nginx}]',
    ),
    ['enum-value Greater'],
  ],
];

describe('kube validation: what the API server refuses beyond the schema', () => {
  for (const [name, text, expected, version] of CASES)
    test(name, () => assert.deepEqual(problems(text, version), expected));
});

test('kube validation: a Kustomize patch is partial — nothing that reads the whole manifest is said', () => {
  const a = analysis();
  const files: Record<string, string> = {
    'base/deploy.yaml': deployment(
      '{matchLabels: {app: web}}',
      '{app: web}',
      'volumes: [{name: data, emptyDir: {}}]\n      containers: [{name: web, image: nginx}]',
    ),
    'base/kustomization.yaml': 'resources: [deploy.yaml]\n',
    // The patch mounts a volume of the base and changes no label: alone, it has no volumes and no labels.
    'prod/patch.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          volumeMounts: [{name: data, mountPath: /data}]\n',
    'prod/kustomization.yaml': 'resources: [../base]\npatches:\n  - path: patch.yaml\n',
  };
  for (const [f, text] of Object.entries(files)) a.indexFile(`file:///k/${f}`, text);
  assert.deepEqual(
    a.fileDiagnostics('file:///k/prod/patch.yaml').map((d) => d.code),
    [],
  );
  // The same document as a manifest of its own has a mount naming no volume.
  assert.deepEqual(
    problems(files['prod/patch.yaml']).filter((p) => p.startsWith('kube-')),
    ['kube-volume-mount data'],
  );
});

test('kube validation: a Helm template — its labels written by an include — says nothing of the selector; a literal bad name is still said', () => {
  const a = new Analysis();
  const chart = 'file:///repo/chart/';
  a.indexFile(`${chart}Chart.yaml`, 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels:
        {{- include "app.labels" . | nindent 8 }}
    spec:
      containers:
        - name: {{ .Chart.Name }}
          image: nginx
          ports: [{containerPort: 80, name: Http}]
`;
  const uri = `${chart}templates/deploy.yaml`;
  a.indexFile(uri, text);
  assert.deepEqual(
    a
      .fileDiagnostics(uri, a.openFile(uri, 1, text), { complete: true })
      .map((d) => `${d.code} ${text.slice(d.start, d.end)}`),
    ['kube-name Http'],
  );
});

test("kube validation: a subject's apiGroup the API server allows one value for is fixed (safe), a Job's restart policy is a choice", () => {
  const text = binding(
    'RoleBinding',
    'kind: Role, name: r',
    '{kind: ServiceAccount, name: web, apiGroup: rbac.authorization.k8s.io}',
  );
  const a = analysis();
  const file = a.parse(text);
  const diags = a.fileDiagnostics('file:///w/m.yaml', file);
  const actions = codeActions(file, diags).filter((x) => !x.title.startsWith('Disable'));
  assert.deepEqual(
    actions.map((x) => x.title),
    ['Change to `""`'],
  );
  assert.deepEqual(problems(applyEdits(text, actions[0].edits)), []);
  const job =
    'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n      restartPolicy: Always\n      containers: [{name: c, image: busybox}]\n';
  const jobFile = a.parse(job);
  assert.deepEqual(
    codeActions(jobFile, a.fileDiagnostics('file:///w/j.yaml', jobFile))
      .filter((x) => !x.title.startsWith('Disable'))
      .map((x) => x.title),
    ['Change to `OnFailure`', 'Change to `Never`'],
  );
});
