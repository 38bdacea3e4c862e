// The registry of kinds as a value: every kind and version an analysis knows, and how a manifest's
// `apiVersion` and `kind` are recognised: by area, version and kind, whatever the domain part of the group
// (`storage.<anything>/v20220901`). The built-in kinds make `builtinRegistry()`; a registry can be built
// from more definitions of the same shape (kinds from a workspace's CRDs), and two analyses holding
// different registries in one process answer each by its own.
import { alertsmanagementKinds } from './kinds/alertsmanagement';
import { appconfigurationKinds } from './kinds/appconfiguration';
import { authorizationKinds } from './kinds/authorization';
import { batchKinds } from './kinds/batch';
import { eventgridKinds } from './kinds/eventgrid';
import { resourcesKinds } from './kinds/resources';
import { storageKinds } from './kinds/storage';
import { groupOfApiVersion, kubeRelease } from './kube/kinds';
import type { KindDef, UnreadableCrd } from './types';

/** The built-in kinds (the generators and tests list them; the service asks its analysis's registry). */
export const allKinds: readonly KindDef[] = [
  ...authorizationKinds,
  ...appconfigurationKinds,
  ...alertsmanagementKinds,
  ...storageKinds,
  ...batchKinds,
  ...eventgridKinds,
  ...resourcesKinds,
];

/** The spec's placeholder domain; used where the workspace gives none. */
export const DEFAULT_API_DOMAIN = 'cloud.example.com';

export interface ParsedApiVersion {
  area: string;
  /** Domain part of the group, e.g. `cloud.example.com`; empty when the group has no dot. */
  domain: string;
  version: string;
}

/** Splits `storage.cloud.example.com/v20220901` into area, domain and version. */
export function parseApiVersion(apiVersion: string): ParsedApiVersion | undefined {
  const slash = apiVersion.indexOf('/');
  if (slash <= 0 || slash !== apiVersion.lastIndexOf('/')) return undefined;
  const group = apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  const dot = group.indexOf('.');
  const area = dot < 0 ? group : group.slice(0, dot);
  const domain = dot < 0 ? '' : group.slice(dot + 1);
  if (!area || !version) return undefined;
  return { area, domain, version };
}

export type Lookup =
  | { status: 'ok'; def: KindDef; list: boolean; parsed: ParsedApiVersion }
  /** A known kind of a known group, in a version the model does not have. */
  | { status: 'unknownVersion'; area: string; kind: string; versions: string[]; parsed: ParsedApiVersion }
  /**
   * A known group and version, with a kind the model does not have. `fromCrds`: the group is known from CRDs
   * only, and the cluster may hold a CRD of this kind that was not read (one group spans many CRDs).
   */
  | {
      status: 'unknownKind';
      area: string;
      version: string;
      kinds: string[];
      parsed: ParsedApiVersion;
      fromCrds?: true;
    }
  /** Not a manifest of ours (another group, or neither version nor kind known): the server stays silent. */
  | { status: 'notOurs' };

const listBase = (kind: string) => (kind.endsWith('List') ? kind.slice(0, -4) : undefined);

/**
 * Every kind an analysis knows, with the look-ups by `apiVersion`/`kind`/area. Immutable once built (its
 * tables are filled by the constructor alone), so analyses may share one.
 */
export class Registry {
  private readonly byKey = new Map<string, KindDef>();
  private readonly areas = new Map<string, { versions: Set<string>; kinds: Set<string> }>();
  private readonly kindNames: ReadonlySet<string>;
  /** The same kind in the registry's other versions, per definition. */
  private readonly others = new Map<KindDef, KindDef[]>();

  /** Kinds from CRDs, whose group is exact: by `group/version/kind`, and each group's versions and kinds. */
  private readonly fixedByKey = new Map<string, KindDef>();
  private readonly fixedGroups = new Map<string, { versions: Set<string>; kinds: Set<string>; area: string }>();
  /** The kinds of CRDs whose list kind is not `<Kind>List`, by `group/version/listKind`. */
  private readonly fixedLists = new Map<string, KindDef>();

