// The kinds an analysis knows and a field of one, as data: what the MCP server's `list_kinds` and `explain`
// answer (mcp/). The facts are hover's (features/hover.ts, features/markdown.ts): the kind's type along a
// path (model/typePath.ts) over its envelope (model/envelope.ts), with the hover's markdown beside them.
import { apiVersionString, DEFAULT_API_DOMAIN, type Registry } from '../../model/registry';
import { envelopeOf } from '../../model/envelope';
import { kubeRelease } from '../../model/kube/kinds';
import { pathLabel, resolvePath } from '../../model/typePath';
import { typeLimits } from '../../model/describe';
import type { KindDef, ObjectType, Type } from '../../model/types';
import { fieldMarkdown, kindMarkdown, typeLabel } from '../features/markdown';
import { plainText } from '../core/plainText';
import { kubeFieldNotes, type KubeDescriptionSource } from '../features/kubeHover';

export type KindSource = 'built-in' | 'crd' | 'kubernetes';

export interface KindEntry {
  kind: string;
  apiVersion: string;
  version: string;
  source: KindSource;
  /** The CRD's name and the file it was read from (a URI), for a CRD's kind. */
  crd?: { name: string; uri?: string; served: boolean; storage: boolean };
}

const sourceOf = (def: KindDef): KindSource => (def.kube ? 'kubernetes' : def.crd ? 'crd' : 'built-in');

/** The `apiVersion` a manifest of `def` is written with (our kinds: with the workspace's API domain). */
const apiVersionOf = (def: KindDef, domain: string): string =>
  def.kube ? def.apiVersionValue : apiVersionString(def, domain);

function entryOf(def: KindDef, domain: string): KindEntry {
  return {
    kind: def.kind,
    apiVersion: apiVersionOf(def, domain),
    version: def.version,
    source: sourceOf(def),
    ...(def.crd && !def.kube
      ? {
          crd: {
            name: def.crd.name,
            ...(def.crd.uri ? { uri: def.crd.uri } : {}),
            served: def.crd.served,
            storage: def.crd.storage,
          },
        }
      : {}),
  };
}

/**
 * Every kind of the registry: the operator's, the CRDs' of the workspace and, with `kubernetes`, those the
 * targeted Kubernetes release serves. Sorted by source, kind, apiVersion.
 */
export function listKinds(registry: Registry, options: { domain?: string; kubernetes?: boolean } = {}): KindEntry[] {
  const domain = options.domain ?? DEFAULT_API_DOMAIN;
  const out = registry.kinds.map((d) => entryOf(d, domain));
  if (options.kubernetes) for (const d of kubeKinds(registry)) out.push(entryOf(d, domain));
  const rank: Record<KindSource, number> = { 'built-in': 0, crd: 1, kubernetes: 2 };
  return out.sort(
    (a, b) =>
      rank[a.source] - rank[b.source] ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (a.apiVersion < b.apiVersion ? -1 : a.apiVersion > b.apiVersion ? 1 : 0),
  );
}

/** Kubernetes' kinds of the release the registry targets. */
const kubeKinds = (registry: Registry): readonly KindDef[] =>
  kubeRelease(registry.kubernetesMinor ?? Number.MAX_SAFE_INTEGER).kinds();

export interface ExplainQuery {
  kind: string;
  /** Absent: the kind's only version, or its newest of several (its first in the registry). */
  apiVersion?: string;
  /** Keys from the manifest's root (`spec.networkAcls.ipRules[].value`), `[]` for a list's items. */
  path: string;
  domain?: string;
  /** The descriptions of Kubernetes' own kinds' fields (the file the build makes; hover reads the same). */
  descriptions?: KubeDescriptionSource;
}

export interface FieldFacts {
  path: string;
  type: string;
  required: boolean;
  description: string;
  enum?: { value: string; description?: string }[];
  default?: string | number | boolean;
  defaultDescription?: string;
  limits: string[];
  /** Groups of fields of this object (or of its items) of which one, or at most one, may be written. */
  exclusive: { mode: 'exactlyOne' | 'atMostOne'; members: string[] }[];
  /** The fields an object (or each item of a list) holds. */
  fields: { name: string; type: string; required: boolean }[];
  createOnly: boolean;
  deprecated?: string;
  /** The CEL rules a CRD puts on the value. */
  rules: { rule: string; message?: string }[];
}

export type Explained =
  | {
      found: true;
      kind: KindEntry;
      /** The kinds a manifest of this kind may name as its owner (`spec.owner`); `any` for any resource. */
      ownerKinds: string[];
      /** The kinds that name this one as their owner. */
      ownedKinds: string[];
      /** The field; absent for the empty path (the kind itself). */
      field?: FieldFacts;
      /** What the editor's hover says, as plain text. */
      text: string;
    }
  | { found: false; reason: string };

