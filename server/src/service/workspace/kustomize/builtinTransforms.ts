// What a kustomization's transformers change in a resource of Kubernetes' own kinds beyond what render.ts's
// `transform` reproduces (the metadata's name, namespace, labels and annotations): Kustomize's built-in
// field specs (api/internal/konfig/builtinpluginconsts in kubernetes-sigs/kustomize) also write labels into
// selectors and pod templates, annotations into pod templates, follow a renamed object into the fields that
// name it (nameReference), leave cluster-scoped kinds without a namespace and rewrite RoleBinding subjects,
// and `images` / `replicas` change containers and counts. None of these is rendered yet: a resource they
// apply to is said unsure (with why), so its rendering is not checked whole (renderedDiagnostics.ts).
import type { Json, JsonObject } from './jsonPatch';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const given = (v: Json | undefined): boolean => typeof v === 'string' && v !== '';

/** Kinds holding a pod template (Kustomize's label and annotation field specs write into it). */
const TEMPLATED: ReadonlySet<string> = new Set([
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'StatefulSet',
  'Job',
  'CronJob',
  'ReplicationController',
]);

/**
 * Why Kustomize's transformers of kustomization `k` may change built-in resource `r` in a way not rendered
 * here; undefined: what render.ts's transform does is all they do to it.
 */
export function unreproduced(r: JsonObject, k: JsonObject): string | undefined {
  if (given(k.namePrefix) || given(k.nameSuffix))
    return 'namePrefix / nameSuffix: the references that follow a renamed object are not rendered here';
  if (given(k.namespace)) return 'namespace: its field specs for built-in kinds are not rendered here';
  if (isObject(k.commonLabels))
    return 'commonLabels: labels written into selectors and templates are not rendered here';
  if (
    Array.isArray(k.labels) &&
    k.labels.some((l) => isObject(l) && (l.includeSelectors === true || l.includeTemplates === true))
  )
    return 'labels with includeSelectors / includeTemplates are not rendered here';
  if (isObject(k.commonAnnotations) && TEMPLATED.has(String(r.kind)))
    return 'commonAnnotations: annotations written into pod templates are not rendered here';
  if (Array.isArray(k.images) && k.images.length > 0) return '`images` is not rendered here';
  if (Array.isArray(k.replicas) && k.replicas.length > 0) return '`replicas` is not rendered here';
  return undefined;
}
