// Writes server/src/model/kube/kinds.json: Kubernetes' built-in kinds, reduced from the API server's published
// OpenAPI v3 documents of each release, as structural schemas the CRD machinery reads (model/crd/schema.ts).
//
//   npx tsx scripts/gen-kube-kinds.ts <folder> [--check]
//
// <folder> holds one folder per release, `1.N/api/v1.json` and `1.N/apis/<group>/<version>.json` (the layout of
// kubernetes-sigs/kubectl-validate's `pkg/openapiclient/builtins`: `git archive` it out of a clone). The output
// keeps the shape of each schema and nothing of its prose (no description): shared definitions by name
// (`{"$ref": name}`), each property with the releases it was added (`x-since`) or removed (`x-until`) in where
// that differs from its definition's, and each kind with the releases that serve it. Of a definition that
// changed, the newest release's schema is kept; a field is required only where every release requiring it
// agrees. `--check` exits 1 when the file differs from what the folder gives.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const OUT = join(__dirname, '..', 'server', 'src', 'model', 'kube', 'kinds.json');

/** A definition's name without Kubernetes' package prefix (`io.k8s.api.apps.v1.Deployment` → `api.apps.v1.Deployment`). */
const short = (name: string): string => name.replace(/^io\.k8s\./, '');
const refName = (ref: string): string => short(ref.replace('#/components/schemas/', ''));

/**
 * Values the API server accepts for fields whose documents carry no enum, each from its validation function
 * (kubernetes/kubernetes pkg/apis/core/validation/validation.go unless named otherwise): definition → property → values.
 * Only fields the validation refuses any other value of, in every release 1.23 on.
 */
const ENUMS: Record<string, Record<string, string[]>> = {
  // validatePullPolicy: supportedPullPolicies.
  'api.core.v1.Container': {
    imagePullPolicy: ['Always', 'IfNotPresent', 'Never'],
    // validateContainers → validateTerminationMessagePolicy.
    terminationMessagePolicy: ['File', 'FallbackToLogsOnError'],
  },
  'api.core.v1.EphemeralContainer': {
    imagePullPolicy: ['Always', 'IfNotPresent', 'Never'],
    terminationMessagePolicy: ['File', 'FallbackToLogsOnError'],
  },
  // validateContainerPorts → supportedPortProtocols.
  'api.core.v1.ContainerPort': { protocol: ['TCP', 'UDP', 'SCTP'] },
  'api.core.v1.ServicePort': { protocol: ['TCP', 'UDP', 'SCTP'] },
  'api.core.v1.EndpointPort': { protocol: ['TCP', 'UDP', 'SCTP'] },
  'api.core.v1.PodSpec': {
    // validateRestartPolicy.
    restartPolicy: ['Always', 'OnFailure', 'Never'],
    // validateDNSPolicy.
    dnsPolicy: ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'],
  },
  'api.core.v1.ServiceSpec': {
    // ValidateService: supportedServiceType, supportedSessionAffinityType, validateServiceExternalTrafficPolicy.
    type: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
    sessionAffinity: ['ClientIP', 'None'],
    externalTrafficPolicy: ['Cluster', 'Local'],
    internalTrafficPolicy: ['Cluster', 'Local'],
  },
  // ValidatePersistentVolumeClaimSpec: supportedAccessModes, supportedVolumeModes.
  'api.core.v1.PersistentVolumeClaimSpec': { volumeMode: ['Block', 'Filesystem'] },
  // validateTolerations: Exists or Equal (empty means Equal); effects of validateTaintEffect, empty for all.
  // 1.35 adds Lt and Gt behind the alpha TaintTolerationComparisonOperators gate (its OpenAPI lists them): a
  // cluster with the gate on takes them, so they are no error (the Kubernetes documentation's example writes Gt).
  'api.core.v1.Toleration': {
    operator: ['', 'Exists', 'Equal', 'Lt', 'Gt'],
    effect: ['', 'NoSchedule', 'PreferNoSchedule', 'NoExecute'],
  },
  // validateNodeSelectorRequirement.
  'api.core.v1.NodeSelectorRequirement': { operator: ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] },
  // apimachinery/pkg/apis/meta/v1/validation ValidateLabelSelectorRequirement.
  'apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement': { operator: ['In', 'NotIn', 'Exists', 'DoesNotExist'] },
  // pkg/apis/apps/validation: ValidateDeploymentStrategy, ValidateStatefulSetSpec, ValidateDaemonSetUpdateStrategy.
  'api.apps.v1.DeploymentStrategy': { type: ['Recreate', 'RollingUpdate'] },
  'api.apps.v1.StatefulSetSpec': { podManagementPolicy: ['OrderedReady', 'Parallel'] },
  'api.apps.v1.StatefulSetUpdateStrategy': { type: ['RollingUpdate', 'OnDelete'] },
  'api.apps.v1.DaemonSetUpdateStrategy': { type: ['RollingUpdate', 'OnDelete'] },
  // pkg/apis/batch/validation validateCronJobSpec: ConcurrencyPolicy.
  'api.batch.v1.CronJobSpec': { concurrencyPolicy: ['Allow', 'Forbid', 'Replace'] },
  // pkg/apis/networking/validation validateHTTPIngressPath: supportedPathTypes.
  'api.networking.v1.HTTPIngressPath': { pathType: ['Exact', 'Prefix', 'ImplementationSpecific'] },
};

