// What a kustomization's transformers do to a resource of Kubernetes' own kinds beyond what render.ts's
// `transform` does (the metadata's name, namespace, labels and annotations), as `kubectl kustomize` v5 does it:
// Kustomize's built-in field specs (api/internal/konfig/builtinpluginconsts in kubernetes-sigs/kustomize,
// taken as data below) write labels into selectors and pod templates and annotations into pod templates;
// the namespace transformer (api/filters/namespace) leaves cluster-scoped kinds without one, names a
// Namespace after it and sets it on RoleBinding subjects named `default`; the prefix and suffix skip
// CustomResourceDefinition, APIService and Namespace; `replicas` sets a count; `images`
// (api/filters/imagetag) rewrites the images of containers and init containers. What is not reproduced
// says so (`unsure`, with why): then the rendered resource is not checked whole (renderedDiagnostics.ts).
// The name references (a renamed ConfigMap followed into the Deployment that names it) are nameReference.ts's.
import { kustomizeClusterScoped } from '../../../model/kube/kustomizeMerge';
import { compileGoRegexp, isRegexpError } from '../../core/goRegexp';
import type { Json, JsonObject } from './jsonPatch';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const given = (v: Json | undefined): v is string => typeof v === 'string' && v !== '';

/** A field spec: a path (`[]` marks a list), whether it is created, and the kinds it is for. */
interface FieldSpec {
  readonly path: string;
  readonly create: boolean;
  readonly group?: string;
  readonly version?: string;
  readonly kind?: string;
}

const spec = (path: string, create: boolean, kind?: string, group?: string, version?: string): FieldSpec => ({
  path,
  create,
  ...(kind ? { kind } : {}),
  ...(group ? { group } : {}),
  ...(version ? { version } : {}),
});

/** Pod-template labels (builtinpluginconsts/metadatalabels.go, without `metadata/labels`: render.ts sets it). */
const TEMPLATE_LABELS: readonly FieldSpec[] = [
  spec('spec/template/metadata/labels', true, 'ReplicationController', '', 'v1'),
  spec('spec/template/metadata/labels', true, 'Deployment'),
  spec('spec/template/metadata/labels', true, 'ReplicaSet'),
  spec('spec/template/metadata/labels', true, 'DaemonSet'),
  spec('spec/template/metadata/labels', true, 'StatefulSet', 'apps'),
  spec('spec/template/metadata/labels', true, 'Job', 'batch'),
  spec('spec/jobTemplate/metadata/labels', true, 'CronJob', 'batch'),
  spec('spec/jobTemplate/spec/template/metadata/labels', true, 'CronJob', 'batch'),
];

/** volumeclaimmetadatalabels.go. */
const CLAIM_LABELS = spec('spec/volumeClaimTemplates[]/metadata/labels', true, 'StatefulSet', 'apps');

const AFFINITY = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

/** `commonLabels` (and `labels` with `includeSelectors`): builtinpluginconsts/commonlabels.go. */
const COMMON_LABELS: readonly FieldSpec[] = [
  spec('spec/selector', true, 'Service', '', 'v1'),
  spec('spec/selector', true, 'ReplicationController', '', 'v1'),
  spec('spec/selector/matchLabels', true, 'Deployment'),
  ...AFFINITY.map((p) => spec(p, false, 'Deployment', 'apps')),
  spec('spec/selector/matchLabels', true, 'ReplicaSet'),
  spec('spec/selector/matchLabels', true, 'DaemonSet'),
  spec('spec/selector/matchLabels', true, 'StatefulSet', 'apps'),
  ...AFFINITY.map((p) => spec(p, false, 'StatefulSet', 'apps')),
  spec('spec/selector/matchLabels', false, 'Job', 'batch'),
  spec('spec/jobTemplate/spec/selector/matchLabels', false, 'CronJob', 'batch'),
  spec('spec/selector/matchLabels', false, 'PodDisruptionBudget', 'policy'),
  spec('spec/podSelector/matchLabels', false, 'NetworkPolicy', 'networking.k8s.io'),
  spec('spec/ingress/from/podSelector/matchLabels', false, 'NetworkPolicy', 'networking.k8s.io'),
  spec('spec/egress/to/podSelector/matchLabels', false, 'NetworkPolicy', 'networking.k8s.io'),
  ...TEMPLATE_LABELS,
  CLAIM_LABELS,
];

/** `commonAnnotations`: builtinpluginconsts/commonannotations.go, without `metadata/annotations`. */
const ANNOTATIONS: readonly FieldSpec[] = [
  spec('spec/template/metadata/annotations', true, 'ReplicationController', '', 'v1'),
  spec('spec/template/metadata/annotations', true, 'Deployment'),
  spec('spec/template/metadata/annotations', true, 'ReplicaSet'),
  spec('spec/template/metadata/annotations', true, 'DaemonSet'),
  spec('spec/template/metadata/annotations', true, 'StatefulSet'),
  spec('spec/template/metadata/annotations', true, 'Job', 'batch'),
  spec('spec/jobTemplate/metadata/annotations', true, 'CronJob', 'batch'),
  spec('spec/jobTemplate/spec/template/metadata/annotations', true, 'CronJob', 'batch'),
];