/** The definition `apiVersion`/`kind` names, else the kind's versions in the registry and Kubernetes'. */
function defOf(registry: Registry, q: ExplainQuery): KindDef | string {
  if (q.apiVersion !== undefined) {
    const lk = registry.lookup(q.apiVersion, q.kind);
    if (lk.status === 'ok') return lk.def;
    if (lk.status === 'unknownVersion')
      return `${q.kind} has no version ${q.apiVersion}; its versions: ${lk.versions.join(', ')}`;
    if (lk.status === 'unknownKind') return `no kind ${q.kind} in ${q.apiVersion}; its kinds: ${lk.kinds.join(', ')}`;
    return `no kind ${q.kind} of ${q.apiVersion} is known (neither built in, nor from a CRD of the workspace, nor Kubernetes')`;
  }
  const ours = registry.kinds.filter((d) => d.kind === q.kind && d.crd?.served !== false);
  // The operator's own kind first (its newest version is listed first), else a CRD's storage version.
  if (ours.length > 0) return ours.find((d) => !d.crd) ?? ours.find((d) => d.crd?.storage) ?? ours[0];
  const kube = kubeKinds(registry).filter((d) => d.kind === q.kind);
  // Kubernetes' kind in its most stable group version: `apps/v1` before `apps/v1beta2`.
  const stable = (d: KindDef) => (/^v\d+$/.test(d.version) ? 2 : /beta/.test(d.version) ? 1 : 0);
  if (kube.length > 0) return [...kube].sort((a, b) => stable(b) - stable(a))[0];
  return `no kind ${q.kind} is known (neither built in, nor from a CRD of the workspace, nor Kubernetes'): list_kinds lists them`;
}

/** `spec.rules[].name` or `spec.rules[0].name` → `['spec', 'rules', '[]', 'name']`. */
export function splitFieldPath(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (let i = 0; i < m[2].length; i += m[2].indexOf(']', i) - i + 1) out.push('[]');
  }
  return out;
}

/** The object a type holds (directly, as list items or as map values). */
const objectOf = (t: Type): ObjectType | undefined =>
  t.kind === 'object' ? t : t.kind === 'array' ? objectOf(t.items) : t.kind === 'map' ? objectOf(t.values) : undefined;

const enumOf = (t: Type): { value: string; doc?: string }[] | undefined =>
  t.kind === 'string' ? t.enum : t.kind === 'array' ? enumOf(t.items) : undefined;

/** A field of a kind, or the kind itself for an empty path (see Explained). */
export function explain(registry: Registry, q: ExplainQuery): Explained {
  const def = defOf(registry, q);
  if (typeof def === 'string') return { found: false, reason: def };
  const domain = q.domain ?? DEFAULT_API_DOMAIN;
  const kind = entryOf(def, domain);
  const ownerKinds = def.owner.style === 'known' ? [def.owner.kind] : def.owner.style === 'arbitrary' ? ['any'] : [];
  const ownedKinds = def.kube || def.crd ? [] : registry.ownedKindsOf(def.kind);
  const path = splitFieldPath(q.path.trim());
  if (path.length === 0)
    return { found: true, kind, ownerKinds, ownedKinds, text: plainText(kindMarkdown(registry, def, false, domain)) };
  const r = resolvePath(envelopeOf(def), path);
  if (!r.field || !r.type) {
    const parent = resolvePath(envelopeOf(def), path.slice(0, -1)).type;
    const o = parent && objectOf(parent);
    const known = o ? Object.keys(o.fields) : [];
    return {
      found: false,
      reason: `${def.kind} ${kind.apiVersion} has no field ${pathLabel(path)}${known.length ? `; the fields there: ${known.join(', ')}` : ''}`,
    };
  }
  const f = r.field;
  const t = r.type;
  const o = objectOf(t);
  const values = enumOf(t);
  const limits = typeLimits(t).map(plainText);
  if (o && t.kind !== 'object') for (const l of typeLimits(o)) limits.push(`each item: ${plainText(l)}`);
  const rules = [...(t.kind === 'object' ? (t.validations ?? []) : []), ...(f.validations ?? [])];
  const field: FieldFacts = {
    path: pathLabel(path),
    type: typeLabel(t),
    required: !!f.required,
    description: f.doc || (def.kube ? (kubeFieldNotes(def, path, false, q.descriptions).doc ?? '') : ''),
    ...(values ? { enum: values.map((e) => ({ value: e.value, ...(e.doc ? { description: e.doc } : {}) })) } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
    ...(f.defaultDoc ? { defaultDescription: f.defaultDoc } : {}),
    limits,
    exclusive: (o?.exclusive ?? []).map((g) => ({ mode: g.mode, members: [...g.members] })),
    fields: o
      ? Object.entries(o.fields).map(([name, x]) => ({ name, type: typeLabel(x.type), required: !!x.required }))
      : [],
    createOnly: !!f.createOnly,
    ...(f.deprecated ? { deprecated: f.deprecated } : {}),
    rules: rules.map((v) => ({ rule: v.rule, ...(v.message ? { message: v.message } : {}) })),
  };
  return { found: true, kind, ownerKinds, ownedKinds, field, text: plainText(fieldMarkdown(pathLabel(path), f)) };
}
