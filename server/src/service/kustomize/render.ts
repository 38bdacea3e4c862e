// An overlay rendered in memory the way `kubectl kustomize` renders it, for custom resources (ours): the
// resources it names (files, folders holding a kustomization, nested overlays, each rendered first), then
// its patches (a strategic merge on a custom resource is a JSON merge patch: maps merge, lists are
// replaced, `null` deletes; targeted patches; JSON 6902 operations), then `namespace`, `namePrefix` /
// `nameSuffix`, labels and annotations. Pure: files are read through `read` (undefined: no such file).
// What is not rendered (generators, components, remote resources…) is left out: kustomization.ts names it.
// Checked against the real tool by test/kustomize/differential.test.ts.
import { parseAllDocuments, parse } from 'yaml';
import { applyOperations, type Json, type JsonObject } from './jsonPatch';
import { KUSTOMIZATION_NAMES, resolveFrom } from './kustomization';

export type { Json, JsonObject };

export interface Rendered {
  resources: JsonObject[];
}

/** Nested kustomizations deeper than this are not followed (a loop, or a pathological tree). */
const MAX_DEPTH = 16;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T extends Json>(v: T): T => structuredClone(v);

/** RFC 7386: maps merge, anything else (lists included) replaces, `null` deletes. */
export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return clone(patch);
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

const meta = (r: JsonObject): JsonObject => (isObject(r.metadata) ? r.metadata : {});
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const groupOf = (apiVersion: string | undefined) =>
  apiVersion && apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
const versionOf = (apiVersion: string | undefined) => (apiVersion ? apiVersion.slice(apiVersion.indexOf('/') + 1) : '');

/** A `target:` selector: group, version, kind, name and namespace are regular expressions, anchored. */
function matches(r: JsonObject, target: JsonObject): boolean {
  const re = (v: Json | undefined, s: string | undefined) => {
    if (typeof v !== 'string' || v === '') return true;
    try {
      return new RegExp(`^(?:${v})$`).test(s ?? '');
    } catch {
      return v === s;
    }
  };
  const api = str(r.apiVersion);
  const m = meta(r);
  const selector = (sel: Json | undefined, of: Json | undefined) =>
    typeof sel !== 'string' ||
    sel
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .every((pair) => {
        const [k, v] = pair.split('=');
        return isObject(of) && (v === undefined ? k in of : of[k.trim()] === v.trim());
      });
  return (
    re(target.group, groupOf(api)) &&
    re(target.version, versionOf(api)) &&
    re(target.kind, str(r.kind)) &&
    re(target.name, str(m.name)) &&
    re(target.namespace, str(m.namespace)) &&
    selector(target.labelSelector, m.labels) &&
    selector(target.annotationSelector, m.annotations)
  );
}

/** A patch without a target applies to the resource it names (kind, name and, if written, namespace). */
function sameResource(r: JsonObject, patch: JsonObject): boolean {
  const pm = meta(patch);
  return (
    str(r.kind) === str(patch.kind) &&
    groupOf(str(r.apiVersion)) === groupOf(str(patch.apiVersion)) &&
    str(meta(r).name) === str(pm.name) &&
    (pm.namespace === undefined || str(meta(r).namespace) === str(pm.namespace))
  );
}

const docsOf = (text: string): Json[] =>
  parseAllDocuments(text)
    .flatMap((d) => ('toJS' in d ? [d.toJS({ maxAliasCount: 100 }) as Json] : []))
    .filter((d) => d !== null && d !== undefined);

/** Applies one patch (a merge patch, or JSON 6902 operations) to the resources it selects. */
function applyPatch(resources: JsonObject[], content: Json[], target: JsonObject | undefined): void {
  for (const doc of content) {
    if (Array.isArray(doc)) {
      if (!target) continue;
      resources.forEach((r, i) => {
        if (matches(r, target)) resources[i] = applyOperations(r, doc) as JsonObject;
      });
      continue;
    }
    if (!isObject(doc)) continue;
    resources.forEach((r, i) => {
      if (target ? matches(r, target) : sameResource(r, doc)) {
        // A merge patch never renames what it selects (it names the resource as it is before prefixes).
        const merged = mergePatch(r, target ? withoutIdentity(doc) : doc) as JsonObject;
        resources[i] = merged;
      }
    });
  }
}