/** `replicas`: builtinpluginconsts/replicas.go. */
const REPLICAS: ReadonlySet<string> = new Set(['Deployment', 'ReplicationController', 'ReplicaSet', 'StatefulSet']);

/** `images` beyond every `containers` / `initContainers` list: builtinpluginconsts/images.go. */
const IMAGE_PATHS: readonly string[] = [
  'spec/volumes[]/image/reference',
  'spec/template/spec/volumes[]/image/reference',
];

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const versionOf = (apiVersion: string): string => apiVersion.slice(apiVersion.indexOf('/') + 1);

const selects = (s: FieldSpec, r: JsonObject): boolean => {
  const api = str(r.apiVersion) ?? '';
  return (
    (!s.kind || s.kind === r.kind) &&
    (!s.group || s.group === groupOf(api)) &&
    (!s.version || s.version === versionOf(api))
  );
};

/** Why a step is not reproduced: the first reason given. */
class Doubt {
  why?: string;
  say(why: string): void {
    this.why ??= why;
  }
}

/**
 * Kustomize's field-spec walk (api/filters/fieldspec): down the path, into every element of a list met on
 * the way, creating maps where the spec creates, then `set` on the map at its end. A scalar on the way stops
 * kubectl (unsure here).
 */
function walkSpec(node: Json, path: readonly string[], create: boolean, set: (m: JsonObject) => void, d: Doubt): void {
  if (node === null) return;
  if (Array.isArray(node)) {
    for (const e of node) walkSpec(e, path, create, set, d);
    return;
  }
  if (!isObject(node)) {
    d.say('a field spec meets a scalar on its way');
    return;
  }
  if (path.length === 0) {
    set(node);
    return;
  }
  const list = path[0].endsWith('[]');
  const field = list ? path[0].slice(0, -2) : path[0];
  let v = node[field];
  if (create && !list && (v === undefined || v === null)) node[field] = v = {};
  if (v === undefined) return;
  walkSpec(v, path.slice(1), create, set, d);
}

/** The pairs written into each map the specs reach (as strings, as Kustomize writes them). */
function writePairs(r: JsonObject, specs: readonly FieldSpec[], pairs: JsonObject, d: Doubt): void {
  for (const s of specs) {
    if (!selects(s, r)) continue;
    walkSpec(
      r,
      s.path.split('/'),
      s.create,
      (m) => {
        for (const [k, v] of Object.entries(pairs)) m[k] = v === null ? '' : typeof v === 'object' ? v : String(v);
      },
      d,
    );
  }
}