  /**
   * `unreadable`: the CRDs that do not parse, not even their headers (their kinds are unknown; a manifest of
   * the kind one meant to define says so: `unreadableCrdOf`).
   * @param kubernetesMinor The Kubernetes release (1.N) whose built-in kinds the registry knows (model/kube/,
   * read when a manifest of a built-in group is first met); undefined: the newest the product knows.
   */
  constructor(
    readonly kinds: readonly KindDef[],
    readonly unreadable: readonly UnreadableCrd[] = [],
    readonly kubernetesMinor?: number,
  ) {
    for (const def of kinds) {
      if (def.domain !== undefined) {
        const group = `${def.area}.${def.domain}`;
        this.fixedByKey.set(`${group}/${def.version}/${def.kind}`, def);
        if (def.crd?.listKind) this.fixedLists.set(`${group}/${def.version}/${def.crd.listKind}`, def);
        let g = this.fixedGroups.get(group);
        if (!g) this.fixedGroups.set(group, (g = { versions: new Set(), kinds: new Set(), area: def.area }));
        g.versions.add(def.version);
        g.kinds.add(def.kind);
        continue;
      }
      this.byKey.set(`${def.area}/${def.version}/${def.kind}`, def);
      let a = this.areas.get(def.area);
      if (!a) this.areas.set(def.area, (a = { versions: new Set(), kinds: new Set() }));
      a.versions.add(def.version);
      a.kinds.add(def.kind);
    }
    this.kindNames = new Set(kinds.map((d) => d.kind));
    const byKind = new Map<string, KindDef[]>();
    for (const def of kinds) {
      const k = def.domain !== undefined ? `${def.area}.${def.domain}/${def.kind}` : `${def.area}/${def.kind}`;
      byKind.set(k, [...(byKind.get(k) ?? []), def]);
    }
    for (const def of kinds)
      this.others.set(
        def,
        byKind
          .get(def.domain !== undefined ? `${def.area}.${def.domain}/${def.kind}` : `${def.area}/${def.kind}`)!
          .filter((d) => d.version !== def.version),
      );
  }

