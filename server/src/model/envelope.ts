// The envelope of every manifest (`apiVersion`, `kind`, `metadata`, `spec`, `status`) and of its
// `<Kind>List`, built from a kind's definition. Validation, completion, hover and the JSON Schemas share it.
import { arr, obj, open, opt, req, str } from './build';
import { CRONJOB_NAME, DNS1035_NAME, DNS1123_LABEL_NAME, kubeObjectMeta, objectMeta, RBAC_NAME } from './common';
import type { KindDef, ObjectType } from './types';

const hasRequired = (o: ObjectType) => Object.values(o.fields).some((f) => f.required);

/** The name syntax of a built-in kind, where it is not the DNS subdomain (the API server's name functions). */
function kubeNameRule(def: KindDef) {
  const group = def.kube?.group;
  if (group === 'rbac.authorization.k8s.io') return RBAC_NAME;
  if (group === '' && def.kind === 'Service') return DNS1035_NAME;
  if (group === '' && def.kind === 'Namespace') return DNS1123_LABEL_NAME;
  if (group === 'batch' && def.kind === 'CronJob') return CRONJOB_NAME;
  return undefined;
}

const cache = new WeakMap<KindDef, { env: ObjectType; item: ObjectType; list: ObjectType }>();

function build(def: KindDef) {
  // A CRD's kind has its exact group; a built-in kind's group takes the workspace's domain.
  const group = def.kube ? def.kube.group : `${def.area}.${def.domain ?? '{api_domain}'}`;
  // A built-in kind of Kubernetes: `apps/v1`, `v1`.
  const apiVersion = def.kube ? def.apiVersionValue : `${group}/${def.version}`;
  const fields = (typeRequired: boolean) => ({
    apiVersion: (typeRequired ? req : opt)(
      str(),
      def.crd
        ? `API group and version: \`${apiVersion}\``
        : `API group and version: \`${apiVersion}\` (cloud API version ${def.apiVersionValue})`,
    ),
    kind: (typeRequired ? req : opt)(str({ enum: [{ value: def.kind, doc: def.doc }] }), `the kind: \`${def.kind}\``),
    // A review (SubjectAccessReview, TokenReview) is created without metadata, a stored object with its name
    // (or `generateName`, which stands for it: `name` is not required inside).
    metadata: def.kube
      ? (/Review$/.test(def.kind) ? opt : req)(
          kubeObjectMeta(kubeNameRule(def)),
          'Kubernetes object metadata: `name` (or `generateName`), `namespace`, labels, annotations',
        )
      : req(objectMeta(), 'Kubernetes object metadata: `name` (required), `namespace`, labels, annotations'),
    ...(def.topFields ?? {
      spec: (hasRequired(def.spec) ? req : opt)(def.spec, `desired state of the ${def.kind}`),
      status: opt(def.status, 'observed state, written by the service: read-only, ignored when applied'),
    }),
  });
  const unknown = {
    ...(def.topUnknown ? { unknownFields: def.topUnknown } : {}),
    ...(def.validations ? { validations: def.validations } : {}),
    ...(def.topDefaults ? { defaults: def.topDefaults } : {}),
    // `spec` fields written at the top level (`spec:` forgotten) are one mistake (where there is a `spec`).
    ...(!def.topFields || def.topFields.spec ? { flatInto: 'spec' } : {}),
  };
  const env = obj(def.kind, fields(true), { doc: def.doc, ...unknown });
  const item = obj(def.kind, fields(false), { doc: def.doc, ...unknown });
  // A CRD may name its list kind otherwise (`spec.names.listKind`).
  const listKind = def.crd?.listKind ?? `${def.kind}List`;
  const list = obj(
    listKind,
    {
      apiVersion: req(str(), `API group and version: \`${apiVersion}\``),
      kind: req(str({ enum: [{ value: listKind }] }), `the kind: \`${listKind}\``),
      metadata: opt(open('ListMeta', 'Kubernetes list metadata'), 'list metadata'),
      items: opt(arr(item), `the ${def.kind} manifests of the list`),
    },
    { doc: `A list of ${def.kind} manifests.` },
  );
  const v = { env, item, list };
  cache.set(def, v);
  return v;
}

/** The envelope type of a manifest of `def`. */
export const envelopeOf = (def: KindDef): ObjectType => (cache.get(def) ?? build(def)).env;
/** The envelope type of an item of `<Kind>List` (its `apiVersion` and `kind` may be omitted). */
export const listItemOf = (def: KindDef): ObjectType => (cache.get(def) ?? build(def)).item;
/**
 * A core `apiVersion: v1` `kind: List` seen from one of its items (of `def`): the list's own keys, and
 * `items` typed as manifests of `def` (each item has its own kind; this types the one being edited).
 */
const coreCache = new WeakMap<ObjectType, ObjectType>();
export const coreListEnvelopeOf = (def: KindDef): ObjectType => coreListOf(envelopeOf(def));

/** A core `v1` `List` whose item being edited has the type `item` (a kind's envelope, or a generic one). */
export function coreListOf(item: ObjectType): ObjectType {
  let t = coreCache.get(item);
  if (!t) {
    t = obj('List', {
      apiVersion: req(str({ enum: [{ value: 'v1' }] }), 'the core API version: `v1`'),
      kind: req(str({ enum: [{ value: 'List' }] }), 'the kind: `List`, a list of manifests of any kinds'),
      metadata: opt(open('ListMeta', 'Kubernetes list metadata'), 'list metadata'),
      items: opt(arr(item), 'the manifests of the list, each checked as the kind it names'),
    });
    coreCache.set(item, t);
  }
  return t;
}

/** The envelope type of a `<Kind>List`. */
export const listEnvelopeOf = (def: KindDef): ObjectType => (cache.get(def) ?? build(def)).list;