/** Array items' values (PersistentVolumeClaimSpec.accessModes: supportedAccessModes). */
const ITEM_ENUMS: Record<string, Record<string, string[]>> = {
  'api.core.v1.PersistentVolumeClaimSpec': {
    accessModes: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'],
  },
};

/**
 * Numeric bounds the validation functions state: validateContainerPorts and ValidateService (IsValidPortNum:
 * 1–65535; a host or node port 0 means none), ValidateNonnegativeField on replica counts.
 */
const BOUNDS: Record<string, Record<string, { minimum: number; maximum?: number }>> = {
  'api.core.v1.ContainerPort': {
    containerPort: { minimum: 1, maximum: 65535 },
    hostPort: { minimum: 0, maximum: 65535 },
  },
  'api.core.v1.ServicePort': { port: { minimum: 1, maximum: 65535 }, nodePort: { minimum: 0, maximum: 65535 } },
  'api.apps.v1.DeploymentSpec': { replicas: { minimum: 0 } },
  'api.apps.v1.StatefulSetSpec': { replicas: { minimum: 0 } },
  'api.apps.v1.ReplicaSetSpec': { replicas: { minimum: 0 } },
  'api.core.v1.ReplicationControllerSpec': { replicas: { minimum: 0 } },
};

/**
 * The lists whose keys the API server's validation refuses twice (pkg/apis/core/validation: validateContainers
 * and validateInitContainers "Duplicate value", ValidateVolumes, validateVolumeMounts "must be unique",
 * validateTopologySpreadConstraints, validateSchedulingGates, validatePodResourceClaims, ValidateService's
 * ports; pkg/apis/admissionregistration/validation: webhook names). Every other list keeps what its type says
 * for merging only: a container's `env` and `ports` take a repeated key with a warning (pkg/api/pod/warnings.go).
 */
const UNIQUE_KEYS: Record<string, string[]> = {
  'api.core.v1.PodSpec': [
    'containers',
    'initContainers',
    'ephemeralContainers',
    'volumes',
    'topologySpreadConstraints',
    'schedulingGates',
    'resourceClaims',
  ],
  'api.core.v1.Container': ['volumeMounts'],
  'api.core.v1.EphemeralContainer': ['volumeMounts'],
  'api.core.v1.ServiceSpec': ['ports'],
  'api.admissionregistration.v1.MutatingWebhookConfiguration': ['webhooks'],
  'api.admissionregistration.v1.ValidatingWebhookConfiguration': ['webhooks'],
};

/**
 * Fields the validation functions require that the documents leave optional: a container's `image`
 * (validateContainerCommon: "Required value"; optional in the type for higher-level tools that fill it).
 */
const REQUIRED: Record<string, string[]> = {
  'api.core.v1.Container': ['image'],
};

/**
 * apiVersions removed before the oldest release of the documents (Kubernetes' deprecated API migration guide,
 * kubernetes.io/docs/reference/using-api/deprecation-guide): group/version (with the minor, when its kinds
 * went in different releases) → the release that stopped serving it, and its kinds. Their schemas are not
 * kept (a manifest of them is refused whole).
 */