  /** The CRD that does not parse and meant to define the group and kind (or list) of `apiVersion` and `kind`. */
  unreadableCrdOf(apiVersion: unknown, kind: unknown): UnreadableCrd | undefined {
    if (this.unreadable.length === 0 || typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
    const slash = apiVersion.lastIndexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    // A list of them too (`<kind>List`; a `listKind` of its own is not known when the header is not).
    return this.unreadable.find((u) => u.group === group && (u.kind === kind || `${u.kind}List` === kind));
  }

  /** The same kinds, with the built-in kinds of Kubernetes 1.`minor` (this registry when it has them). */
  atRelease(minor: number | undefined): Registry {
    return minor === this.kubernetesMinor ? this : new Registry(this.kinds, this.unreadable, minor);
  }

  /** What a manifest's `apiVersion` and `kind` name (a few map look-ups: every changed document asks once). */
  lookup(apiVersion: unknown, kind: unknown): Lookup {
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { status: 'notOurs' };
    const kube = this.lookupKube(apiVersion, kind);
    if (kube) return kube;
    const parsed = parseApiVersion(apiVersion);
    if (!parsed) return { status: 'notOurs' };
    // A group without a domain (`storage/v1`) is not ours: our groups always carry `{api_domain}`.
    if (!parsed.domain) return { status: 'notOurs' };
    const builtin = this.lookupBuiltin(parsed, kind);
    if (builtin.status === 'ok' || !this.fixedGroups.has(`${parsed.area}.${parsed.domain}`)) return builtin;
    const fixed = this.lookupFixed(parsed, kind);
    return fixed.status === 'ok' || builtin.status === 'notOurs' ? fixed : builtin;
  }

  /**
   * One of Kubernetes' own kinds, unless a CRD of the workspace defines its group and version (a CRD wins:
   * the cluster serves what the CRD says). Kubernetes' groups are `k8s.io` ones or have no dot at all, so
   * no manifest of ours or of another CRD group is asked further than a string test.
   */
  private lookupKube(apiVersion: string, kind: string): Lookup | undefined {
    const group = groupOfApiVersion(apiVersion);
    if (group.includes('.') ? !group.endsWith('.k8s.io') : apiVersion.indexOf('/') !== apiVersion.lastIndexOf('/'))
      return undefined;
    // A CustomResourceDefinition has its own checks (service/checks/crd/definition/check.ts): the API server's, fuller.
    if (group === 'apiextensions.k8s.io') return undefined;
    if (this.fixedGroups.get(group)?.versions.has(apiVersion.slice(group.length + 1))) return undefined;
    const release = kubeRelease(this.kubernetesMinor ?? Number.MAX_SAFE_INTEGER);
    const version = group ? apiVersion.slice(group.length + 1) : apiVersion;
    const dot = group.indexOf('.');
    const parsed = {
      area: dot < 0 ? group : group.slice(0, dot),
      domain: dot < 0 ? '' : group.slice(dot + 1),
      version,
    };
    // An apiVersion an earlier release served: the manifest's check says which release removed it.
    const removed = release.removed(apiVersion, kind);
    if (removed) return { status: 'ok', def: removed, list: false, parsed };
    if (!release.serves(apiVersion)) return undefined;
    const direct = release.kind(apiVersion, kind);
    if (direct) return { status: 'ok', def: direct, list: false, parsed };
    const base = listBase(kind);
    const listed = base ? release.kind(apiVersion, base) : undefined;
    if (listed) return { status: 'ok', def: listed, list: true, parsed };
    return undefined;
  }

  /** A kind from a CRD: its group is exact (the built-in kinds were asked first: they win). */
  private lookupFixed(parsed: ParsedApiVersion, kind: string): Lookup {
    const group = `${parsed.area}.${parsed.domain}`;
    const g = this.fixedGroups.get(group)!;
    const direct = this.fixedByKey.get(`${group}/${parsed.version}/${kind}`);
    if (direct) return { status: 'ok', def: direct, list: false, parsed };
    const base = listBase(kind);
    const listed =
      (base ? this.fixedByKey.get(`${group}/${parsed.version}/${base}`) : undefined) ??
      this.fixedLists.get(`${group}/${parsed.version}/${kind}`);
    if (listed) return { status: 'ok', def: listed, list: true, parsed };
    const inGroup = (d: KindDef) => d.domain === parsed.domain && d.area === parsed.area;
    if (g.kinds.has(kind) || (base !== undefined && g.kinds.has(base))) {
      const k = g.kinds.has(kind) ? kind : base!;
      // A version the CRD does not serve is not one to suggest.
      const versions = this.kinds
        .filter((d) => inGroup(d) && d.kind === k && d.crd?.served !== false)
        .map((d) => d.version);
      return { status: 'unknownVersion', area: parsed.area, kind, versions, parsed };
    }
    if (g.versions.has(parsed.version)) {
      const kinds = this.kinds.filter((d) => inGroup(d) && d.version === parsed.version).map((d) => d.kind);
      return { status: 'unknownKind', area: parsed.area, version: parsed.version, kinds, parsed, fromCrds: true };
    }
    return { status: 'notOurs' };
  }

  /** A built-in kind: the area, version and kind decide, whatever the domain. */
  private lookupBuiltin(parsed: ParsedApiVersion, kind: string): Lookup {
    const area = this.areas.get(parsed.area);
    if (!area) return { status: 'notOurs' };
    const direct = this.byKey.get(`${parsed.area}/${parsed.version}/${kind}`);
    if (direct) return { status: 'ok', def: direct, list: false, parsed };
    const base = listBase(kind);
    const listed = base ? this.byKey.get(`${parsed.area}/${parsed.version}/${base}`) : undefined;
    if (listed) return { status: 'ok', def: listed, list: true, parsed };
    const kindKnown = area.kinds.has(kind) || (base !== undefined && area.kinds.has(base));
    if (kindKnown) {
      const k = area.kinds.has(kind) ? kind : base!;
      const versions = this.kinds
        .filter((d) => d.domain === undefined && d.area === parsed.area && d.kind === k)
        .map((d) => d.version);
      return { status: 'unknownVersion', area: parsed.area, kind, versions, parsed };
    }
    if (area.versions.has(parsed.version)) {
      const kinds = this.kinds
        .filter((d) => d.domain === undefined && d.area === parsed.area && d.version === parsed.version)
        .map((d) => d.kind);
      return { status: 'unknownKind', area: parsed.area, version: parsed.version, kinds, parsed };
    }
    return { status: 'notOurs' };
  }

  /** Every kind of an area and version (for `kind` completion); with `domain`, that group's CRD kinds too. */
  kindsOf(area: string, version: string, domain?: string): KindDef[] {
    return this.kinds.filter(
      (d) => d.area === area && d.version === version && (d.domain === undefined || d.domain === domain),
    );
  }

  /** Each distinct `area/version` pair (with its fixed domain for CRD kinds), for `apiVersion` completion. */
  groupVersions(): { area: string; version: string; apiVersionValue: string; domain?: string }[] {
    const seen = new Map<string, { area: string; version: string; apiVersionValue: string; domain?: string }>();
    for (const d of this.kinds)
      seen.set(`${d.area}/${d.domain ?? ''}/${d.version}`, {
        area: d.area,
        version: d.version,
        apiVersionValue: d.apiVersionValue,
        ...(d.domain !== undefined ? { domain: d.domain } : {}),
      });
    return [...seen.values()];
  }

  /** `area` is one of ours (`storage`, `eventgrid`, …). */
  isOurArea(area: string): boolean {
    return this.areas.has(area);
  }

  /** Our areas (`storage`, `eventgrid`, …). */
  ourAreas(): string[] {
    return [...this.areas.keys()];
  }

  /** Kinds of an area, any version. */
  kindsOfArea(area: string): string[] {
    return [...(this.areas.get(area)?.kinds ?? [])];
  }

  /** The area a kind belongs to (kind names are unique across areas). */
  areaOfKind(kind: string): string | undefined {
    for (const [area, a] of this.areas) if (a.kinds.has(kind)) return area;
    return undefined;
  }

  /** `apiVersion` names one of our groups (known area, with a domain). */
  isOurApiVersion(apiVersion: string | undefined): boolean {
    const p = apiVersion ? parseApiVersion(apiVersion) : undefined;
    return !!p && !!p.domain && (this.areas.has(p.area) || this.fixedGroups.has(`${p.area}.${p.domain}`));
  }

  /** `kind` is one of our kinds or one of their lists. */
  isOurKind(kind: string | undefined): boolean {
    return !!kind && (this.kindNames.has(kind) || (kind.endsWith('List') && this.kindNames.has(kind.slice(0, -4))));
  }

  /** Whether a kind of that name (any area, any version) is known. */
  hasKind(kind: string): boolean {
    return this.kindNames.has(kind);
  }

  /**
   * The area of a reference's `group` when it is one of ours (`storage.cloud.example.com` → `storage`);
   * undefined for another group (`monitor.cloud.example.com`, `apps`), which the server knows nothing about.
   */
  ourAreaOfGroup(group: string | undefined): string | undefined {
    if (!group) return undefined;
    const p = parseApiVersion(`${group}/v`);
    if (!p || !p.domain) return undefined;
    return this.areas.has(p.area) ? p.area : undefined;
  }

  /** The same kind of the same area in the registry's other versions. */
  otherVersionsOf(def: KindDef): KindDef[] {
    return (
      this.others.get(def) ??
      this.kinds.filter((d) => d.area === def.area && d.kind === def.kind && d.version !== def.version)
    );
  }

  /** Kinds (any version) whose owner is of kind `ownerKind`. */
  ownedKindsOf(ownerKind: string): string[] {
    return [
      ...new Set(this.kinds.filter((d) => d.owner.style === 'known' && d.owner.kind === ownerKind).map((d) => d.kind)),
    ];
  }

  /** The definition of a kind in any version (for owner look-ups by kind name). */
  anyVersionOf(kind: string): KindDef | undefined {
    return this.kinds.find((d) => d.kind === kind);
  }
}

/** The registry of the built-in kinds, built once (it is immutable, so analyses share it). */
const BUILTIN = new Registry(allKinds);
export const builtinRegistry = (): Registry => BUILTIN;

/** The registry of the built-in kinds without some and with others (tests; later, kinds from CRDs). */
export const registryWith = (add: readonly KindDef[], remove: (def: KindDef) => boolean = () => false): Registry =>
  new Registry([...allKinds.filter((d) => !remove(d)), ...add]);

/** Look-up in the built-in registry (for the generators and tests; the service asks its analysis's). */
export const lookup = (apiVersion: unknown, kind: unknown): Lookup => BUILTIN.lookup(apiVersion, kind);

/** Kinds of an area and version in the built-in registry (for the generators and tests). */
export const kindsOf = (area: string, version: string): KindDef[] => BUILTIN.kindsOf(area, version);

export const apiVersionString = (def: KindDef, domain = DEFAULT_API_DOMAIN): string =>
  `${groupOf(def, domain)}/${def.version}`;

/** A kind's group: exact for a CRD's kind, else its area with the domain given. */
export const groupOf = (def: KindDef, domain: string): string => `${def.area}.${def.domain ?? domain}`;
