// An overlay rendered in memory the way `kubectl kustomize` renders it, for custom resources (ours): the
// resources it names (files, folders holding a kustomization, nested overlays, each rendered first), then
// its patches (a strategic merge on a custom resource is a JSON merge patch: maps merge, lists are
// replaced, `null` deletes; targeted patches; JSON 6902 operations), then `namespace`, `namePrefix` /
// `nameSuffix`, labels and annotations. Pure: files are read through `read` (undefined: no such file).
// What is not rendered (generators, components, remote resources…) is left out: kustomization.ts names it.
// Checked against the real tool by test/kustomize/differential.test.ts.
import { isMap, isScalar, isSeq, parseAllDocuments, parse } from 'yaml';
import { valueMap } from '../embedded/positionMap';
import { spanOf, type Span } from '../yamlNodes';
import { applyOperations, type Json, type JsonObject } from './jsonPatch';
import { KUSTOMIZATION_NAMES, resolveFrom } from './kustomization';

export type { Json, JsonObject };

/** Where a value of a rendered resource was written: a file and the span of its key (or list item). */
export interface Origin {
  uri: string;
  span: Span;
}

/** The origins of one rendered resource, by JSON pointer (`/spec/sku/name`; `` for the resource). */
export type Origins = Map<string, Origin>;

export interface Rendered {
  resources: JsonObject[];
  /** `origins[i]`: where each value of `resources[i]` was written (the base's line, or the patch's). */
  origins: Origins[];
  /**
   * `written[i]`: the name `resources[i]` has in the file it was read from, before any prefix or suffix
   * (what a reference to it was written with: renamedReferences.ts).
   */
  written: (string | undefined)[];
}

/** A document of a resource file, as the renderer reads it (values and where each was written). */
export interface Doc {
  value: Json;
  origins: Origins;
}

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every pointer of a YAML node with the span of its key (a map entry) or of itself (a list item). */
function originsOf(node: unknown, uri: string, at: string, into: Origins, budget: { n: number }): void {
  if (budget.n-- <= 0) return;
  if (isMap(node))
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (k === undefined) continue;
      const p = `${at}/${escape(k)}`;
      into.set(p, { uri, span: spanOf(pair.key) });
      originsOf(pair.value, uri, p, into, budget);
    }
  else if (isSeq(node))
    node.items.forEach((item, i) => {
      const p = `${at}/${i}`;
      into.set(p, { uri, span: spanOf(item) });
      originsOf(item, uri, p, into, budget);
    });
}

/** The documents of a text with where each value was written (`uri`; `base`: offsets added, for an inline patch). */
function docsWithOrigins(text: string, uri: string, base = 0, shift?: (o: number) => number): Doc[] {
  const out: Doc[] = [];
  for (const d of parseAllDocuments(text)) {
    if (!('toJS' in d)) continue;
    const value = d.toJS({ maxAliasCount: 100 }) as Json;
    if (value === null || value === undefined) continue;
    const origins: Origins = new Map();
    originsOf(d.contents, uri, '', origins, { n: 100_000 });
    if (d.contents) origins.set('', { uri, span: spanOf(d.contents) });
    if (base || shift)
      for (const [k, o] of origins) {
        const f = shift ?? ((x: number) => x + base);
        origins.set(k, { uri, span: [f(o.span[0]), f(o.span[1])] });
      }
    out.push({ value, origins });
  }
  return out;
}

/** Nested kustomizations deeper than this are not followed (a loop, or a pathological tree). */
const MAX_DEPTH = 16;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T extends Json>(v: T): T => structuredClone(v);

/**
 * A strategic merge on a custom resource: RFC 7386 (maps merge, anything else, lists included, replaces,
 * `null` deletes), with Kustomize's directives: `$patch: replace` replaces a map whole, `$patch: delete`
 * removes it; the other `$` keys (`$retainKeys`, `$setElementOrder/…`) direct the merge, never land.
 */
