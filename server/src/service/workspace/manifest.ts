// The workspace index's vocabulary: what one manifest contributes to the whole workspace (its identity,
// its owner, its references and the few values cross-document checks read), as plain data with file
// offsets. Nothing here reads files: the index is fed (uri, text) pairs.
import type { KindDef } from '../../model/types';

export type Span = [start: number, end: number];

/** An `owner` or a `…Reference` field of a manifest. */
export interface RefSite {
  /** `owner`: the manifest's `spec.owner`; `reference`: a ResourceReference field. */
  role: 'owner' | 'reference';
  /** The reference shape: known (owner kind fixed by the owned kind), arbitrary or wellKnown. */
  style: 'known' | 'arbitrary' | 'wellKnown';
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
  /** For a known owner: the kind the owner must be. */
  expectedKind?: string;
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
