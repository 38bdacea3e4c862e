// Kubernetes' own kinds (Deployment, Service, ConfigMap…) as kind definitions of the same shape as a CRD's:
// each is a structural schema that model/crd/schema.ts converts, so the walk, completion and hover serve
// them as they serve a CRD's kinds. The schemas are reduced from the API server's OpenAPI documents of each
// release by scripts/gen-kube-kinds.ts into kinds.json (shared definitions by name, the releases each
// kind and field is served in); the file is read the first time a manifest of a built-in group is met,
// and a kind's schema is put together (its references resolved for the targeted release) when first used.
import { kindOfSchema } from '../crd/kinds';
import type { KindDef, KubeOrigin } from '../types';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** kinds.json: the releases it was made from, each kind `[group, version, kind, definition, since, until?]`. */
interface KubeData {
  releases: string[];
  kinds: [string, string, string, string, number, number?][];
  defs: Record<string, Json>;
  /** apiVersions removed before the oldest release of the documents: `[group, version, kind, removed in]`. */
  removed: [string, string, string, number][];
  /**
   * Served apiVersions deprecated from a release on (the API server warns): `[group, version, kind, since,
   * the release Kubernetes' lifecycle removes it in, the release that withdrew the deprecation?]`.
   */
  deprecated?: [string, string, string, number, number, number?][];
}

/** Read on first use: the bundle holds it as a module that is not evaluated until then. */
const data = (): KubeData => require('./kinds.json') as KubeData;

/** What the targeted release serves, and what it no longer serves that an earlier one did. */
export interface KubeRelease {
  /** The release the documents were read for (`1.35`), which may be older than the one asked for. */
  release: string;
  /** The kind a manifest's `apiVersion` and `kind` name, when the release serves it. */
  kind(apiVersion: string, kind: string): KindDef | undefined;
  /** Whether the release serves any kind of this `apiVersion` (`apps/v1`, `v1`). */
  serves(apiVersion: string): boolean;
  /** The group of an `apiVersion` (`apps`, `` for `v1`) is one of Kubernetes' built-in groups. */
  knowsGroup(group: string): boolean;
  /** Every kind the release serves, by `apiVersion/kind`. */
  kinds(): readonly KindDef[];
  /**
   * A kind of an `apiVersion` an earlier release served and this one does not (its `kube.removedIn` and
   * `replacement`: the apiVersion that serves the kind now, if any). Its schema accepts anything: the
   * manifest is refused whole.
   */
  removed(apiVersion: string, kind: string): KindDef | undefined;
}

/** The group of an `apiVersion`: `apps/v1` → `apps`, `v1` → the core group, ``. */
export const groupOfApiVersion = (apiVersion: string): string => {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
};

const apiVersionOf = (group: string, version: string): string => (group ? `${group}/${version}` : version);

/** Each release's kinds, made once per data file and release (the data file is an immutable value). */
const releases = new WeakMap<KubeData, ReadonlyMap<number, KubeRelease>>();

/** The minors the data knows, oldest first. */
export const kubeReleases = (): number[] => data().releases.map((r) => Number(r.split('.')[1]));

/**
 * The kinds of a release (`minor` of 1.N): the newest known for a newer release, the oldest for an older one.
 */
export function kubeRelease(minor: number): KubeRelease {
  const d = data();
  let byMinor = releases.get(d);
  if (!byMinor) {
    const known = kubeReleases();
    byMinor = new Map(known.map((m) => [m, makeRelease(d, m)]));
    releases.set(d, byMinor);
  }
  const known = [...byMinor.keys()];
  const at = Math.min(Math.max(minor, known[0]), known[known.length - 1]);
  return byMinor.get(at)!;
}