const REMOVED_BEFORE: Record<string, { removedIn: number; kinds: string[] }> = {
  'extensions/v1beta1': {
    removedIn: 16,
    kinds: ['DaemonSet', 'Deployment', 'NetworkPolicy', 'PodSecurityPolicy', 'ReplicaSet'],
  },
  'extensions/v1beta1 1.22': { removedIn: 22, kinds: ['Ingress'] },
  'apps/v1beta1': { removedIn: 16, kinds: ['Deployment', 'StatefulSet', 'ControllerRevision'] },
  'apps/v1beta2': {
    removedIn: 16,
    kinds: ['DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet', 'ControllerRevision'],
  },
  'admissionregistration.k8s.io/v1beta1': {
    removedIn: 22,
    kinds: ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'],
  },
  'authentication.k8s.io/v1beta1': { removedIn: 22, kinds: ['TokenReview'] },
  'authorization.k8s.io/v1beta1': {
    removedIn: 22,
    kinds: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SubjectAccessReview'],
  },
  'certificates.k8s.io/v1beta1': { removedIn: 22, kinds: ['CertificateSigningRequest'] },
  'coordination.k8s.io/v1beta1': { removedIn: 22, kinds: ['Lease'] },
  'networking.k8s.io/v1beta1': { removedIn: 22, kinds: ['Ingress', 'IngressClass'] },
  'rbac.authorization.k8s.io/v1beta1': {
    removedIn: 22,
    kinds: ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'],
  },
  'scheduling.k8s.io/v1beta1': { removedIn: 22, kinds: ['PriorityClass'] },
  'storage.k8s.io/v1beta1': { removedIn: 22, kinds: ['CSIDriver', 'CSINode', 'StorageClass', 'VolumeAttachment'] },
};

/**
 * The release from which the API server warns that a served apiVersion is deprecated: its
 * `APILifecycleDeprecated()` of each kind (type), from Kubernetes' generated `zz_generated.prerelease-lifecycle.go`
 * of each version (kubernetes/api, the staging copy of kubernetes/kubernetes' staging/src/k8s.io/api). A kind's
 * values are read in the branch of each release that serves it (`release-1.23` … `release-1.35` of the snapshot
 * of July 2026, whose default branch is 1.37's development): the API server of release N warns when its own
 * values say deprecated in N or before (k8s.io/apiserver's `deprecation.IsDeprecated`), so `deprecatedIn` is
 * the first release whose values say so, and `removedIn` its `APILifecycleRemoved()` (what that warning names
 * as the release that stops serving it). `withdrawnIn`: the release from which the values no longer say
 * deprecated (certificates.k8s.io/v1alpha1 ClusterTrustBundle: 1.29–1.31 said deprecated, removed in 1.32;
 * 1.32 moved both three releases later). Versions without lifecycle values (the v1alpha1/v1alpha2 of
 * resource.k8s.io, internal.apiserver.k8s.io) are never deprecated. The generator checks each entry against the
 * documents: a version they still serve in the newest release must be removed after it; one they stopped serving
 * must be removed in the lifecycle's release, or before it for an alpha version (which may go without notice:
 * networking.k8s.io/v1alpha1, storagemigration.k8s.io/v1alpha1).
 */
const DEPRECATED_FROM: Record<
  string,
  { deprecatedIn: number; removedIn: number; withdrawnIn?: number; kinds: string[] }
