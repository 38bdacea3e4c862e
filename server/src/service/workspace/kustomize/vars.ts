// Kustomize's `vars` (deprecated, api/internal/accumulator of Kustomize v5.5.0) as far as they decide whether
// `kubectl kustomize` builds: each var's `objref` must name exactly one resource of the kustomization that
// declares it (by group, version and kind exactly as written, its name, and its namespace if given; any name
// it had counts), a var name may be declared once in a build, and the `fieldref` must be a field that
// resource has. The `$(VAR)` substitution itself is not rendered (render.ts leaves the resources holding one
// unchecked); a `$(NAME)` no var declares is left as written by kubectl, never an error.
import type { Json, JsonObject } from './jsonPatch';
import { fieldValue } from './replacements';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const meta = (r: JsonObject): JsonObject => (isObject(r.metadata) ? r.metadata : {});

/** A var's objref as a group, version and kind (types.Target.GVK: `apiVersion` splits into both). */
function gvkOf(objref: JsonObject): { group: string; version: string; kind: string } {
  const api = str(objref.apiVersion);
  if (api === '') return { group: str(objref.group), version: str(objref.version), kind: str(objref.kind) };
  const i = api.indexOf('/');
  return i < 0
    ? { group: '', version: api, kind: str(objref.kind) }
    : { group: api.slice(0, i), version: api.slice(i + 1), kind: str(objref.kind) };
}

/** The var as kubectl prints it in its messages: `{NAME Kind.version.group {fieldPath}}`. */
export function varString(v: JsonObject, defaulted: boolean): string {
  const objref = isObject(v.objref) ? v.objref : {};
  const g = gvkOf(objref);
  const fieldref = isObject(v.fieldref) ? v.fieldref : {};
  const path = str(fieldref.fieldPath) || (defaulted ? 'metadata.name' : '');
  return `{${str(v.name)} ${g.kind || '[noKind]'}.${g.version || '[noVer]'}.${g.group || '[noGrp]'} {${path}}}`;
}

/** A resource as a var looks for it: its value and the names and namespaces it had. */
export interface VarResource {
  value: JsonObject;
  previous?: readonly { name?: string; namespace?: string }[];
}

/**
 * The resources a var's objref names (MergeVars: GvknEquals, or Equals with a namespace), by index.
 * Undefined: not decided here (a namespace on a kind that may be cluster-scoped).
 */
export function varMatches(v: JsonObject, resources: readonly VarResource[]): number[] {
  const objref = isObject(v.objref) ? v.objref : {};
  const want = gvkOf(objref);
  const name = str(objref.name);
  const ns = str(objref.namespace);
  const effective = (n: string | undefined) => (n === undefined || n === '' ? 'default' : n);
  const out: number[] = [];
  for (const [i, r] of resources.entries()) {
    const api = str(r.value.apiVersion);
    const slash = api.indexOf('/');
    const group = slash < 0 ? '' : api.slice(0, slash);
    const version = slash < 0 ? api : api.slice(slash + 1);
    if (group !== want.group || version !== want.version || str(r.value.kind) !== want.kind) continue;
    const m = meta(r.value);
    const ids = [{ name: str(m.name), namespace: str(m.namespace) }, ...(r.previous ?? [])];
    if (ids.some((id) => (id.name ?? '') === name && (ns === '' || effective(id.namespace) === effective(ns))))
      out.push(i);
  }
  return out;
}

/**
 * Whether a resource has the field a var reads (GetFieldValue: `a.b[0].c` or `a.b.0.c`). Undefined: not
 * decided here.
 */
export function hasVarField(v: JsonObject, resource: JsonObject): boolean | undefined {
  const fieldref = isObject(v.fieldref) ? v.fieldref : {};
  const path = str(fieldref.fieldPath) || 'metadata.name';
  const parts: string[] = [];
  for (const p of path.split('.')) {
    const m = /^(.*)\[(\d+)\]$/.exec(p);
    if (!m) parts.push(p);
    else {
      if (m[1] !== '') parts.push(m[1]);
      parts.push(m[2]);
    }
  }
  const got = fieldValue(resource, parts);
  return got === 'unsure' ? undefined : got !== 'missing';
}

/** Whether a value holds `$(` in a string (a var reference kubectl would substitute), bounded. */
export function holdsVarReference(v: Json, budget = { n: 100_000 }): boolean {
  if (budget.n-- <= 0) return true;
  if (typeof v === 'string') return v.includes('$(');
  if (Array.isArray(v)) return v.some((x) => holdsVarReference(x, budget));
  if (isObject(v)) return Object.values(v).some((x) => holdsVarReference(x, budget));
  return false;
}
