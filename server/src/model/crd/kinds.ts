// A CustomResourceDefinition (`apiextensions.k8s.io/v1`) as kind definitions: one KindDef per served
// version, of the same shape as the built-in ones. A version's schema is converted on first use (a bundle
// holds hundreds of kinds; a workspace uses a few), and the CRD's own check converts it again for its notes.
import type { CrdOrigin, Field, KindDef, ObjectType, OwnerRule } from '../types';
import { rootShape, type RootShape, type SchemaNote, type SchemaPath } from './schema';

export const CRD_API_VERSION = 'apiextensions.k8s.io/v1';
export const CRD_KIND = 'CustomResourceDefinition';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A manifest's plain value is a v1 CRD. */
export const isCrd = (v: unknown): v is Json => isObj(v) && v.apiVersion === CRD_API_VERSION && v.kind === CRD_KIND;

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: string;
  statusSubresource: boolean;
  schema: unknown;
  /** Where the version's `openAPIV3Schema` is in the CRD document. */
  schemaPath: SchemaPath;
  /** Where the version is in the CRD document. */
  path: SchemaPath;
}

export interface CrdHeader {
  /** `metadata.name` (`<plural>.<group>`), or the group and kind when it has none. */
  name: string;
  group: string;
  kind: string;
  /** `spec.names.listKind` when it is not `<kind>List`. */
  listKind?: string;
  versions: CrdVersion[];
}

/** What a CRD says about its group, kind and versions, or why it cannot be used. */
export function readCrd(crd: Json): CrdHeader | { problem: string; path: SchemaPath } {
  const spec = crd.spec;
  if (!isObj(spec)) return { problem: 'The CustomResourceDefinition has no `spec`; it defines no kind.', path: [] };
  const group = spec.group;
  if (typeof group !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/.test(group))
    return {
      problem: '`spec.group` must be a DNS name with at least one dot; the CRD defines no kind.',
      path: ['spec', 'group'],
    };
  const names = spec.names;
  const kind = isObj(names) ? names.kind : undefined;
  if (typeof kind !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(kind))
    return { problem: '`spec.names.kind` must be a kind name; the CRD defines no kind.', path: ['spec', 'names'] };
  const meta = crd.metadata;
  const name = isObj(meta) && typeof meta.name === 'string' ? meta.name : `${kind}.${group}`;
  const listKind = isObj(names) && typeof names.listKind === 'string' ? names.listKind : undefined;
  const versions: CrdVersion[] = [];
  if (Array.isArray(spec.versions))
    spec.versions.forEach((v, i) => {
      if (!isObj(v) || typeof v.name !== 'string' || !v.name) return;
      const sub = v.subresources;
      versions.push({
        name: v.name,
        served: v.served === true,
        storage: v.storage === true,
        ...(v.deprecated === true
          ? {
              deprecated:
                typeof v.deprecationWarning === 'string' && v.deprecationWarning
                  ? v.deprecationWarning
                  : `${group}/${v.name} ${kind} is deprecated`,
            }
          : {}),
        statusSubresource: isObj(sub) && sub.status !== undefined,
        schema: isObj(v.schema) ? v.schema.openAPIV3Schema : undefined,
        schemaPath: ['spec', 'versions', i, 'schema', 'openAPIV3Schema'],
        path: ['spec', 'versions', i],
      });
    });
  return { name, group, kind, versions, ...(listKind && listKind !== `${kind}List` ? { listKind } : {}) };
}

/**
 * The operator's owner shape, where the schema has it: `spec.owner` with `name` and `armId` (a known
 * reference; the kind it names in its description: "…a reference to a resources.azure.com/ResourceGroup
 * resource"), or with `group`, `kind` and `name` (any resource). Any other schema has no owner we know.
 */
export function ownerOf(spec: ObjectType | undefined): OwnerRule {
  const o = spec?.fields.owner;
  if (!o || o.type.kind !== 'object') return { style: 'none' };
  const f = o.type.fields;
  if (f.group && f.kind && f.name) return { style: 'arbitrary' };
  if (f.name && f.armId) {
    const m = /reference to an? [a-z0-9.-]+\/([A-Za-z][A-Za-z0-9]*) resource/.exec(`${o.doc} ${o.type.doc ?? ''}`);
    if (m) return { style: 'known', kind: m[1] };
  }
  return { style: 'none' };
}

/** An object type that accepts anything: the placeholder `spec`/`status` of a kind whose schema has none. */
const anything = (name: string): ObjectType => ({ kind: 'object', name, fields: {}, unknownFields: 'accept' });

/**
 * Where a version's schema comes from when it is converted: the CRD's value read again (`reload`: the
 * caller keeps the CRD's text, not its value, so the descriptions of kinds never used are not held), else
 * the value read at first. A text whose header was read but whose whole is refused (nested beyond the
 * reader's bound) gives no schema: its kinds accept anything rather than fail every check that asks.
 */
