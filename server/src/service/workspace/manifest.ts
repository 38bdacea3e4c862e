// The workspace index's vocabulary: what one manifest contributes to the whole workspace (its identity,
// its owner, its references and the few values cross-document checks read), as plain data with file
// offsets. Nothing here reads files: the index is fed (uri, text) pairs.
import type { KindDef } from '../../model/types';

export type Span = [start: number, end: number];

/** An `owner` or a `…Reference` field of a manifest. */
export interface RefSite {
  /**
   * `owner`: the manifest's `spec.owner`; `reference`: a ResourceReference field, or a Kubernetes object
   * named by a built-in kind's field (kubeRefs.ts); `writes`: a ConfigMap or Secret an operator resource's
   * `operatorSpec` writes (a definition of that object, not a use).
   */
  role: 'owner' | 'reference' | 'writes';
  /**
   * The reference shape: known (owner kind fixed by the owned kind), arbitrary or wellKnown; `object`: a
   * Kubernetes object by name, its kind `expectedKind` in group `targetGroup` (kubeRefs.ts).
   */
  style: 'known' | 'arbitrary' | 'wellKnown' | 'object';
  /** Field path as written, e.g. `spec.destination.storageQueue.resourceReference`. */
  path: string;
  /** The reference mapping. */
  span: Span;
  /** The field's key (`owner`, `resourceReference`). */
  keySpan: Span;
  name?: string;
  nameSpan?: Span;
  group?: string;
  groupSpan?: Span;
  kind?: string;
  kindSpan?: Span;
  armId?: string;
  armIdSpan?: Span;
  wellKnownName?: string;
  /** For a known owner: the kind the owner must be; for an `object` site, the kind of the object named. */
  expectedKind?: string;
  /** What only an `object` site has (kubeRefs.ts). */
  object?: ObjectSiteFacts;
}

/** A key of a ConfigMap or Secret that a reference reads or a destination writes, where it is written. */
export interface KeyUse {
  key: string;
  span: Span;
}

/** The facts of a reference to a Kubernetes object (or of an operator's destination) beyond its name. */
export interface ObjectSiteFacts {
  /** The group of the object named (`` for the core group, `rbac.authorization.k8s.io`…). */
  group: string;
  /** The keys read (`configMapKeyRef.key`, `items[].key`) or written (a destination's `key`). */
  keys?: KeyUse[];
  /** `optional: true`: the pod starts without the object or key. */
  optional?: boolean;
  /** A destination that writes keys not known here (an expression yielding a map). */
  anyKeys?: boolean;
  /** The object is looked up in this namespace (a subject's `namespace`), not the referrer's. */
  namespace?: string;
  /** The object's kind is cluster-scoped (a ClusterRole): any namespace. */
  clusterScoped?: boolean;
  /** An Ingress backend's `port.name` or `port.number`, checked against the Service's ports. */
  port?: { name?: string; number?: number; span: Span };
}

/** A Service's selector or a workload's pod labels as literal pairs (kubeSelectors.ts). */
export interface LabelSet {
  role: 'selector' | 'pods';
  /** The key (`selector`, `labels`). */
  keySpan: Span;
  /** The mapping. */
  span: Span;
  /** Flat: `[key, value, key, value…]`. */
  pairs: readonly string[];
}

/** A value read by the cross-document checks (`spec.kind` of an account, `spec.shareQuota` of a share…). */
export interface TrackedValue {
  value: unknown;
  span: Span;
}

export interface Manifest {
  uri: string;
  def: KindDef;
  /** Domain part of the manifest's group (`cloud.example.com`). */
  domain: string;
  kind: string;
  /** `metadata.namespace`, `default` when absent. */
  namespace: string;
  /** `metadata.namespace` is written (absent: the namespace it is applied to; kubeRefs.ts tells them apart). */
  namespaced: boolean;
  /**
   * Of a ConfigMap or Secret written literally: the keys its data defines; undefined where they are not
   * known for sure (no data, a key a template writes, a Secret a controller fills). kubeRefs.ts.
   */
  dataKeys?: readonly string[];
  /** Of a Service: its ports' names and numbers (an Ingress backend's port is checked against them). */
  ports?: readonly (string | number)[];
  /** Of a Service, its selector; of a workload (or Pod), its pods' labels: navigation only (kubeSelectors.ts). */
  labels?: LabelSet;
  name?: string;
  /** The `metadata.name` value. */
  nameSpan?: Span;
  /** The whole manifest mapping. */
  span: Span;
  /** An item of a `<Kind>List`. */
  listItem: boolean;
  cloudName?: string;
  /** `spec.location` as written (a new manifest's snippet takes the workspace's most used). */
  location?: string;
  owner?: RefSite;
  refs: RefSite[];
  /** Values the cross-file rules track (rules/index.ts), keyed by dotted path (`spec.kind`, …). */
  values: Record<string, TrackedValue>;
}

/** The owner and references of a manifest. */
export function sitesOf(m: Pick<Manifest, 'owner' | 'refs'>): RefSite[] {
  return m.owner ? [m.owner, ...m.refs] : m.refs;
}

/** `storage.cloud.example.com`: the group of a manifest. */
export const groupOf = (m: Pick<Manifest, 'def' | 'domain'>): string => `${m.def.area}.${m.domain}`;

/** `StorageAccount appstore`. */
export const labelOf = (m: Pick<Manifest, 'kind' | 'name'>): string => `${m.kind} ${m.name ?? '(unnamed)'}`;

/** Kubernetes object names: lowercase RFC 1123 subdomain. */
export const K8S_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