/** A targeted patch's own name and kind say nothing: Kustomize keeps the target's. */
function withoutIdentity(doc: JsonObject): JsonObject {
  const { apiVersion: _a, kind: _k, ...rest } = doc;
  if (!isObject(rest.metadata)) return rest;
  const { name: _n, namespace: _ns, ...m } = rest.metadata;
  return { ...rest, metadata: m };
}

function withMap(r: JsonObject, key: 'labels' | 'annotations', add: JsonObject): JsonObject {
  const m = meta(r);
  const was = isObject(m[key]) ? m[key] : {};
  return { ...r, metadata: { ...m, [key]: { ...was, ...add } } };
}

/** Renders the kustomization at `uri` (a kustomization file). */
export function renderKustomization(
  uri: string,
  read: (uri: string) => string | undefined,
  depth = 0,
  seen: ReadonlySet<string> = new Set(),
): Rendered {
  const text = read(uri);
  if (text === undefined || depth > MAX_DEPTH || seen.has(uri)) return { resources: [] };
  const inside = new Set([...seen, uri]);
  let k: Json;
  try {
    k = parse(text) as Json;
  } catch {
    return { resources: [] };
  }
  if (!isObject(k)) return { resources: [] };
  const resources: JsonObject[] = [];
  const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

  for (const entry of [...list(k.resources), ...list(k.bases)]) {
    if (typeof entry !== 'string') continue;
    const at = resolveFrom(uri, entry);
    if (!at) continue;
    const file = read(at);
    if (file !== undefined) {
      for (const d of docsOf(file)) if (isObject(d)) resources.push(d);
      continue;
    }
    const folder = at.endsWith('/') ? at : `${at}/`;
    for (const name of KUSTOMIZATION_NAMES) {
      const inner = `${folder}${name}`;
      if (read(inner) === undefined) continue;
      resources.push(...renderKustomization(inner, read, depth + 1, inside).resources);
      break;
    }
  }

  const contentOf = (p: JsonObject): Json[] => {
    if (typeof p.patch === 'string') return docsOf(p.patch);
    if (typeof p.path === 'string') {
      const at = resolveFrom(uri, p.path);
      const t = at ? read(at) : undefined;
      return t === undefined ? [] : docsOf(t);
    }
    return [];
  };
  for (const p of list(k.patchesStrategicMerge)) {
    if (typeof p !== 'string') continue;
    applyPatch(resources, /\n/.test(p) ? docsOf(p) : contentOf({ path: p }), undefined);
  }
  for (const p of list(k.patches))
    if (isObject(p)) applyPatch(resources, contentOf(p), isObject(p.target) ? p.target : undefined);
  for (const p of list(k.patchesJson6902))
    if (isObject(p) && isObject(p.target)) applyPatch(resources, contentOf(p), p.target);

  return { resources: resources.map((r) => transform(r, k as JsonObject)) };
}

/** namespace, namePrefix/nameSuffix, labels/commonLabels, commonAnnotations on one resource. */
function transform(r: JsonObject, k: JsonObject): JsonObject {
  let out = r;
  const m = () => meta(out);
  if (typeof k.namespace === 'string' && k.namespace !== '')
    out = { ...out, metadata: { ...m(), namespace: k.namespace } };
  const prefix = typeof k.namePrefix === 'string' ? k.namePrefix : '';
  const suffix = typeof k.nameSuffix === 'string' ? k.nameSuffix : '';
  if ((prefix || suffix) && typeof m().name === 'string')
    out = { ...out, metadata: { ...m(), name: `${prefix}${String(m().name)}${suffix}` } };
  if (isObject(k.commonLabels)) out = withMap(out, 'labels', k.commonLabels);
  if (Array.isArray(k.labels))
    for (const l of k.labels) if (isObject(l) && isObject(l.pairs)) out = withMap(out, 'labels', l.pairs);
  if (isObject(k.commonAnnotations)) out = withMap(out, 'annotations', k.commonAnnotations);
  return out;
}