/** A release's kinds, each made when first asked for. */
function makeRelease(d: KubeData, minor: number): KubeRelease {
  const release = `1.${minor}`;
  const entries = new Map<string, [string, string, string, string, number, number?]>();
  const groups = new Set<string>();
  const served = new Set<string>();
  for (const k of d.kinds) {
    groups.add(k[0]);
    if (k[4] <= minor && (k[5] === undefined || minor < k[5])) {
      entries.set(`${apiVersionOf(k[0], k[1])}/${k[2]}`, k);
      served.add(apiVersionOf(k[0], k[1]));
    }
  }
  // What an earlier release served and this one does not: the release that stopped serving it.
  const gone = new Map<string, { group: string; version: string; kind: string; removedIn: number }>();
  for (const k of d.kinds)
    if (k[5] !== undefined && k[5] <= minor)
      gone.set(`${apiVersionOf(k[0], k[1])}/${k[2]}`, { group: k[0], version: k[1], kind: k[2], removedIn: k[5] });
  for (const [group, version, kind, removedIn] of d.removed)
    if (removedIn <= minor) gone.set(`${apiVersionOf(group, version)}/${kind}`, { group, version, kind, removedIn });
  const made = new Map<string, KindDef>();
  const schemas = resolver(d, minor);
  // The same kind served now in another version: in the same group first, then the most stable version.
  const servedElsewhere = (group: string, version: string, name: string) =>
    [...entries.values()]
      .filter((e) => e[2] === name && !(e[0] === group && e[1] === version))
      .sort((a, b) => Number(b[0] === group) - Number(a[0] === group) || stability(b[1]) - stability(a[1]))[0];
  const deprecatedSince = new Map<string, { since: number; planned: number }>();
  for (const [group, version, name, since, planned, withdrawn] of d.deprecated ?? [])
    if (since <= minor && (withdrawn === undefined || minor < withdrawn))
      deprecatedSince.set(`${apiVersionOf(group, version)}/${name}`, { since, planned });
  const kind = (apiVersion: string, name: string): KindDef | undefined => {
    const key = `${apiVersion}/${name}`;
    let def = made.get(key);
    if (def) return def;
    const e = entries.get(key);
    if (!e) return undefined;
    const props = d.defs[e[3]]?.properties;
    const dep = deprecatedSince.get(key);
    const now = dep === undefined ? undefined : servedElsewhere(e[0], e[1], e[2]);
    // The removal the documents show where they show one (an alpha version may go before its plan), else the plan.
    const deprecation: Pick<KubeOrigin, 'deprecated' | 'replacement'> | undefined =
      dep === undefined
        ? undefined
        : {
            deprecated: {
              since: `1.${dep.since}`,
              ...(e[5] !== undefined ? { removal: `1.${e[5]}` } : { removal: `1.${dep.planned}`, planned: true }),
            },
            ...(now ? { replacement: apiVersionOf(now[0], now[1]) } : {}),
          };
    def = kubeKind(e[0], e[1], e[2], () => schemas(e[3]), release, isObj(props) && 'status' in props, deprecation);
    made.set(key, def);
    return def;
  };
  const removed = (apiVersion: string, name: string): KindDef | undefined => {
    const key = `${apiVersion}/${name}`;
    const g = gone.get(key);
    if (!g || entries.has(key)) return undefined;
    let def = made.get(`removed ${key}`);
    if (def) return def;
    // The same kind served now: in the same group first, then the most stable version (GA, beta, alpha).
    const now = servedElsewhere(g.group, g.version, name);
    def = kubeKind(g.group, g.version, name, () => ANYTHING, release, false, {
      removedIn: `1.${g.removedIn}`,
      ...(now ? { replacement: apiVersionOf(now[0], now[1]) } : {}),
    });
    made.set(`removed ${key}`, def);
    return def;
  };
  return {
    release,
    kind,
    removed,
    serves: (apiVersion) => served.has(apiVersion),
    knowsGroup: (group) => groups.has(group),
    kinds: () => [...entries.values()].map((e) => kind(apiVersionOf(e[0], e[1]), e[2])!),
  };
}

/** The schema of a kind no longer served: anything (the manifest is refused whole, not field by field). */
const ANYTHING = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

/** A version's stability: GA (`v1`) above beta above alpha, a higher number first. */
function stability(version: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
  if (!m) return 0;
  const level = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return level * 10_000 + Number(m[1]) * 100 + Number(m[3] ?? 0);
}

/**
 * A built-in kind as a CRD's kind would be: served, stored, and a `status` (where the kind has one) written
 * by the cluster, ignored when applied.
 */
function kubeKind(
  group: string,
  version: string,
  kind: string,
  schema: () => unknown,
  release: string,
  hasStatus: boolean,
  gone?: Pick<KubeOrigin, 'removedIn' | 'replacement' | 'deprecated'>,
): KindDef {
  const apiVersion = apiVersionOf(group, version);
  const dot = group.indexOf('.');
  return kindOfSchema(
    { name: `${kind} (${apiVersion})`, group, kind },
    {
      name: version,
      served: true,
      storage: true,
      statusSubresource: hasStatus,
      schema: undefined,
      schemaPath: [],
      path: [],
    },
    schema,
    `${kind} (\`${apiVersion}\`), a Kubernetes kind (the API server of Kubernetes ${release}).`,
    undefined,
    {
      kube: { group, release, ...gone },
      apiVersionValue: apiVersion,
      area: dot < 0 ? group : group.slice(0, dot),
      domain: dot < 0 ? '' : group.slice(dot + 1),
    },
  );
}