> = {
  'policy/v1beta1 PodDisruptionBudget': { deprecatedIn: 21, removedIn: 25, kinds: ['PodDisruptionBudget'] },
  'policy/v1beta1 PodSecurityPolicy': { deprecatedIn: 21, removedIn: 25, kinds: ['PodSecurityPolicy'] },
  'batch/v1beta1': { deprecatedIn: 21, removedIn: 25, kinds: ['CronJob'] },
  'autoscaling/v2beta1': { deprecatedIn: 22, removedIn: 25, kinds: ['HorizontalPodAutoscaler'] },
  'autoscaling/v2beta2': { deprecatedIn: 23, removedIn: 26, kinds: ['HorizontalPodAutoscaler'] },
  'discovery.k8s.io/v1beta1': { deprecatedIn: 21, removedIn: 25, kinds: ['EndpointSlice'] },
  'events.k8s.io/v1beta1': { deprecatedIn: 22, removedIn: 25, kinds: ['Event'] },
  'node.k8s.io/v1beta1': { deprecatedIn: 22, removedIn: 25, kinds: ['RuntimeClass'] },
  'flowcontrol.apiserver.k8s.io/v1beta1': {
    deprecatedIn: 23,
    removedIn: 26,
    kinds: ['FlowSchema', 'PriorityLevelConfiguration'],
  },
  'flowcontrol.apiserver.k8s.io/v1beta2': {
    deprecatedIn: 26,
    removedIn: 29,
    kinds: ['FlowSchema', 'PriorityLevelConfiguration'],
  },
  'flowcontrol.apiserver.k8s.io/v1beta3': {
    deprecatedIn: 29,
    removedIn: 32,
    kinds: ['FlowSchema', 'PriorityLevelConfiguration'],
  },
  'storage.k8s.io/v1alpha1 CSIStorageCapacity': { deprecatedIn: 21, removedIn: 24, kinds: ['CSIStorageCapacity'] },
  'storage.k8s.io/v1beta1 CSIStorageCapacity': { deprecatedIn: 24, removedIn: 27, kinds: ['CSIStorageCapacity'] },
  'networking.k8s.io/v1alpha1 ClusterCIDR': { deprecatedIn: 28, removedIn: 31, kinds: ['ClusterCIDR'] },
  'networking.k8s.io/v1alpha1': { deprecatedIn: 30, removedIn: 33, kinds: ['IPAddress', 'ServiceCIDR'] },
  'authentication.k8s.io/v1alpha1': { deprecatedIn: 29, removedIn: 32, kinds: ['SelfSubjectReview'] },
  'authentication.k8s.io/v1beta1': { deprecatedIn: 30, removedIn: 33, kinds: ['SelfSubjectReview'] },
  'admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy': {
    deprecatedIn: 31,
    removedIn: 34,
    kinds: ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'],
  },
  'certificates.k8s.io/v1alpha1 1.29': {
    deprecatedIn: 29,
    removedIn: 32,
    withdrawnIn: 32,
    kinds: ['ClusterTrustBundle'],
  },
  'storage.k8s.io/v1alpha1 VolumeAttributesClass': {
    deprecatedIn: 32,
    removedIn: 35,
    kinds: ['VolumeAttributesClass'],
  },
  'storagemigration.k8s.io/v1alpha1': { deprecatedIn: 33, removedIn: 36, kinds: ['StorageVersionMigration'] },
  // Served by the newest release, deprecated in it or before: the removal is the lifecycle's plan.
  'certificates.k8s.io/v1alpha1': { deprecatedIn: 34, removedIn: 37, kinds: ['ClusterTrustBundle'] },
  'networking.k8s.io/v1beta1': { deprecatedIn: 34, removedIn: 37, kinds: ['IPAddress', 'ServiceCIDR'] },
  'storage.k8s.io/v1beta1 VolumeAttributesClass': { deprecatedIn: 34, removedIn: 37, kinds: ['VolumeAttributesClass'] },
  'admissionregistration.k8s.io/v1alpha1 MutatingAdmissionPolicy': {
    deprecatedIn: 35,
    removedIn: 38,
    kinds: ['MutatingAdmissionPolicy', 'MutatingAdmissionPolicyBinding'],
  },
  'coordination.k8s.io/v1alpha2': { deprecatedIn: 35, removedIn: 38, kinds: ['LeaseCandidate'] },
  'resource.k8s.io/v1beta1': {
    deprecatedIn: 35,
    removedIn: 38,
    kinds: ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice'],
  },
};

/** A zero value as Go writes it for a field without a pointer: a marker, not a default the API server applies. */
const isZero = (v: unknown): boolean =>
  v === '' ||
  v === 0 ||
  v === false ||
  (isObj(v) && Object.keys(v).length === 0) ||
  (Array.isArray(v) && v.length === 0);