function schemaSource(
  v: CrdVersion,
  reload: (() => unknown) | undefined,
  refused: (why: string) => void,
): () => unknown {
  if (!reload) {
    const schema = v.schema;
    return () => schema;
  }
  const i = v.path[2] as number;
  return () => {
    let again: unknown;
    try {
      again = reload();
    } catch (e) {
      refused(readerReason(e));
      return undefined;
    }
    const spec = isObj(again) ? again.spec : undefined;
    const version = isObj(spec) && Array.isArray(spec.versions) ? spec.versions[i] : undefined;
    return isObj(version) && isObj(version.schema) ? version.schema.openAPIV3Schema : undefined;
  };
}

/** What a reader's exception says, without the excerpt of the text it may carry (the first line only). */
export function readerReason(e: unknown): string {
  const reason = (e as { reason?: unknown })?.reason;
  const text = typeof reason === 'string' && reason !== '' ? reason : e instanceof Error ? e.message : String(e);
  return text.split('\n')[0];
}

/** The kind of one version; its schema is converted when first asked for. */
function kindOfVersion(h: CrdHeader, v: CrdVersion, uri: string | undefined, reload?: () => unknown): KindDef {
  // Why the CRD's text could not be read again for this version's schema (crd-unreadable), once it was tried.
  let unreadable: string | undefined;
  return kindOfSchema(
    h,
    v,
    schemaSource(v, reload, (why) => (unreadable = why)),
    `${h.kind} (\`${h.group}/${v.name}\`), a custom resource defined by the CustomResourceDefinition \`${h.name}\`.`,
    uri,
    undefined,
    () => unreadable,
  );
}

/**
 * The kind of a version whose `openAPIV3Schema` `schema()` gives when first asked for: a CRD's, or one of
 * Kubernetes' built-in kinds (model/kube/kinds.ts), read by the same converter.
 */
export function kindOfSchema(
  h: Pick<CrdHeader, 'name' | 'group' | 'kind' | 'listKind'>,
  v: CrdVersion,
  schema: () => unknown,
  doc: string,
  uri?: string,
  extra?: Pick<KindDef, 'kube' | 'apiVersionValue' | 'area' | 'domain'>,
  unreadable?: () => string | undefined,
): KindDef {
  const dot = h.group.indexOf('.');
  let shape: RootShape | undefined;
  const get = () => (shape ??= rootShape(schema(), v.schemaPath, h.kind, !!extra?.kube));
  const objectField = (name: string): ObjectType => {
    const f: Field | undefined = get().topFields[name];
    return f?.type.kind === 'object' ? f.type : anything(`${h.kind}.${name}`);
  };
  const crd: CrdOrigin = {
    name: h.name,
    ...(uri ? { uri } : {}),
    served: v.served,
    storage: v.storage,
    ...(v.deprecated ? { deprecated: v.deprecated } : {}),
    statusSubresource: v.statusSubresource,
    ...(h.listKind ? { listKind: h.listKind } : {}),
    get unreadable() {
      get();
      return unreadable?.();
    },
  };
  return {
    kind: h.kind,
    area: h.group.slice(0, dot),
    domain: h.group.slice(dot + 1),
    version: v.name,
    apiVersionValue: v.name,
    doc,
    get owner() {
      return ownerOf(objectField('spec'));
    },
    source: h.name,
    crd,
    ...extra,
    get spec() {
      return objectField('spec');
    },
    get status() {
      return objectField('status');
    },
    get topFields() {
      return get().topFields;
    },
    get topUnknown() {
      return get().topUnknown;
    },
    get validations() {
      return get().validations;
    },
    get topDefaults() {
      return get().topDefaults;
    },
  };
}

/**
 * Every version of a CRD as a kind (an unserved one too: its manifests are told so). With `reload`, the
 * kinds keep none of `crd`: a version's schema is read again from it when the kind is first used.
 */
export function kindsOfCrd(crd: Json, uri?: string, reload?: () => unknown): KindDef[] {
  const h = readCrd(crd);
  if ('problem' in h) return [];
  const once = reload && readOnceFor(reload, h.versions.length);
  return h.versions.map((v) => kindOfVersion(h, once ? { ...v, schema: undefined } : v, uri, once));
}

/**
 * `reload` shared by the `versions` kinds of one CRD: the text is read once, when the first of them is used,
 * and kept until each has taken its schema (then forgotten). Each reading its own copy of the whole text
 * was quadratic: 1,000 versions read a 1.2 MB CRD 1,000 times (60 s of CPU for 1,000 manifests).
 */
function readOnceFor(reload: () => unknown, versions: number): () => unknown {
  let read: { value: unknown } | { error: unknown } | undefined;
  let left = versions;
  return () => {
    if (!read)
      try {
        read = { value: reload() };
      } catch (error) {
        read = { error }; // Refused once is refused for every version: not read again.
      }
    const now = read;
    if (--left <= 0) read = undefined;
    if ('error' in now) throw now.error;
    return now.value;
  };
}

/** The notes of converting each version's schema (the CRD's own check reports them). */
export function crdNotes(h: CrdHeader): SchemaNote[] {
  return h.versions.flatMap((v) => rootShape(v.schema, v.schemaPath, h.kind).notes);
}