/** An image rewritten by one `images` entry (api/filters/imagetag/updater.go); the same when it does not match. */
function retag(image: string, entry: JsonObject, matches: (s: string) => boolean): string {
  if (!matches(image)) return image;
  let [name, tag, digest] = splitImage(image);
  if (given(entry.newName)) name = entry.newName;
  const newTag = given(entry.newTag) ? entry.newTag : typeof entry.newTag === 'number' ? String(entry.newTag) : '';
  const newDigest = given(entry.digest) ? entry.digest : '';
  if (newTag && newDigest) [tag, digest] = [newTag, newDigest];
  else if (newTag) [tag, digest] = [newTag, ''];
  else if (newDigest) [tag, digest] = ['', newDigest];
  return `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
}

/** An image's name, tag and digest (api/internal/image/image.go's Split). */
function splitImage(image: string): [string, string, string] {
  const slash = image.indexOf('/');
  const from = slash > 0 ? slash : 0;
  const rest = image.slice(from);
  const at = rest.indexOf('@');
  const colon = rest.indexOf(':');
  if (colon < 0 && at < 0) return [image, '', ''];
  if (at >= 0 && (at < colon || colon < 0)) return [image.slice(0, from + at), '', image.slice(from + at + 1)];
  if (at >= 0 && colon >= 0)
    return [image.slice(0, from + colon), image.slice(from + colon + 1, from + at), image.slice(from + at + 1)];
  return [image.slice(0, from + colon), image.slice(from + colon + 1), ''];
}

/** The `image` of each element of every `containers` / `initContainers` list, anywhere (imagetag's LegacyFilter). */
function retagContainers(node: Json, set: (image: string) => string, depth: number): void {
  if (depth > 100) return;
  if (Array.isArray(node)) for (const e of node) retagContainers(e, set, depth + 1);
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      retagContainers(v, set, depth + 1);
      if ((k === 'containers' || k === 'initContainers') && Array.isArray(v))
        for (const c of v) if (isObject(c) && typeof c.image === 'string') c.image = set(c.image);
    }
}

/** The images an `images` list rewrites in `r` (in place), each entry in turn. */
function images(r: JsonObject, entries: Json[], d: Doubt): void {
  if (r.kind === 'CustomResourceDefinition') return;
  for (const e of entries) {
    if (!isObject(e) || !given(e.name)) continue;
    if (e.tagSuffix !== undefined) d.say('`images` with `tagSuffix` is not rendered here');
    // The name is a regular expression to Kustomize (unescaped), followed by an optional tag and digest.
    const re = compileGoRegexp(
      `^${e.name}(:[a-zA-Z0-9_.{}-]*)?(@[a-zA-Z0-9]+([.+_-][a-zA-Z0-9]+)*:[a-zA-Z0-9_.{}-]*)?$`,
    );
    if (isRegexpError(re)) continue;
    const set = (image: string) => retag(image, e, (s) => re.test(s));
    // The legacy walk, then the field specs (both run: kubectl applies each entry twice where both reach).
    retagContainers(r, set, 0);
    retagContainers(r, set, 0);
    for (const p of IMAGE_PATHS) {
      const parts = p.split('/');
      walkSpec(
        r,
        parts.slice(0, -1),
        false,
        (m) => {
          const last = parts[parts.length - 1];
          if (typeof m[last] === 'string') m[last] = set(m[last]);
        },
        d,
      );
    }
  }
}

export interface BuiltinStep {
  value: JsonObject;
  /** Why the result may not be what kubectl builds. */
  unsure?: string;
}

/**
 * What kustomization `k`'s transformers do to built-in resource `before` beyond render.ts's `transform`
 * (whose result is `after`): the resource as kubectl renders it, and why it may not be.
 */
export function builtinTransform(before: JsonObject, after: JsonObject, k: JsonObject): BuiltinStep {
  const d = new Doubt();
  const api = str(before.apiVersion) ?? '';
  const kind = str(before.kind) ?? '';
  const group = groupOf(api);
  const out = structuredClone(after);
  const m = isObject(out.metadata) ? out.metadata : (out.metadata = {});
  const was = isObject(before.metadata) ? before.metadata : {};
  const renamed = given(k.namePrefix) || given(k.nameSuffix);
  const skipsRename =
    kind === 'CustomResourceDefinition' ||
    kind === 'Namespace' ||
    (kind === 'APIService' && group === 'apiregistration.k8s.io');
  if (renamed && skipsRename) {
    if (was.name === undefined) delete m.name;
    else m.name = was.name;
  }
  if (given(k.namespace)) {
    const ns = k.namespace;
    if (kustomizeClusterScoped(api, kind)) {
      if (was.namespace === undefined) delete m.namespace;
      else m.namespace = was.namespace;
    }
    if (api === 'v1' && kind === 'Namespace') m.name = ns;
    if (kind === 'RoleBinding' || kind === 'ClusterRoleBinding')
      for (const s of Array.isArray(out.subjects) ? out.subjects : [])
        if (isObject(s) && s.name === 'default') s.namespace = ns;
    // builtinpluginconsts/namespace.go: the service an APIService or a CRD's conversion webhook calls.
    const service = (path: string, create: boolean) =>
      walkSpec(out, path.split('/'), create, (svc) => void (svc.namespace = ns), d);
    if (kind === 'APIService' && group === 'apiregistration.k8s.io') service('spec/service', true);
    if (kind === 'CustomResourceDefinition' && group === 'apiextensions.k8s.io')
      service('spec/conversion/webhook/clientConfig/service', false);
  }
  if (isObject(k.commonLabels)) writePairs(out, COMMON_LABELS, k.commonLabels, d);
  for (const l of Array.isArray(k.labels) ? k.labels : []) {
    if (!isObject(l) || !isObject(l.pairs)) continue;
    if (Array.isArray(l.fields) && l.fields.length > 0) d.say('`labels` with `fields` is not rendered here');
    if (l.includeSelectors === true) writePairs(out, COMMON_LABELS, l.pairs, d);
    // Templates include a StatefulSet's volume claim templates (as kubectl renders them).
    else if (l.includeTemplates === true) writePairs(out, [...TEMPLATE_LABELS, CLAIM_LABELS], l.pairs, d);
  }
  if (isObject(k.commonAnnotations)) writePairs(out, ANNOTATIONS, k.commonAnnotations, d);
  if (Array.isArray(k.replicas) && REPLICAS.has(kind))
    for (const r of k.replicas) {
      if (!isObject(r) || !given(r.name)) continue;
      if (r.name !== was.name && r.name !== m.name) continue;
      if (typeof r.count !== 'number') {
        d.say('a `replicas` count that is not a number');
        continue;
      }
      const s = isObject(out.spec) ? out.spec : (out.spec = {});
      s.replicas = r.count;
    }
  if (Array.isArray(k.images)) images(out, k.images, d);
  return { value: out, ...(d.why ? { unsure: d.why } : {}) };
}

/** Whether a kustomization has a transformer builtinTransform reads (else it changes nothing there). */
export const transformsBuiltin = (k: JsonObject): boolean =>
  given(k.namePrefix) ||
  given(k.nameSuffix) ||
  given(k.namespace) ||
  isObject(k.commonLabels) ||
  Array.isArray(k.labels) ||
  isObject(k.commonAnnotations) ||
  (Array.isArray(k.replicas) && k.replicas.length > 0) ||
  (Array.isArray(k.images) && k.images.length > 0);