/** One schema node of a document reduced: references by short name, no prose, no patch or union hints. */
function reduce(s: unknown): unknown {
  if (!isObj(s)) return s;
  // `allOf: [{$ref}]` is how the documents give a property a referenced type with its own description.
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && isObj(s.allOf[0]) && typeof s.allOf[0].$ref === 'string') {
    const out: Json = { $ref: refName(s.allOf[0].$ref) };
    if (s.default !== undefined && !isZero(s.default)) out.default = s.default;
    return out;
  }
  if (typeof s.$ref === 'string') return { $ref: refName(s.$ref) };
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    switch (k) {
      case 'description':
      case 'x-kubernetes-patch-strategy':
      case 'x-kubernetes-patch-merge-key':
      case 'x-kubernetes-group-version-kind':
      case 'x-kubernetes-unions':
      case 'x-kubernetes-map-type':
        break;
      case 'format':
        // Integer widths and `double` are not checked; `int-or-string` is said the structural way below.
        if (v === 'byte' || v === 'date-time') out.format = v;
        else if (v === 'int-or-string') out['x-kubernetes-int-or-string'] = true;
        break;
      case 'default':
        if (!isZero(v)) out.default = v;
        break;
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(v as Json).map(([p, ps]) => [p, reduce(ps)]));
        break;
      case 'items':
      case 'additionalProperties':
        out[k] = reduce(v);
        break;
      default:
        out[k] = v;
    }
  }
  return out;
}

/** The definitions whose shape the documents cannot say structurally, as the API server decodes them. */
function special(name: string, s: Json): Json | undefined {
  if (name === 'apimachinery.pkg.util.intstr.IntOrString') return { 'x-kubernetes-int-or-string': true };
  // A quantity is a string or a number (`cpu: 0.5`, `memory: 1Gi`): the loader's `quantity` format.
  if (name === 'apimachinery.pkg.api.resource.Quantity') return { type: 'string', format: 'quantity' };
  // Any JSON: a RawExtension (an embedded object), apiextensions' JSON (a default, an example).
  if (s.type === 'object' && !s.properties && !s.additionalProperties)
    return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  if (!s.type && !s.properties && !s.$ref && !s.allOf) return { 'x-kubernetes-preserve-unknown-fields': true };
  return undefined;
}

interface Seen {
  /** The releases (minors) holding the definition, and its reduced schema in each. */
  byMinor: Map<number, Json>;
}

function readRelease(dir: string): { files: { group: string; version: string; doc: Json }[] } {
  const files: { group: string; version: string; doc: Json }[] = [];
  const core = join(dir, 'api', 'v1.json');
  if (existsSync(core)) files.push({ group: '', version: 'v1', doc: JSON.parse(readFileSync(core, 'utf8')) as Json });
  const apis = join(dir, 'apis');
  if (existsSync(apis))
    for (const group of readdirSync(apis).sort())
      for (const f of readdirSync(join(apis, group)).sort())
        if (f.endsWith('.json'))
          files.push({
            group,
            version: f.slice(0, -5),
            doc: JSON.parse(readFileSync(join(apis, group, f), 'utf8')) as Json,
          });
  return { files };
}

/**
 * The kinds a group/version's document lets a client create: the body of a POST that is a definition of this
 * group/version's kinds (the documents of 1.23 carry no group-version-kind on their operations).
 */
function creatable(group: string, version: string, doc: Json): { kind: string; def: string }[] {
  const kinds = new Map<string, string>();
  const schemas = (isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {}) as Json;
  const kindOf = new Map<string, string>();
  for (const [name, s] of Object.entries(schemas)) {
    const gvks = isObj(s) ? s['x-kubernetes-group-version-kind'] : undefined;
    if (Array.isArray(gvks))
      for (const g of gvks)
        if (isObj(g) && g.group === group && g.version === version && typeof g.kind === 'string')
          kindOf.set(name, g.kind);
  }
  for (const ops of Object.values(isObj(doc.paths) ? doc.paths : {})) {
    const op = isObj(ops) ? ops.post : undefined;
    const body = isObj(op) && isObj(op.requestBody) ? op.requestBody.content : undefined;
    const json = isObj(body) ? Object.values(body).find((c) => isObj(c) && isObj(c.schema)) : undefined;
    const ref = isObj(json) && isObj(json.schema) ? json.schema.$ref : undefined;
    const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
    const kind = name ? kindOf.get(name) : undefined;
    if (kind && name) kinds.set(kind, short(name));
  }
  return [...kinds].map(([kind, def]) => ({ kind, def }));
}

