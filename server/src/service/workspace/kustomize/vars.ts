// Kustomize's `vars` (deprecated, api/internal/accumulator and api/filters/refvar of Kustomize v5.5.0): each
// var's `objref` must name exactly one resource of the kustomization that declares it (by group, version and
// kind exactly as written, its name, and its namespace if given; any name it had counts), a var name may be
// declared once in a build, and the `fieldref` must be a field that resource has. At the end of the build
// each `$(VAR)` in the fields of Kustomize's `varReference` field specs (VAR_REFERENCE below; no others) is
// replaced by the var's value read from the resource as built; `$$` writes one `$`; a `$(NAME)` no var
// declares is left as written, never an error.
import { kustomizeClusterScoped } from '../../../model/kube/kustomizeMerge';
import type { Json, JsonObject } from './jsonPatch';
import { fieldValue, splitPath } from './replacements';

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
    // A namespace in the objref compares with the resource's effective one, which for a cluster-scoped kind
    // is none at all (ResId.EffectiveNamespace): such an objref names no resource of that kind.
    if (ns !== '' && kustomizeClusterScoped(api, want.kind)) continue;
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
  const got = varFieldValue(v, resource);
  return got === 'unsure' ? undefined : got !== 'missing';
}

/** The parts of a var's `fieldPath` (GetFieldValue: SmarterPathSplitter, then `a[0]` is `a` and `0`). */
function varPath(v: JsonObject): string[] {
  const fieldref = isObject(v.fieldref) ? v.fieldref : {};
  const parts: string[] = [];
  for (const p of splitPath(str(fieldref.fieldPath) || 'metadata.name')) {
    const m = /^(.*)\[(\d+)\]$/.exec(p);
    if (!m) parts.push(p);
    else {
      if (m[1] !== '') parts.push(m[1]);
      parts.push(m[2]);
    }
  }
  return parts;
}

/** The value a var reads from its resource (GetFieldValue), `missing`, or not decided here. */
export function varFieldValue(v: JsonObject, resource: JsonObject): { value: Json } | 'missing' | 'unsure' {
  const got = fieldValue(resource, varPath(v));
  // A null's value is the text it was written with (`null`, `~`, nothing): not known from the value.
  if (typeof got === 'object' && got.value === null) return 'unsure';
  return got;
}

/** Whether a value holds `$(` or `$$` in a string (what a var substitution may change), bounded. */
export function holdsVarReference(v: Json, budget = { n: 100_000 }): boolean {
  if (budget.n-- <= 0) return true;
  if (typeof v === 'string') return v.includes('$(') || v.includes('$$');
  if (Array.isArray(v)) return v.some((x) => holdsVarReference(x, budget));
  if (isObject(v)) return Object.values(v).some((x) => holdsVarReference(x, budget));
  return false;
}

/**
 * Where `$(VAR)` is replaced: Kustomize's default `varReference` field specs (varreference.go of
 * api/internal/konfig/builtinpluginconsts), each a path and the kind it is for (none: every kind), taken as
 * data. A kustomization's `configurations` (or `crds`) may add more: render.ts then says it is not sure.
 */
const POD = ['containers', 'initContainers'].flatMap((c) =>
  ['args', 'command', 'env/value', 'volumeMounts/mountPath'].map((f) => `${c}/${f}`),
);
const VAR_REFERENCE: readonly (readonly [string, string?])[] = [
  ...POD.map((p) => [`spec/jobTemplate/spec/template/spec/${p}`, 'CronJob'] as const),
  ['spec/jobTemplate/spec/template/volumes/nfs/server', 'CronJob'],
  ...['DaemonSet', 'Deployment'].flatMap((kind) => [
    ...POD.map((p) => [`spec/template/spec/${p}`, kind] as const),
    [`spec/template/spec/volumes/nfs/server`, kind] as const,
  ]),
  ['spec/template/metadata/annotations', 'Deployment'],
  ['spec/rules/host', 'Ingress'],
  ['spec/tls/hosts', 'Ingress'],
  ['spec/tls/secretName', 'Ingress'],
  ...['Job'].flatMap((kind) => [
    ...POD.map((p) => [`spec/template/spec/${p}`, kind] as const),
    [`spec/template/spec/volumes/nfs/server`, kind] as const,
  ]),
  ...POD.map((p) => [`spec/${p}`, 'Pod'] as const),
  ['spec/volumes/nfs/server', 'Pod'],
  ...POD.map((p) => [`spec/template/spec/${p}`, 'ReplicaSet'] as const),
  ['spec/template/spec/volumes/nfs/server', 'ReplicaSet'],
  ['spec/ports/port', 'Service'],
  ['spec/ports/targetPort', 'Service'],
  ...POD.map((p) => [`spec/template/spec/${p}`, 'StatefulSet'] as const),
  ['spec/volumeClaimTemplates/spec/nfs/server', 'StatefulSet'],
  ['spec/nfs/server', 'PersistentVolume'],
  ['metadata/labels'],
  ['metadata/annotations'],
];