export function mergePatch(target: Json | undefined, patch: Json): Json | undefined {
  if (!isObject(patch)) return clone(patch);
  if (patch.$patch === 'delete') return undefined;
  const replace = patch.$patch === 'replace';
  const out: JsonObject = isObject(target) && !replace ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$')) continue;
    const merged = v === null ? undefined : mergePatch(out[k], v);
    if (merged === undefined) delete out[k];
    else out[k] = merged;
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

interface Resource {
  value: JsonObject;
  origins: Origins;
  /** Its name in the file it was read from. */
  written?: string;
}

/** What a patch writes overrides where the values were written (a targeted patch's identity aside). */
function takeOrigins(into: Origins, from: Origins, targeted: boolean): void {
  for (const [p, o] of from) {
    if (p === '') continue;
    if (targeted && /^\/(?:apiVersion|kind|metadata\/name|metadata\/namespace)$/.test(p)) continue;
    into.set(p, o);
  }
}

/** Applies one patch (a merge patch, or JSON 6902 operations) to the resources it selects. */
function applyPatch(resources: Resource[], content: Doc[], target: JsonObject | undefined): void {
  // Untargeted patches name their resource: found by kind and name, not by a scan per patch document (a
  // patch file may patch each of a thousand resources).
  let byName: Map<string, Resource[]> | undefined;
  const removed = new Set<Resource>();
  const candidates = (patch: JsonObject): Resource[] => {
    if (!byName) {
      byName = new Map();
      for (const r of resources) {
        const k = identityKey(r.value);
        const list = byName.get(k);
        if (list) list.push(r);
        else byName.set(k, [r]);
      }
    }
    return (byName.get(identityKey(patch)) ?? []).filter((r) => !removed.has(r));
  };
  for (const doc of content) {
    const ops = doc.value;
    if (Array.isArray(ops)) {
      if (!target) continue;
      for (const r of resources) {
        if (!matches(r.value, target)) continue;
        r.value = applyOperations(r.value, ops) as JsonObject;
        // An operation's value was written under `/<i>/value`: it lands at the operation's path.
        ops.forEach((op, i) => {
          if (!isObject(op) || typeof op.path !== 'string') return;
          const own = `/${i}/value`;
          for (const [p, o] of doc.origins)
            if (p === own || p.startsWith(`${own}/`)) r.origins.set(op.path + p.slice(own.length), o);
        });
      }
      continue;
    }
    if (!isObject(ops)) continue;
    for (const r of target ? [...resources] : candidates(ops)) {
      if (!(target ? matches(r.value, target) : sameResource(r.value, ops))) continue;
      // A merge patch never renames what it selects (it names the resource as it is before prefixes).
      const merged = mergePatch(r.value, target ? withoutIdentity(ops) : ops);
      // `$patch: delete` at the top removes the resource.
      if (!isObject(merged)) {
        resources.splice(resources.indexOf(r), 1);
        removed.add(r);
        continue;
      }
      r.value = merged;
      // The identity a patch writes selects the resource; it changes nothing.
      takeOrigins(r.origins, doc.origins, true);
    }
  }
}

/** Kind and name: what an untargeted patch is matched by (the name a patch writes is never changed by it). */
const identityKey = (r: JsonObject): string => `${String(r.kind)}\u0000${String(meta(r).name)}`;

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
/**
 * `documents` reads a resource file's documents: a caller that renders often (the analysis) keeps them by
 * text, so an edit of a patch does not parse the whole base again. They are never changed here.
 */
export function renderKustomization(
  uri: string,
  read: (uri: string) => string | undefined,
  documents: (uri: string, text: string) => readonly Doc[] = (u, t) => resourceDocuments(t, u),
): Rendered {
  const r = render(uri, read, 0, new Set(), documents);
  return { resources: r.map((x) => x.value), origins: r.map((x) => x.origins), written: r.map((x) => x.written) };
}

/** Origins moved by `by` characters (a document's, placed in its file). */
export function shifted(origins: Origins, by: number): Origins {
  const out: Origins = new Map();
  for (const [k, o] of origins) out.set(k, { uri: o.uri, span: [o.span[0] + by, o.span[1] + by] });
  return out;
}

/** The documents of a resource file, with where each value was written. */
export const resourceDocuments = (text: string, uri: string): Doc[] => docsWithOrigins(text, uri);

function render(
  uri: string,
  read: (uri: string) => string | undefined,
  depth: number,
  seen: ReadonlySet<string>,
  documents: (uri: string, text: string) => readonly Doc[],
): Resource[] {
  const text = read(uri);
  if (text === undefined || depth > MAX_DEPTH || seen.has(uri)) return [];
  const inside = new Set([...seen, uri]);
  let k: Json;
  try {
    k = parse(text) as Json;
  } catch {
    return [];
  }
  if (!isObject(k)) return [];
  const resources: Resource[] = [];
  const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

  for (const entry of [...list(k.resources), ...list(k.bases)]) {
    if (typeof entry !== 'string') continue;
    const at = resolveFrom(uri, entry);
    if (!at) continue;
    const file = read(at);
    if (file !== undefined) {
      // The documents may be a cache's: patches replace values and add origins on copies.
      for (const d of documents(at, file))
        if (isObject(d.value))
          resources.push({ value: d.value, origins: new Map(d.origins), written: str(meta(d.value).name) });
      continue;
    }
    const folder = at.endsWith('/') ? at : `${at}/`;
    for (const name of KUSTOMIZATION_NAMES) {
      const inner = `${folder}${name}`;
      if (read(inner) === undefined) continue;
      resources.push(...render(inner, read, depth + 1, inside, documents));
      break;
    }
  }

  const inline = inlineSpans(text);
  const contentOf = (p: JsonObject): Doc[] => {
    if (typeof p.patch === 'string') return inlineDocs(p.patch);
    if (typeof p.path === 'string') {
      const at = resolveFrom(uri, p.path);
      const t = at ? read(at) : undefined;
      return t === undefined || !at ? [] : [...documents(at, t)];
    }
    return [];
  };
  /** An inline patch's values were written in the kustomization: at its block scalar. */
  const inlineDocs = (patch: string): Doc[] => docsWithOrigins(patch, uri, 0, inline.get(patch) ?? (() => 0));
  for (const p of list(k.patchesStrategicMerge)) {
    if (typeof p !== 'string') continue;
    applyPatch(resources, /\n/.test(p) ? inlineDocs(p) : contentOf({ path: p }), undefined);
  }
  for (const p of list(k.patches))
    if (isObject(p)) applyPatch(resources, contentOf(p), isObject(p.target) ? p.target : undefined);
  for (const p of list(k.patchesJson6902))
    if (isObject(p) && isObject(p.target)) applyPatch(resources, contentOf(p), p.target);

  const keys = topKeySpans(text);
  for (const r of resources) {
    r.value = transform(r.value, k);
    // A name or namespace the kustomization changes was written there.
    const name = keys.get('namePrefix') ?? keys.get('nameSuffix');
    if (name && (k.namePrefix || k.nameSuffix)) r.origins.set('/metadata/name', { uri, span: name });
    const ns = keys.get('namespace');
    if (ns && k.namespace) r.origins.set('/metadata/namespace', { uri, span: ns });
  }
  return resources;
}

/** The spans of a kustomization's top-level keys. */
function topKeySpans(text: string): Map<string, Span> {
  const out = new Map<string, Span>();
  const root = parseAllDocuments(text)[0];
  const contents = root && 'contents' in root ? root.contents : undefined;
  if (isMap(contents)) for (const p of contents.items) if (isScalar(p.key)) out.set(String(p.key.value), spanOf(p.key));
  return out;
}

/** Where each character of each multi-line string of a kustomization (its inline patches) was written. */
function inlineSpans(text: string): Map<string, (offset: number) => number> {
  const out = new Map<string, (offset: number) => number>();
  const visit = (n: unknown, budget: { n: number }) => {
    if (budget.n-- <= 0) return;
    if (isScalar(n) && typeof n.value === 'string' && n.value.includes('\n')) {
      const map = valueMap(text, n);
      out.set(n.value, (o) => map.at[Math.max(0, Math.min(o, map.value.length))]);
    } else if (isMap(n)) for (const p of n.items) visit(p.value, budget);
    else if (isSeq(n)) for (const i of n.items) visit(i, budget);
  };
  for (const d of parseAllDocuments(text)) if ('contents' in d) visit(d.contents, { n: 10_000 });
  return out;
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