function main(): void {
  const args = process.argv.slice(2);
  const src = args.find((a) => !a.startsWith('--'));
  if (!src) {
    console.error('usage: tsx scripts/gen-kube-kinds.ts <folder of 1.N/api, 1.N/apis> [--check]');
    process.exit(2);
  }
  const minors = readdirSync(src)
    .map((d) => /^1\.(\d+)$/.exec(d))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  if (minors.length === 0) throw new Error(`${src} holds no release folder (1.N)`);
  const defs = new Map<string, Seen>();
  const kinds = new Map<string, { group: string; version: string; kind: string; def: string; minors: number[] }>();
  for (const minor of minors) {
    const { files } = readRelease(join(src, `1.${minor}`));
    for (const { group, version, doc } of files) {
      const schemas = (isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {}) as Json;
      for (const [name, s] of Object.entries(schemas)) {
        if (!isObj(s)) continue;
        const n = short(name);
        let seen = defs.get(n);
        if (!seen) defs.set(n, (seen = { byMinor: new Map() }));
        // The same definition appears in many documents of a release: the first is kept.
        if (!seen.byMinor.has(minor)) seen.byMinor.set(minor, (special(n, s) ?? reduce(s)) as Json);
      }
      for (const { kind, def } of creatable(group, version, doc)) {
        const key = `${group}/${version}/${kind}`;
        let k = kinds.get(key);
        if (!k) kinds.set(key, (k = { group, version, kind, def, minors: [] }));
        k.def = def;
        if (!k.minors.includes(minor)) k.minors.push(minor);
      }
    }
  }
  const newest = minors[minors.length - 1];
  const out: Json = {};
  for (const [name, seen] of [...defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out[name] = merge(name, seen, minors);
  const data = {
    releases: minors.map((m) => `1.${m}`),
    kinds: [...kinds.values()]
      .sort((a, b) => (`${a.group}/${a.version}/${a.kind}` < `${b.group}/${b.version}/${b.kind}` ? -1 : 1))
      .map((k) => {
        const first = Math.min(...k.minors);
        const last = Math.max(...k.minors);
        return [k.group, k.version, k.kind, k.def, first, ...(last < newest ? [last + 1] : [])];
      }),
    // Removed before the documents: [group, version, kind, removed in].
    removed: Object.entries(REMOVED_BEFORE).flatMap(([key, r]) => {
      const gv = key.split(' ')[0];
      return r.kinds.map((kind) => [gv.slice(0, gv.indexOf('/')), gv.slice(gv.indexOf('/') + 1), kind, r.removedIn]);
    }),
    // Deprecated from a release on (served, with a warning): [group, version, kind, deprecated in, the
    // lifecycle's removal, withdrawn in?].
    deprecated: Object.entries(DEPRECATED_FROM).flatMap(([key, d]) => {
      const gv = key.split(' ')[0];
      const group = gv.slice(0, gv.indexOf('/'));
      const version = gv.slice(gv.indexOf('/') + 1);
      return d.kinds.map((kind) => {
        const k = kinds.get(`${group}/${version}/${kind}`);
        if (!k) throw new Error(`${gv} ${kind}: no release of the documents serves it`);
        const first = Math.min(...k.minors);
        const last = Math.max(...k.minors);
        const until = last < newest ? last + 1 : undefined;
        const what = `${gv} ${kind} (served 1.${first}–1.${last})`;
        if (Math.max(d.deprecatedIn, first) > last) throw new Error(`${what}: deprecated in 1.${d.deprecatedIn}`);
        if (d.withdrawnIn !== undefined) {
          if (!k.minors.includes(d.withdrawnIn))
            throw new Error(`${what}: a deprecation withdrawn in 1.${d.withdrawnIn} is a removal there`);
        } else if (until === undefined) {
          if (d.removedIn <= newest) throw new Error(`${what}: the lifecycle removes it in 1.${d.removedIn}`);
        } else if (until !== d.removedIn && !(/alpha/.test(version) && until < d.removedIn))
          throw new Error(`${what}: the lifecycle removes it in 1.${d.removedIn}, the documents in 1.${until}`);
        return [group, version, kind, d.deprecatedIn, d.removedIn, ...(d.withdrawnIn ? [d.withdrawnIn] : [])];
      });
    }),
    defs: out,
  };
  const text = `${JSON.stringify(data)}\n`;
  if (args.includes('--check')) {
    const now = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (now !== text) {
      console.error(`${OUT} is stale: run npx tsx scripts/gen-kube-kinds.ts ${src}`);
      process.exit(1);
    }
    console.log(`${OUT} is current.`);
    return;
  }
  writeFileSync(OUT, text);
  console.log(
    `${OUT}: ${kinds.size} kinds, ${defs.size} definitions, releases 1.${minors[0]}–1.${newest}, ${text.length} bytes`,
  );
}

/** A definition across releases: the newest schema, each property's releases where they differ, agreed `required`. */
function merge(name: string, seen: Seen, minors: number[]): Json {
  const present = minors.filter((m) => seen.byMinor.has(m));
  const newest = seen.byMinor.get(present[present.length - 1])!;
  const s: Json = { ...newest };
  const allProps = new Map<string, { schema: unknown; in: number[] }>();
  for (const m of present) {
    const props = seen.byMinor.get(m)!.properties;
    if (isObj(props))
      for (const [p, ps] of Object.entries(props)) {
        const e = allProps.get(p) ?? { schema: ps, in: [] };
        e.schema = ps; // the newest release's, minors ascending
        e.in.push(m);
        allProps.set(p, e);
      }
  }
  if (allProps.size > 0) {
    const enums = ENUMS[name] ?? {};
    const itemEnums = ITEM_ENUMS[name] ?? {};
    const bounds = BOUNDS[name] ?? {};
    const props: Json = {};
    for (const [p, e] of [...allProps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      let ps = { ...(e.schema as Json) };
      const first = e.in[0];
      const last = e.in[e.in.length - 1];
      if (first > present[0]) ps['x-since'] = first;
      if (last < present[present.length - 1]) ps['x-until'] = last + 1;
      if (enums[p] && ps.type === 'string') ps.enum = enums[p];
      if (itemEnums[p] && ps.type === 'array' && isObj(ps.items) && ps.items.type === 'string')
        ps.items = { ...ps.items, enum: itemEnums[p] };
      if (bounds[p] && ps.type === 'integer') ps = { ...ps, ...bounds[p] };
      if (!(UNIQUE_KEYS[name] ?? []).includes(p)) {
        delete ps['x-kubernetes-list-type'];
        delete ps['x-kubernetes-list-map-keys'];
      }
      props[p] = ps;
    }
    s.properties = props;
    // Required only where every release holding the property requires it.
    const required = [...allProps.keys()].filter(
      (p) =>
        (REQUIRED[name] ?? []).includes(p) ||
        allProps.get(p)!.in.every((m) => {
          const r = seen.byMinor.get(m)!.required;
          return Array.isArray(r) && r.includes(p);
        }),
    );
    if (required.length > 0) s.required = required.sort();
    else delete s.required;
  }
  for (const [table, label] of [
    [ENUMS, 'ENUMS'],
    [BOUNDS, 'BOUNDS'],
    [ITEM_ENUMS, 'ITEM_ENUMS'],
    [
      Object.fromEntries(Object.entries(UNIQUE_KEYS).map(([k, v]) => [k, Object.fromEntries(v.map((p) => [p, 1]))])),
      'UNIQUE_KEYS',
    ],
    [
      Object.fromEntries(Object.entries(REQUIRED).map(([k, v]) => [k, Object.fromEntries(v.map((p) => [p, 1]))])),
      'REQUIRED',
    ],
  ] as const)
    for (const p of Object.keys((table as Record<string, Record<string, unknown>>)[name] ?? {}))
      if (!allProps.has(p)) throw new Error(`${label}: ${name} has no property ${p}`);
  return s;
}

main();