/** The field specs' paths by kind (`''`: every kind), split once. */
const SPECS_BY_KIND: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const m = new Map<string, string[][]>();
  for (const [path, kind = ''] of VAR_REFERENCE) {
    const list = m.get(kind) ?? [];
    list.push(path.split('/'));
    m.set(kind, list);
  }
  return m;
})();

/** The number of default field specs (a test compares it with Kustomize's table). */
export const VAR_REFERENCE_COUNT = VAR_REFERENCE.length;

/** Why a substitution is not reproduced here, or what stops kubectl (its own words). */
export interface VarTrouble {
  readonly unsure?: string;
  readonly kubectl?: string;
  /** The field spec's path (`spec/template/spec/containers/args`) that reached it. */
  readonly path?: string;
  /** The pointer of the value at fault in the resource (`/spec/template/spec/containers/0/args/1`). */
  readonly pointer?: string;
}

/**
 * A var's value as `fmt.Sprintf("%v")` writes it inside a longer string, or undefined: a number whose Go text
 * is not known from its value (YAML `1000000` is an int, `1000000.0` a float written `1e+06`: both are
 * 1000000 here).
 */
function inString(value: string | number | boolean): string | undefined {
  if (typeof value !== 'number') return String(value);
  const a = Math.abs(value);
  // Below a million an int and the float of the same value print alike, and a fraction prints as
  // JavaScript's shortest form prints it (Go's %g turns to an exponent at 1e+06 and below 1e-04).
  return a === 0 || (a < 1e6 && (Number.isInteger(value) || a >= 1e-4)) ? String(value) : undefined;
}

/**
 * DoReplacements (api/filters/refvar/expand.go) on one string: `$(NAME)` replaced by the var's value (the
 * value itself, of its type, when the string is only that), `$$` is one `$`, the rest as written. A var
 * whose value is a map or a list is left as written (MakePrimitiveReplacer). `used`: the names replaced.
 */
export function expandVars(
  input: string,
  values: ReadonlyMap<string, Json>,
  used?: Set<string>,
): { value: Json } | { unsure: string } {
  if (!input.includes('$')) return { value: input };
  const mapped = (name: string): string | number | boolean => {
    const v = values.get(name);
    if (v === undefined || v === null || typeof v === 'object') return `$(${name})`;
    used?.add(name);
    return v;
  };
  let out = '';
  let checkpoint = 0;
  // The next `)` after a `$(`, kept while ahead of the cursor: `$($($(…` is linear, not quadratic.
  let next = -2;
  for (let cursor = 0; cursor < input.length; cursor++) {
    if (input[cursor] !== '$' || cursor + 1 >= input.length) continue;
    out += input.slice(checkpoint, cursor);
    const after = input[cursor + 1];
    let advance = 1;
    if (after === '$') out += '$';
    else if (after === '(') {
      if (next !== -1 && next < cursor + 2) next = input.indexOf(')', cursor + 2);
      const close = next;
      if (close < 0) out += '$(';
      else {
        const name = input.slice(cursor + 2, close);
        const m = mapped(name);
        // The string is the reference alone: the value, of its type.
        if (input.length === name.length + 3) {
          if (typeof m === 'number' && Number.isInteger(m) && !Number.isSafeInteger(m))
            return { unsure: 'a var whose value is an integer too large to read here' };
          return { value: m };
        }
        const text = inString(m);
        if (text === undefined)
          return { unsure: 'a number var inside a string, whose text (int or float) is not known here' };
        out += text;
        advance = close - cursor;
      }
    } else if (after.charCodeAt(0) >= 0x80)
      // Go reads the byte after `$` as a character: what it writes of a non-ASCII one is not reproduced.
      return { unsure: 'a `$` before a non-ASCII character' };
    else out += `$${after}`;
    cursor += advance;
    checkpoint = cursor + 1;
  }
  return { value: out + input.slice(checkpoint) };
}

/**
 * A Deployment's `commonAnnotations` value is one YAML node in Kustomize, put in its metadata and its pod
 * template: the `varReference` specs of both replace in it, twice (`$$(V)` becomes the value of V). Which
 * values share a node depends on how they were written, not known from the values: a value the same in both
 * maps that a second pass would change again is not reproduced.
 */
function sharedAnnotations(r: JsonObject, values: ReadonlyMap<string, Json>): VarTrouble | undefined {
  const at = (v: Json | undefined, ...path: string[]): JsonObject => {
    for (const p of path) v = isObject(v) ? v[p] : undefined;
    return isObject(v) ? v : {};
  };
  const top = at(r, 'metadata', 'annotations');
  const template = at(r, 'spec', 'template', 'metadata', 'annotations');
  for (const [k, v] of Object.entries(top)) {
    if (typeof v !== 'string' || template[k] !== v || !v.includes('$')) continue;
    const once = expandVars(v, values);
    if (!('value' in once) || typeof once.value !== 'string') continue;
    const twice = expandVars(once.value, values);
    if (!('value' in twice) || twice.value !== once.value)
      return {
        unsure: `the annotation \`${k}\` of a Deployment and its pod template may be replaced twice`,
        path: 'metadata/annotations',
      };
  }
  return undefined;
}

