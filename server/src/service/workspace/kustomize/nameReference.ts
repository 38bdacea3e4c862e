// Kustomize's name references (its nameReference transformer, api/internal/accumulator and api/filters/nameref
// in kubernetes-sigs/kustomize): once the whole build is rendered, a field that names an object the build
// renamed (a ConfigMap under a prefix, in a Deployment's `configMapRef`) is rewritten to the object's new
// name, and a `subjects`-like map gets its namespace too. Where to look is Kustomize's built-in configuration
// (model/kube/kustomizeNameReference.json); which object a name means follows nameref.selectReferral:
// an object that had that name before (its previous ids), of the kind the field refers to, that the referrer
// may see (same namespace, or cluster-scoped, or a ServiceAccount), a RoleBinding's `roleRef` kind; one
// such object, or several with the same name. Several with different names (Kustomize then compares the
// prefixes and suffixes each was given, or stops) is not reproduced: the referrer is said unsure.
// Linear: the renamed objects are looked up by their previous names, not scanned per reference.
import { kustomizeClusterKinds } from '../../../model/kube/kustomizeMerge';
import { kustomizeNameReferences, type NameReferenceSpec } from '../../../model/kube/kustomizeNameReference';
import type { Json, JsonObject } from './jsonPatch';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const meta = (r: JsonObject): JsonObject => (isObject(r.metadata) ? r.metadata : {});
const groupOf = (api: string): string => (api.includes('/') ? api.slice(0, api.indexOf('/')) : '');
const versionOf = (api: string): string => api.slice(api.indexOf('/') + 1);

/** A resource of the build as name references see it. */
export interface Named {
  readonly value: JsonObject;
  /** Its names and namespaces before each rename (Kustomize's previous ids). */
  readonly previous?: readonly { name?: string; namespace?: string }[];
  /** Its namespace as first read (Kustomize's original id). */
  readonly writtenNamespace?: string;
}

export interface Followed {
  /** The resources whose references changed, by index, as changed. */
  changed: Map<number, JsonObject>;
  /** Why a resource's references may not be what kubectl writes, by index. */
  unsure: Map<number, string>;
}

interface Gvk {
  group?: string;
  version?: string;
  kind?: string;
}

const selected = (api: string, kind: string, g: Gvk): boolean =>
  (!g.kind || g.kind === kind) &&
  (!g.group || g.group === groupOf(api)) &&
  (!g.version || g.version === versionOf(api));

/** A resource's namespace as Kustomize compares them: none for a cluster-scoped kind, `default` for none. */
const CLUSTER = '\u0000cluster';
type Effective = (r: JsonObject, ns: string | undefined) => string;
const effectiveIn =
  (cluster: ReadonlySet<string>): Effective =>
  (r, ns) => {
    if (cluster.has(`${str(r.apiVersion) ?? ''} ${str(r.kind) ?? ''}`)) return CLUSTER;
    return ns === undefined || ns === '' ? 'default' : ns;
  };

/** Where one reference was found: the path to its map or list and the key or index holding it. */
interface Edit {
  at: (string | number)[];
  name: string;
  namespace?: string;
}

/**
 * The references the build's renames change (kubectl's nameReference transformer, run once on the whole
 * build), for the resources `all`. Nothing when no resource was renamed.
 */