/**
 * The schemas of a release with their references resolved: each definition put together once (its
 * fields those the release serves), shared by every place that refers to it. A definition that refers
 * to itself (a CRD's JSONSchemaProps) accepts anything below the first level of recursion.
 */
function resolver(d: KubeData, minor: number): (name: string) => unknown {
  const done = new Map<string, Json>();
  const busy = new Set<string>();
  const node = (s: unknown): unknown => {
    if (!isObj(s)) return s;
    if (typeof s.$ref === 'string') {
      const target = def(s.$ref);
      return s.default === undefined ? target : { ...target, default: s.default };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === 'x-since' || k === 'x-until') continue;
      if (k === 'properties' && isObj(v)) {
        const props: Json = {};
        for (const [p, ps] of Object.entries(v)) {
          if (isObj(ps) && typeof ps['x-since'] === 'number' && minor < ps['x-since']) continue;
          if (isObj(ps) && typeof ps['x-until'] === 'number' && minor >= ps['x-until']) continue;
          props[p] = node(ps);
        }
        out.properties = props;
      } else if (k === 'items' || k === 'additionalProperties') out[k] = node(v);
      else out[k] = v;
    }
    if (Array.isArray(out.required) && isObj(out.properties)) {
      const props = out.properties;
      out.required = out.required.filter((r) => typeof r === 'string' && r in props);
    }
    // The API server decodes a built-in kind with Go's JSON: `null` is every field's zero value, never refused.
    out.nullable = true;
    return out;
  };
  const def = (name: string): Json => {
    const known = done.get(name);
    if (known) return known;
    if (busy.has(name) || !d.defs[name]) return { 'x-kubernetes-preserve-unknown-fields': true, nullable: true };
    busy.add(name);
    const s = node(d.defs[name]) as Json;
    busy.delete(name);
    done.set(name, s);
    return s;
  };
  return def;
}

/**
 * Where a field of a built-in kind is declared: the definition that holds it and the field's path inside
 * that definition (its name, or names joined by `.` through an object written inline), and the release that
 * added the field (undefined: served by the oldest release the data knows). Hover looks its description up by
 * these (the build's descriptions file, scripts/kube-descriptions.mjs, is keyed the same way). `path` is a
 * manifest's key path, `[]` for a list's item; a map's entry is passed through.
 */
export interface KubeFieldSite {
  definition: string;
  field: string;
  since?: number;
  /** The release that added the kind itself, when later than the oldest the data knows. */
  kindSince?: number;
}

export function kubeFieldAt(
  group: string,
  version: string,
  kind: string,
  path: readonly string[],
): KubeFieldSite | undefined {
  const d = data();
  const entry = d.kinds.find((k) => k[0] === group && k[1] === version && k[2] === kind);
  if (!entry || path.length === 0) return undefined;
  const oldest = Number(d.releases[0].split('.')[1]);
  let definition = entry[3];
  let schema: unknown = d.defs[definition];
  let inline: string[] = [];
  let site: KubeFieldSite | undefined;
  for (const seg of path) {
    site = undefined;
    if (!isObj(schema)) return undefined;
    const props = schema.properties;
    let next: unknown;
    if (seg !== '[]' && isObj(props) && isObj(props[seg])) {
      next = props[seg];
      const since = (next as Json)['x-since'];
      site = {
        definition,
        field: [...inline, seg].join('.'),
        ...(typeof since === 'number' && since > oldest ? { since } : {}),
      };
      inline.push(seg);
    } else if (seg === '[]' && isObj(schema.items)) next = schema.items;
    else if (seg !== '[]' && isObj(schema.additionalProperties)) next = schema.additionalProperties;
    else return undefined;
    if (isObj(next) && typeof next.$ref === 'string') {
      definition = next.$ref;
      schema = d.defs[definition];
      inline = [];
    } else schema = next;
  }
  return site && (entry[4] > oldest ? { ...site, kindSince: entry[4] } : site);
}

/** The descriptions file (dist/kube-descriptions.json): by definition, then field path (`` the definition's own). */
export interface KubeDescriptions {
  source: string;
  defs: Record<string, Record<string, string>>;
}