/**
 * The `$(VAR)` substitution on one resource (refvar.Filter over VAR_REFERENCE): its new value (the same
 * object when nothing changed), or what stops kubectl, or why it is not reproduced. `used`: the var names
 * replaced.
 */
export function substituteVars(
  r: JsonObject,
  values: ReadonlyMap<string, Json>,
  used?: Set<string>,
): { value: JsonObject; trouble?: VarTrouble } {
  const kind = typeof r.kind === 'string' ? r.kind : '';
  const specs = [...(SPECS_BY_KIND.get(kind) ?? []), ...(kind === '' ? [] : (SPECS_BY_KIND.get('') ?? []))];
  let out: JsonObject = r;
  let copied = false;
  let trouble: VarTrouble | undefined = kind === 'Deployment' ? sharedAnnotations(r, values) : undefined;
  const budget = { n: 100_000 };
  for (const path of specs) {
    if (trouble) break;
    const spec = path.join('/');
    /** Sets a value at pointer `at` (its parts), copying the resource once. */
    const set = (at: readonly (string | number)[], value: Json) => {
      if (!copied) {
        out = structuredClone(out);
        copied = true;
      }
      let node: Json = out;
      for (const p of at.slice(0, -1)) node = (node as Record<string, Json>)[p as string];
      (node as Record<string, Json>)[at[at.length - 1] as string] = value;
    };
    const replace = (s: string, at: readonly (string | number)[]): boolean => {
      const got = expandVars(s, values, used);
      if ('unsure' in got) {
        trouble = { unsure: got.unsure, path: spec };
        return false;
      }
      if (got.value !== s) set(at, got.value);
      return true;
    };
    const visit = (node: Json | undefined, i: number, at: (string | number)[]): void => {
      if (trouble || node === undefined || node === null || budget.n-- <= 0) return;
      if (i === path.length) {
        if (typeof node === 'string') replace(node, at);
        else if (Array.isArray(node)) {
          for (const [j, item] of node.entries()) {
            if (typeof item !== 'string') {
              trouble = {
                kubectl: `considering field '${spec}' …: invalid value type expect a string`,
                path: spec,
                pointer: `/${[...at, j].join('/')}`,
              };
              return;
            }
            if (!replace(item, [...at, j])) return;
          }
        } else if (typeof node === 'object')
          for (const [k, v] of Object.entries(node)) if (typeof v === 'string' && !replace(v, [...at, k])) return;
        return;
      }
      if (Array.isArray(node)) {
        node.forEach((item, j) => visit(item, i, [...at, j]));
        return;
      }
      if (typeof node !== 'object') {
        // kubectl stops ("expected sequence or mapping node"); the resource's own checks say what is wrong.
        trouble = { unsure: `a \`${spec}\` that is neither a map nor a list on its way`, path: spec };
        return;
      }
      if (Object.hasOwn(node, path[i])) visit(node[path[i]], i + 1, [...at, path[i]]);
    };
    visit(out, 0, []);
  }
  trouble ??= copied ? sharedElsewhere(r, out, kind) : undefined;
  return trouble ? { value: out, trouble } : { value: out };
}

/**
 * Kustomize writes a `commonLabels` or `commonAnnotations` value as one YAML node in every place of a
 * resource (its metadata, a pod template, a selector): the substitution in `metadata` shows in all of them,
 * though they are no `varReference` field. Which values share a node is not known from the values: a label
 * or annotation the substitution changed whose key and value are written in another map of the resource too
 * (other than a Deployment's pod-template annotations, replaced on their own) is not reproduced.
 */
function sharedElsewhere(before: JsonObject, after: JsonObject, kind: string): VarTrouble | undefined {
  const changed: [string, string][] = [];
  const m0 = isObject(before.metadata) ? before.metadata : {};
  const m1 = isObject(after.metadata) ? after.metadata : {};
  for (const key of ['labels', 'annotations'] as const) {
    const a = isObject(m0[key]) ? m0[key] : {};
    const b = isObject(m1[key]) ? m1[key] : {};
    for (const [k, v] of Object.entries(a)) if (typeof v === 'string' && b[k] !== v) changed.push([k, v]);
  }
  if (changed.length === 0) return undefined;
  const own = new Set<unknown>([m0.labels, m0.annotations]);
  if (kind === 'Deployment') {
    const t = isObject(before.spec) && isObject(before.spec.template) ? before.spec.template : {};
    if (isObject(t.metadata)) own.add(t.metadata.annotations);
  }
  const budget = { n: 10_000 };
  let found: string | undefined;
  const visit = (v: Json): void => {
    if (found !== undefined || budget.n-- <= 0 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) return v.forEach(visit);
    if (!own.has(v)) for (const [k, x] of changed) if (v[k] === x) found = k;
    Object.values(v).forEach(visit);
  };
  visit(before);
  if (budget.n <= 0) found ??= '';
  return found === undefined
    ? undefined
    : {
        unsure: `the label or annotation \`${found}\`, written in more places of the resource, may be replaced in all`,
        path: 'metadata',
      };
}
