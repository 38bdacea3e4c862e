// The registry of every kind and version, and how a manifest's `apiVersion` and `kind` are recognised:
// by area, version and kind, whatever the domain part of the group (`storage.<anything>/v20220901`).
import { alertsmanagementKinds } from './kinds/alertsmanagement';
import { appconfigurationKinds } from './kinds/appconfiguration';
import { authorizationKinds } from './kinds/authorization';
import { batchKinds } from './kinds/batch';
import { eventgridKinds } from './kinds/eventgrid';
import { resourcesKinds } from './kinds/resources';
import { storageKinds } from './kinds/storage';
import type { KindDef } from './types';

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

const byKey = new Map<string, KindDef>();
const areas = new Map<string, { versions: Set<string>; kinds: Set<string> }>();
for (const def of allKinds) {
  byKey.set(`${def.area}/${def.version}/${def.kind}`, def);
  let a = areas.get(def.area);
  if (!a) areas.set(def.area, (a = { versions: new Set(), kinds: new Set() }));
  a.versions.add(def.version);
  a.kinds.add(def.kind);
}

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
  /** A known group and version, with a kind the model does not have. */
  | { status: 'unknownKind'; area: string; version: string; kinds: string[]; parsed: ParsedApiVersion }
  /** Not a manifest of ours (another group, or neither version nor kind known): the server stays silent. */
  | { status: 'notOurs' };

const listBase = (kind: string) => (kind.endsWith('List') ? kind.slice(0, -4) : undefined);

/**
 * Results by `apiVersion` and `kind` as written: every document asks, and a workspace writes few distinct
 * pairs. Bounded, since a user typing writes many; results are shared, so never changed by callers.
 */
const lookups = new Map<string, Lookup>();
const LOOKUP_CACHE = 1_000;

export function lookup(apiVersion: unknown, kind: unknown): Lookup {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { status: 'notOurs' };
  const key = `${apiVersion}\u0000${kind}`;
  let hit = lookups.get(key);
  if (!hit) {
    if (lookups.size >= LOOKUP_CACHE) lookups.clear();
    lookups.set(key, (hit = lookupNow(apiVersion, kind)));
  }
  return hit;
}

function lookupNow(apiVersion: string, kind: string): Lookup {
  const parsed = parseApiVersion(apiVersion);
  if (!parsed) return { status: 'notOurs' };
  // A group without a domain (`storage/v1`) is not ours: our groups always carry `{api_domain}`.
  if (!parsed.domain) return { status: 'notOurs' };
  const area = areas.get(parsed.area);
  if (!area) return { status: 'notOurs' };
  const direct = byKey.get(`${parsed.area}/${parsed.version}/${kind}`);
  if (direct) return { status: 'ok', def: direct, list: false, parsed };
  const base = listBase(kind);
  const listed = base ? byKey.get(`${parsed.area}/${parsed.version}/${base}`) : undefined;
  if (listed) return { status: 'ok', def: listed, list: true, parsed };
  const kindKnown = area.kinds.has(kind) || (base !== undefined && area.kinds.has(base));
  if (kindKnown) {
    const k = area.kinds.has(kind) ? kind : base!;
    const versions = allKinds.filter((d) => d.area === parsed.area && d.kind === k).map((d) => d.version);
    return { status: 'unknownVersion', area: parsed.area, kind, versions, parsed };
  }
  if (area.versions.has(parsed.version)) {
    const kinds = allKinds.filter((d) => d.area === parsed.area && d.version === parsed.version).map((d) => d.kind);
    return { status: 'unknownKind', area: parsed.area, version: parsed.version, kinds, parsed };
  }
  return { status: 'notOurs' };
}

/** Every kind of an area and version (for `kind` completion). */
export const kindsOf = (area: string, version: string): KindDef[] =>
  allKinds.filter((d) => d.area === area && d.version === version);

/** Each distinct `area/version` pair, for `apiVersion` completion. */
export function groupVersions(): { area: string; version: string; apiVersionValue: string }[] {
  const seen = new Map<string, { area: string; version: string; apiVersionValue: string }>();
  for (const d of allKinds)
    seen.set(`${d.area}/${d.version}`, { area: d.area, version: d.version, apiVersionValue: d.apiVersionValue });
  return [...seen.values()];
}

/** `area` is one of ours (`storage`, `eventgrid`, …). */
export const isOurArea = (area: string): boolean => areas.has(area);

/** Our areas (`storage`, `eventgrid`, …). */
export const ourAreas = (): string[] => [...areas.keys()];

/** Kinds of an area, any version. */
export const kindsOfArea = (area: string): string[] => [...(areas.get(area)?.kinds ?? [])];

/** The area a kind belongs to (kind names are unique across areas). */
export function areaOfKind(kind: string): string | undefined {
  for (const [area, a] of areas) if (a.kinds.has(kind)) return area;
  return undefined;
}

/** `apiVersion` names one of our groups (known area, with a domain). */
export function isOurApiVersion(apiVersion: string | undefined): boolean {
  const p = apiVersion ? parseApiVersion(apiVersion) : undefined;
  return !!p && !!p.domain && areas.has(p.area);
}

const kindNames = new Set(allKinds.map((d) => d.kind));

/** `kind` is one of our kinds or one of their lists. */
export const isOurKind = (kind: string | undefined): boolean =>
  !!kind && (kindNames.has(kind) || (kind.endsWith('List') && kindNames.has(kind.slice(0, -4))));

/**
 * The area of a reference's `group` when it is one of ours (`storage.cloud.example.com` → `storage`); undefined
 * for another group (`monitor.cloud.example.com`, `apps`), which the server knows nothing about.
 */
export function ourAreaOfGroup(group: string | undefined): string | undefined {
  if (!group) return undefined;
  const p = parseApiVersion(`${group}/v`);
  if (!p || !p.domain) return undefined;
  return areas.has(p.area) ? p.area : undefined;
}

/** The same kind of the same area in the model's other versions. */
export const otherVersionsOf = (def: KindDef): KindDef[] =>
  allKinds.filter((d) => d.area === def.area && d.kind === def.kind && d.version !== def.version);

/** Kinds (any version) whose owner is of kind `ownerKind`. */
export const ownedKindsOf = (ownerKind: string): string[] => [
  ...new Set(allKinds.filter((d) => d.owner.style === 'known' && d.owner.kind === ownerKind).map((d) => d.kind)),
];

/** The definition of a kind in any version, preferring the given area (for owner look-ups by kind name). */
export const anyVersionOf = (kind: string): KindDef | undefined => allKinds.find((d) => d.kind === kind);

export const apiVersionString = (def: KindDef, domain = DEFAULT_API_DOMAIN): string =>
  `${def.area}.${domain}/${def.version}`;