export function followNames(all: readonly Named[]): Followed {
  const out: Followed = { changed: new Map(), unsure: new Map() };
  const specs = byKind();
  // Most builds (custom resources only) hold no kind that names another: nothing to follow.
  if (!all.some((r) => specs.has(str(r.value.kind) ?? ''))) return out;
  const byPrevious = new Map<string, number[]>();
  all.forEach((r, i) => {
    for (const p of r.previous ?? []) {
      if (p.name === undefined) continue;
      const list = byPrevious.get(p.name);
      if (!list) byPrevious.set(p.name, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  if (byPrevious.size === 0) return out;
  const effective = effectiveIn(kustomizeClusterKinds());
  // The namespaces objects were first read in, each with the current namespaces of those read there.
  const originalNs = new Map<string, Set<string>>();
  all.forEach((r) => {
    const org = effective(r.value, r.writtenNamespace);
    if (org === CLUSTER) return;
    let s = originalNs.get(org);
    if (!s) originalNs.set(org, (s = new Set()));
    s.add(effective(r.value, str(meta(r.value).namespace)));
  });
  all.forEach((referrer, i) => {
    const kind = str(referrer.value.kind) ?? '';
    const api = str(referrer.value.apiVersion) ?? '';
    const mine = specs.get(kind);
    if (!mine) return;
    const edits: Edit[] = [];
    let doubt: string | undefined;
    const ctx = new Referrer(all, referrer, byPrevious, originalNs, effective);
    for (const { target, spec } of mine) {
      if (!selected(api, kind, spec)) continue;
      walk(
        referrer.value,
        spec.path.split('/'),
        [],
        (node, at) => {
          const one = (v: Json, where: (string | number)[]) => {
            if (typeof v === 'string') {
              const r = ctx.select(v, target, spec.path, undefined);
              if (r === 'unsure') doubt ??= `more than one renamed object may be the one \`${spec.path}\` names`;
              else if (r && r.name !== v) edits.push({ at: where, name: r.name });
            } else if (isObject(v)) {
              const old = str(v.name);
              if (old === undefined) {
                doubt ??= `\`${spec.path}\` has no name`;
                return;
              }
              const r = ctx.select(
                old,
                target,
                spec.path,
                str(v.namespace) ?? (v.namespace === undefined ? undefined : ''),
              );
              if (r === 'unsure') doubt ??= `more than one renamed object may be the one \`${spec.path}\` names`;
              else if (r && !(r.name === old && r.namespace === ''))
                edits.push({
                  at: [...where, 'name'],
                  name: r.name,
                  ...(r.namespace ? { namespace: r.namespace } : {}),
                });
            } else if (v !== null) doubt ??= `\`${spec.path}\` holds a value Kustomize refuses`;
          };
          if (Array.isArray(node)) node.forEach((e, j) => one(e, [...at, j]));
          else one(node, at);
        },
        () => {
          doubt ??= `a field spec of Kustomize's name references meets a scalar on its way (\`${spec.path}\`)`;
        },
      );
    }
    if (doubt) out.unsure.set(i, doubt);
    if (edits.length === 0) return;
    const value = structuredClone(referrer.value);
    for (const e of edits) {
      let node: Json = value;
      for (const k of e.at.slice(0, -1)) node = (node as Record<string | number, Json>)[k];
      const last = e.at[e.at.length - 1];
      (node as Record<string | number, Json>)[last] = e.name;
      if (e.namespace !== undefined && isObject(node)) node.namespace = e.namespace;
    }
    out.changed.set(i, value);
  });
  return out;
}

/** The kinds that may name another object (the referrers of Kustomize's name references). */
export const referrerKinds = (): ReadonlySet<string> => new Set(byKind().keys());

/** The name-reference specs by referrer kind (every spec of Kustomize's configuration names one). */
function byKind(): Map<string, { target: Gvk; spec: NameReferenceSpec }[]> {
  const m = new Map<string, { target: Gvk; spec: NameReferenceSpec }[]>();
  for (const ref of kustomizeNameReferences())
    for (const spec of ref.fieldSpecs) {
      const k = spec.kind ?? '';
      let list = m.get(k);
      if (!list) m.set(k, (list = []));
      list.push({ target: { group: ref.group, version: ref.version, kind: ref.kind }, spec });
    }
  return m;
}

/**
 * Down a field spec's path (into every element of a list met), then `at` on the value at its end with the
 * path to it; `stuck` where a scalar is met on the way (kubectl stops).
 */
function walk(
  node: Json,
  path: readonly string[],
  at: (string | number)[],
  found: (node: Json, at: (string | number)[]) => void,
  stuck: () => void,
): void {
  if (node === null || node === undefined) return;
  if (path.length === 0) {
    found(node, at);
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((e, i) => walk(e, path, [...at, i], found, stuck));
    return;
  }
  if (!isObject(node)) {
    stuck();
    return;
  }
  const field = path[0].endsWith('[]') ? path[0].slice(0, -2) : path[0];
  if (node[field] === undefined) return;
  walk(node[field], path.slice(1), [...at, field], found, stuck);
}

/** The objects a referrer may name (resWrangler.SubsetThatCouldBeReferencedByResource, then selectReferral). */
class Referrer {
  private readonly ns: string;
  private readonly bindingNs = new Set<string>();
  constructor(
    private readonly all: readonly Named[],
    private readonly r: Named,
    private readonly byPrevious: Map<string, number[]>,
    private readonly originalNs: Map<string, Set<string>>,
    private readonly effective: Effective,
  ) {
    this.ns = effective(r.value, str(meta(r.value).namespace));
    if (r.value.kind === 'RoleBinding' && Array.isArray(r.value.subjects))
      for (const s of r.value.subjects)
        if (isObject(s) && s.kind === 'ServiceAccount' && typeof s.namespace === 'string')
          this.bindingNs.add(s.namespace);
  }

  /** Whether the referrer may see an object (its current namespace). */
  private sees(o: Named): boolean {
    if (this.ns === CLUSTER) return true;
    const ns = this.effective(o.value, str(meta(o.value).namespace));
    return ns === CLUSTER || ns === this.ns || this.bindingNs.has(str(meta(o.value).namespace) ?? '');
  }

  /** Whether any object the referrer may see was first read in namespace `ns`. */
  private originallyIn(ns: string): boolean {
    const cur = this.originalNs.get(ns === '' ? 'default' : ns);
    if (!cur) return false;
    if (this.ns === CLUSTER) return true;
    for (const c of cur) if (c === this.ns || c === CLUSTER || this.bindingNs.has(c)) return true;
    return false;
  }

  /**
   * The object a reference means: its new name and namespace; undefined: none the build renamed; `unsure`:
   * several, not all of one name. `mapNs`: the namespace a map reference writes beside the name.
   */
  select(
    old: string,
    target: Gvk,
    path: string,
    mapNs: string | undefined,
  ): { name: string; namespace: string } | undefined | 'unsure' {
    let cands = (this.byPrevious.get(old) ?? []).map((i) => this.all[i]).filter((o) => this.sees(o));
    if (mapNs !== undefined) {
      const want = mapNs === '' ? 'default' : mapNs;
      cands = this.originallyIn(mapNs)
        ? cands.filter((o) => this.effective(o.value, o.writtenNamespace) === want)
        : cands.filter((o) => this.effective(o.value, str(meta(o.value).namespace)) === want);
    }
    cands = cands.filter((o) => selected(str(o.value.apiVersion) ?? '', str(o.value.kind) ?? '', target));
    if (path.endsWith('roleRef/name')) {
      const ref = isObject(this.r.value.roleRef) ? this.r.value.roleRef : undefined;
      if (ref && typeof ref.apiGroup === 'string' && typeof ref.kind === 'string') {
        const g = { group: ref.apiGroup, kind: ref.kind };
        cands = cands.filter((o) => selected(str(o.value.apiVersion) ?? '', str(o.value.kind) ?? '', g));
      }
    }
    if (this.ns !== CLUSTER)
      cands = cands.filter((o) => {
        const ns = this.effective(o.value, str(meta(o.value).namespace));
        return ns === CLUSTER || o.value.kind === 'ServiceAccount' || ns === this.ns;
      });
    if (cands.length === 0) return undefined;
    const name = (o: Named) => str(meta(o.value).name) ?? '';
    const ns = (o: Named) => str(meta(o.value).namespace) ?? '';
    const same = cands.every((o) => name(o) === name(cands[0]) && (mapNs === undefined || ns(o) === ns(cands[0])));
    if (cands.length > 1 && !same) return 'unsure';
    return { name: name(cands[0]), namespace: ns(cands[0]) };
  }
}
