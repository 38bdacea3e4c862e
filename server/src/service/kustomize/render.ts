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
  readonly uri: string;
  readonly span: Span;
}

/**
 * Where a document starts in its file, updated in place when an edit above it moves it (see the analysis's
 * resource documents): the documents, and every rendering step kept for them, stay the same objects.
 */
export interface Anchor {
  offset: number;
}

/** An origin relative to its document's anchor: its span follows the document when it moves. */
class AnchoredOrigin implements Origin {
  constructor(
    readonly uri: string,
    private readonly rel: Span,
    private readonly anchor: Anchor,
  ) {}
  get span(): Span {
    return [this.rel[0] + this.anchor.offset, this.rel[1] + this.anchor.offset];
  }
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

/**
 * The documents of a text with where each value was written (`uri`; `base`: offsets added, for an inline
 * patch; `anchor`: offsets relative to where the text starts in its file, which may move).
 */
function docsWithOrigins(text: string, uri: string, base = 0, shift?: (o: number) => number, anchor?: Anchor): Doc[] {
  const out: Doc[] = [];
  for (const d of parseAllDocuments(text)) {
    if (!('toJS' in d)) continue;
    const value = d.toJS({ maxAliasCount: 100 }) as Json;
    if (value === null || value === undefined) continue;
    const origins: Origins = new Map();
    originsOf(d.contents, uri, '', origins, { n: 100_000 });
    if (d.contents) origins.set('', { uri, span: spanOf(d.contents) });
    if (anchor) for (const [k, o] of origins) origins.set(k, new AnchoredOrigin(uri, o.span, anchor));
    else if (base || shift)
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

/**
 * The name and namespace a resource was first read with (Kustomize's "original id"): a target's `name` and
 * `namespace` select a resource by them as well as by its current ones, so an overlay's patch still names
 * a resource its base renamed or moved.
 */
export interface OriginalId {
  readonly name?: string;
  readonly namespace?: string;
}

/**
 * A namespace as Kustomize compares it: none is `default` (our kinds are all namespaced). A target of
 * `namespace: default` selects a resource written without one.
 */
const effectiveNamespace = (ns: string | undefined): string => (ns === undefined || ns === '' ? 'default' : ns);

/**
 * A `target:` selector: group, version, kind, name and namespace are regular expressions, anchored; name and
 * namespace match the current ones or the original ones (`kubectl kustomize` v5: resWrangler.Select). Each
 * expression is compiled once per patch, not once per resource it is tried on.
 */
function matcher(target: JsonObject): (r: JsonObject, org?: OriginalId) => boolean {
  const re = (v: Json | undefined): ((s: string | undefined) => boolean) => {
    if (typeof v !== 'string' || v === '') return () => true;
    try {
      const compiled = new RegExp(`^(?:${v})$`);
      return (s) => compiled.test(s ?? '');
    } catch {
      return (s) => v === s;
    }
  };
  const group = re(target.group);
  const version = re(target.version);
  const kind = re(target.kind);
  const name = re(target.name);
  const namespace = re(target.namespace);
  const labels = labelSelector(target.labelSelector);
  const annotations = labelSelector(target.annotationSelector);
  return (r, org) => {
    const api = str(r.apiVersion);
    const m = meta(r);
    return (
      group(groupOf(api)) &&
      version(versionOf(api)) &&
      kind(str(r.kind)) &&
      (name(str(m.name)) || (org?.name !== undefined && name(org.name))) &&
      (namespace(effectiveNamespace(str(m.namespace))) ||
        (org !== undefined && namespace(effectiveNamespace(org.namespace)))) &&
      labels(isObject(m.labels) ? m.labels : {}) &&
      annotations(isObject(m.annotations) ? m.annotations : {})
    );
  };
}

/**
 * One requirement of a label selector: `key`, `!key`, `key=v`, `key==v`, `key!=v`, `key in (…)`,
 * `key notin (…)`, `key>n`, `key<n`.
 */
const REQUIREMENT =
  /^(?:!\s*([^\s!=<>(),]+)|([^\s!=<>(),]+)\s*(?:(==?|!=)\s*([^\s!=<>(),]*)|([<>])\s*(-?\d+)|\s(in|notin)\s*\(([^()]*)\))?)$/;

/**
 * A `labelSelector` / `annotationSelector` as Kubernetes parses it (labels.Parse): requirements separated
 * by commas, all of which must hold; `!=` and `notin` hold where the key is absent. A selector that does not
 * parse selects nothing (`kubectl kustomize` refuses it).
 */
function labelSelector(sel: Json | undefined): (of: JsonObject) => boolean {
  if (typeof sel !== 'string' || sel.trim() === '') return () => true;
  // Commas inside `in (a, b)` do not separate requirements.
  const parts = sel.split(/,(?![^()]*\))/).map((x) => x.trim());
  const tests = parts.map(requirement);
  if (tests.some((t) => t === undefined)) return () => false;
  return (of) => tests.every((t) => t!(of));
}

/** One requirement as a test of a resource's labels (or annotations); undefined: it does not parse. */
function requirement(part: string): ((of: JsonObject) => boolean) | undefined {
  const m = REQUIREMENT.exec(part);
  if (!m) return undefined;
  const [, absent, key, eq, value, cmp, bound, op, set] = m;
  const val = (of: JsonObject, k: string) => (Object.hasOwn(of, k) ? String(of[k]) : undefined);
  if (absent) return (of) => !Object.hasOwn(of, absent);
  if (eq === '!=') return (of) => val(of, key) !== value;
  if (eq) return (of) => val(of, key) === value;
  if (cmp) {
    // Compared as integers; a value that is not one does not match.
    const n = Number(bound);
    return (of) => {
      const v = val(of, key);
      return v !== undefined && /^-?\d+$/.test(v) && (cmp === '>' ? Number(v) > n : Number(v) < n);
    };
  }
  if (op) {
    const values = new Set(set.split(',').map((x) => x.trim()));
    const v = (of: JsonObject) => val(of, key);
    return op === 'in'
      ? (of) => v(of) !== undefined && values.has(v(of)!)
      : (of) => v(of) === undefined || !values.has(v(of)!);
  }
  return (of) => Object.hasOwn(of, key);
}

/**
 * A patch without a target applies to the resource it names: kind and name (looked up by them, any name the
 * resource had: applyPatch), the API group, and the namespace if the patch writes one (the current one or
 * one it had).
 */
const sameGroup = (r: JsonObject, patch: JsonObject): boolean =>
  groupOf(str(r.apiVersion)) === groupOf(str(patch.apiVersion));

/** A resource at one step of its rendering: never changed once made (a step makes a new one). */
interface Resource {
  readonly value: JsonObject;
  readonly origins: Origins;
}

/** A resource of the rendering in progress: its current step (boxed, so lookups by name stay valid). */
interface Slot {
  r: Resource;
  /** Its name in the file it was read from. */
  readonly written?: string;
  /** Its namespace in the file it was read from. */
  readonly writtenNamespace?: string;
  /**
   * The names and namespaces it had before each kustomization renamed or moved it (the file's first): an
   * untargeted patch of an overlay may name it by any of them, as Kustomize matches a patch against a
   * resource's previous ids.
   */
  previous?: OriginalId[];
}

/**
 * What a caller that renders often (the analysis) keeps from one rendering to the next: the result of
 * each step of each resource (a patch document merged, operations applied, a kustomization's names and
 * labels) by the identity of its inputs, the resource before the step and the patch document. The
 * documents of a file that did not change are the same objects (the caller keeps them by text), so an
 * edit of one patch renders that patch's resource again and hands back every other one as it was.
 */
export class RenderMemo {
  private readonly merged = new WeakMap<Resource, WeakMap<Doc, Resource | null>>();
  private readonly mergedTargeted = new WeakMap<Resource, WeakMap<Doc, Resource | null>>();
  private readonly operated = new WeakMap<Resource, WeakMap<Doc, Resource>>();
  /** By kustomization (its uri and text); a few per resource (the overlays that render it). */
  private readonly transformed = new WeakMap<Resource, Map<string, Resource>>();
  private readonly uris = new WeakMap<Origins, ReadonlySet<string>>();
  /** Steps computed, not found here (a test reads how much an edit rendered again). */
  stepsComputed = 0;

  // The steps take module-level functions, not closures: a rendering asks for every resource's steps, and
  // most are found here (no function made per resource).
  step<T extends Resource | null>(
    table: 'merged' | 'mergedTargeted' | 'operated',
    r: Resource,
    doc: Doc,
    make: (r: Resource, doc: Doc) => T,
  ): T {
    const byResource = this[table] as WeakMap<Resource, WeakMap<Doc, T>>;
    let m = byResource.get(r);
    if (!m) byResource.set(r, (m = new WeakMap()));
    const hit = m.get(doc);
    if (hit !== undefined) return hit;
    this.stepsComputed++;
    const out = make(r, doc);
    m.set(doc, out);
    return out;
  }

  transform(r: Resource, key: string, k: Transform, make: (r: Resource, k: Transform) => Resource): Resource {
    let m = this.transformed.get(r);
    // Bounded: a kustomization edited many times leaves a result per text it had.
    if (!m || m.size > 16) this.transformed.set(r, (m = new Map()));
    const hit = m.get(key);
    if (hit) return hit;
    this.stepsComputed++;
    const out = make(r, k);
    m.set(key, out);
    return out;
  }

  /**
   * A resource's kind and name (identityKey), the same string each time for the same value: the lookup of
   * untargeted patches by name hashes each name once, not once per rendering.
   */
  keyOf(value: JsonObject): string {
    let k = this.keys.get(value);
    if (k === undefined) this.keys.set(value, (k = identityKey(value)));
    return k;
  }

  private readonly keys = new WeakMap<JsonObject, string>();

  /**
   * The same string for the same kustomization text each rendering: looked up for every resource, a new
   * string would be compared with the kept one character by character.
   */
  intern(key: string): string {
    const kept = this.interned.get(key);
    if (kept !== undefined) return kept;
    // Bounded: a kustomization edited many times leaves its texts.
    if (this.interned.size > 64) this.interned.clear();
    this.interned.set(key, key);
    return key;
  }

  private readonly interned = new Map<string, string>();

  /**
   * A kustomization's text parsed, with the spans of its keys and inline patches, once per text: every
   * rendering reads each kustomization of the overlay, and an edit of a patch changes none of them.
   */
  kustomization(text: string): ParsedKustomization {
    let p = this.kustomizations.get(text);
    if (p === undefined) {
      // Bounded: a kustomization edited many times leaves its texts.
      if (this.kustomizations.size > 64) this.kustomizations.clear();
      this.kustomizations.set(text, (p = parseKustomization(text)));
    }
    return p;
  }

  private readonly kustomizations = new Map<string, ParsedKustomization>();

  /**
   * A `target:` selector compiled once per target (by its JSON), with what it answered for each resource
   * value: most resources are the same objects from one rendering to the next.
   */
  selector(target: JsonObject): (r: JsonObject, org?: OriginalId) => boolean {
    const key = JSON.stringify(target);
    let s = this.selectors.get(key);
    if (s === undefined) {
      if (this.selectors.size > 64) this.selectors.clear();
      const test = matcher(target);
      // By the value and its original id: the answer depends on both.
      const answers = new WeakMap<JsonObject, Map<string, boolean>>();
      s = (r, org) => {
        let byOrg = answers.get(r);
        if (!byOrg) answers.set(r, (byOrg = new Map()));
        const k = `${org?.name ?? ''}\u0000${org?.namespace ?? ''}`;
        let a = byOrg.get(k);
        if (a === undefined) byOrg.set(k, (a = test(r, org)));
        return a;
      };
      this.selectors.set(key, s);
    }
    return s;
  }

  private readonly selectors = new Map<string, (r: JsonObject, org?: OriginalId) => boolean>();

  /** The files a rendered resource's values were written in. */
  urisOf(origins: Origins): ReadonlySet<string> {
    let u = this.uris.get(origins);
    if (!u) {
      const set = new Set<string>();
      for (const o of origins.values()) set.add(o.uri);
      this.uris.set(origins, (u = set));
    }
    return u;
  }
}

/** Computes each step afresh (a caller that renders once). */
const NO_MEMO = {
  intern: (key: string): string => key,
  kustomization: (text: string): ParsedKustomization => parseKustomization(text),
  selector: (target: JsonObject) => matcher(target),
  keyOf: (value: JsonObject): string => identityKey(value),
  step: <T>(_t: string, r: Resource, d: Doc, make: (r: Resource, d: Doc) => T): T => make(r, d),
  transform: (r: Resource, _key: string, k: Transform, make: (r: Resource, k: Transform) => Resource): Resource =>
    make(r, k),
};

/** A kustomization's names, namespace and labels, and where it writes the first two. */
interface Transform {
  uri: string;
  kustomization: JsonObject;
  renamed?: Span;
  moved?: Span;
}

/** namespace, namePrefix/nameSuffix, labels/commonLabels, commonAnnotations on one resource (a step). */
function transformStep(r: Resource, t: Transform): Resource {
  const value = transform(r.value, t.kustomization);
  if (!t.renamed && !t.moved) return value === r.value ? r : { value, origins: r.origins };
  // A name or namespace the kustomization changes was written there.
  const origins = new Map(r.origins);
  if (t.renamed) origins.set('/metadata/name', { uri: t.uri, span: t.renamed });
  if (t.moved) origins.set('/metadata/namespace', { uri: t.uri, span: t.moved });
  return { value, origins };
}

/** JSON 6902 operations on one resource (a step). */
function operateStep(r: Resource, doc: Doc): Resource {
  const ops = doc.value as Json[];
  const origins = new Map(r.origins);
  // An operation's value was written under `/<i>/value`: it lands at the operation's path.
  ops.forEach((op, i) => {
    if (!isObject(op) || typeof op.path !== 'string') return;
    const own = `/${i}/value`;
    for (const [p, o] of doc.origins)
      if (p === own || p.startsWith(`${own}/`)) origins.set(op.path + p.slice(own.length), o);
  });
  return { value: applyOperations(r.value, ops) as JsonObject, origins };
}

/** A merge patch on one resource (a step); null: `$patch: delete` removes it. */
function mergeStep(r: Resource, doc: Doc, targeted: boolean): Resource | null {
  const ops = doc.value as JsonObject;
  // A merge patch never renames or moves what it selects (it may name the resource as its base wrote it).
  const merged = mergePatch(r.value, targeted ? withoutIdentity(ops) : withoutName(ops));
  if (!isObject(merged)) return null;
  // The identity a patch writes selects the resource; it changes nothing.
  return { value: merged, origins: withOrigins(r.origins, doc.origins) };
}
/**
 * An untargeted merge patch on a resource its kind and name chose: the resource unchanged (the same object)
 * when the patch is of another API group.
 */
const mergeUntargeted = (r: Resource, doc: Doc) =>
  sameGroup(r.value, doc.value as JsonObject) ? mergeStep(r, doc, false) : r;
const mergeTargeted = (r: Resource, doc: Doc) => mergeStep(r, doc, true);

type Memo = Pick<RenderMemo, 'step' | 'transform' | 'keyOf' | 'intern' | 'kustomization' | 'selector'>;

/** A kustomization's text as rendering reads it: its value (undefined: not a map, or no YAML), the spans. */
interface ParsedKustomization {
  k: JsonObject | undefined;
  inline: Map<string, (offset: number) => number>;
  keys: Map<string, Span>;
}

function parseKustomization(text: string): ParsedKustomization {
  let k: Json;
  try {
    k = parse(text) as Json;
  } catch {
    return { k: undefined, inline: new Map(), keys: new Map() };
  }
  if (!isObject(k)) return { k: undefined, inline: new Map(), keys: new Map() };
  return { k, inline: inlineSpans(text), keys: topKeySpans(text) };
}

/** What a patch writes overrides where the values were written (a targeted patch's identity aside). */
function withOrigins(base: Origins, from: Origins): Origins {
  const into = new Map(base);
  for (const [p, o] of from) {
    if (p === '') continue;
    if (/^\/(?:apiVersion|kind|metadata\/name|metadata\/namespace)$/.test(p)) continue;
    into.set(p, o);
  }
  return into;
}

/** Applies one patch (a merge patch, or JSON 6902 operations) to the resources it selects. */
function applyPatch(slots: Slot[], content: readonly Doc[], target: JsonObject | undefined, memo: Memo): void {
  // Untargeted patches name their resource: found by kind and name, not by a scan per patch document (a
  // patch file may patch each of a thousand resources).
  let byName: Map<string, Slot[]> | undefined;
  const removed = new Set<Slot>();
  const add = (k: string, s: Slot) => {
    const list = byName!.get(k);
    if (!list) byName!.set(k, [s]);
    else if (!list.includes(s)) list.push(s);
  };
  const candidates = (patch: JsonObject): Slot[] => {
    if (!byName) {
      byName = new Map();
      for (const s of slots) {
        add(memo.keyOf(s.r.value), s);
        // The names it had before a base renamed it select it too.
        for (const p of s.previous ?? []) add(`${String(s.r.value.kind)}\u0000${String(p.name)}`, s);
      }
    }
    const ns = str(meta(patch).namespace);
    const found = (byName.get(memo.keyOf(patch)) ?? []).filter(
      (s) => !removed.has(s) && (ns === undefined || inNamespace(s, ns)),
    );
    return found;
  };
  const selector = target ? memo.selector(target) : undefined;
  const selects = selector && ((s: Slot) => selector(s.r.value, { name: s.written, namespace: s.writtenNamespace }));
  for (const doc of content) {
    const ops = doc.value;
    if (Array.isArray(ops)) {
      if (!selects) continue;
      for (const s of slots) {
        if (!selects(s)) continue;
        s.r = memo.step('operated', s.r, doc, operateStep);
      }
      continue;
    }
    if (!isObject(ops)) continue;
    for (const s of selects ? [...slots] : candidates(ops)) {
      if (selects && !selects(s)) continue;
      // Untargeted, whether the patch names the resource is part of the step (kept with its result).
      const next = selects
        ? memo.step('mergedTargeted', s.r, doc, mergeTargeted)
        : memo.step('merged', s.r, doc, mergeUntargeted);
      if (next === s.r) continue;
      // `$patch: delete` at the top removes the resource.
      if (next === null) {
        slots.splice(slots.indexOf(s), 1);
        removed.add(s);
        continue;
      }
      s.r = next;
    }
  }
}

/** Whether a resource is, or was before a kustomization moved it, in a namespace (none is `default`). */
const inNamespace = (s: Slot, ns: string): boolean =>
  [str(meta(s.r.value).namespace), ...(s.previous ?? []).map((p) => p.namespace)].some(
    (n) => effectiveNamespace(n) === effectiveNamespace(ns),
  );

/** Kind and name: what an untargeted patch is matched by (the name a patch writes is never changed by it). */
const identityKey = (r: JsonObject): string => `${String(r.kind)}\u0000${String(meta(r).name)}`;

/** A targeted patch's own name and kind say nothing: Kustomize keeps the target's. */
function withoutIdentity(doc: JsonObject): JsonObject {
  const { apiVersion: _a, kind: _k, ...rest } = doc;
  if (!isObject(rest.metadata)) return rest;
  const { name: _n, namespace: _ns, ...m } = rest.metadata;
  return { ...rest, metadata: m };
}

/** An untargeted patch's name and namespace select the resource (maybe by a name it had): they write nothing. */
function withoutName(doc: JsonObject): JsonObject {
  if (!isObject(doc.metadata)) return doc;
  const { name: _n, namespace: _ns, ...m } = doc.metadata;
  return { ...doc, metadata: m };
}

function withMap(r: JsonObject, key: 'labels' | 'annotations', add: JsonObject): JsonObject {
  const m = meta(r);
  const was = isObject(m[key]) ? m[key] : {};
  return { ...r, metadata: { ...m, [key]: { ...was, ...add } } };
}

/**
 * Renders the kustomization at `uri` (a kustomization file). `documents` reads a resource file's documents:
 * a caller that renders often (the analysis) keeps them by text, so an edit of a patch does not parse the
 * whole base again, and keeps each step's results in `memo` (see RenderMemo). Neither is changed here.
 */
export function renderKustomization(
  uri: string,
  read: (uri: string) => string | undefined,
  documents: (uri: string, text: string) => readonly Doc[] = (u, t) => resourceDocuments(t, u),
  memo: Memo = NO_MEMO,
): Rendered {
  const r = render(uri, read, 0, new Set(), documents, memo);
  return {
    resources: r.map((x) => x.r.value),
    origins: r.map((x) => x.r.origins),
    written: r.map((x) => x.written),
  };
}

/** The documents of a resource file, with where each value was written (relative to `anchor`, if given). */
export const resourceDocuments = (text: string, uri: string, anchor?: Anchor): Doc[] =>
  docsWithOrigins(text, uri, 0, undefined, anchor);

function render(
  uri: string,
  read: (uri: string) => string | undefined,
  depth: number,
  seen: ReadonlySet<string>,
  documents: (uri: string, text: string) => readonly Doc[],
  memo: Memo,
): Slot[] {
  const text = read(uri);
  if (text === undefined || depth > MAX_DEPTH || seen.has(uri)) return [];
  const inside = new Set([...seen, uri]);
  const parsed = memo.kustomization(text);
  const k = parsed.k;
  if (!k) return [];
  const resources: Slot[] = [];
  const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

  for (const entry of [...list(k.resources), ...list(k.bases)]) {
    if (typeof entry !== 'string') continue;
    const at = resolveFrom(uri, entry);
    if (!at) continue;
    const file = read(at);
    if (file !== undefined) {
      // A document is the first step of its resource (steps make new resources: the documents, maybe a
      // cache's, are never changed).
      for (const d of documents(at, file))
        if (isObject(d.value))
          resources.push({
            r: d as Resource,
            written: str(meta(d.value).name),
            writtenNamespace: str(meta(d.value).namespace),
          });
      continue;
    }
    const folder = at.endsWith('/') ? at : `${at}/`;
    for (const name of KUSTOMIZATION_NAMES) {
      const inner = `${folder}${name}`;
      if (read(inner) === undefined) continue;
      for (const s of render(inner, read, depth + 1, inside, documents, memo)) resources.push(s);
      break;
    }
  }

  const inline = parsed.inline;
  const contentOf = (p: JsonObject): readonly Doc[] => {
    if (typeof p.patch === 'string') return inlineDocs(p.patch);
    if (typeof p.path === 'string') {
      const at = resolveFrom(uri, p.path);
      const t = at ? read(at) : undefined;
      return t === undefined || !at ? [] : documents(at, t);
    }
    return [];
  };
  /** An inline patch's values were written in the kustomization: at its block scalar. */
  const inlineDocs = (patch: string): Doc[] => docsWithOrigins(patch, uri, 0, inline.get(patch) ?? (() => 0));
  for (const p of list(k.patchesStrategicMerge)) {
    if (typeof p !== 'string') continue;
    applyPatch(resources, /\n/.test(p) ? inlineDocs(p) : contentOf({ path: p }), undefined, memo);
  }
  for (const p of list(k.patches))
    if (isObject(p)) applyPatch(resources, contentOf(p), isObject(p.target) ? p.target : undefined, memo);
  for (const p of list(k.patchesJson6902))
    if (isObject(p) && isObject(p.target)) applyPatch(resources, contentOf(p), p.target, memo);

  // A kustomization that only lists and patches (a base, most often) changes nothing more: no step.
  if (!transforms(k)) return resources;
  const keys = parsed.keys;
  const name = keys.get('namePrefix') ?? keys.get('nameSuffix');
  const ns = keys.get('namespace');
  // The kustomization's text decides the step (its uri: where its names are written).
  const key = memo.intern(`${uri}\u0000${text}`);
  const t: Transform = {
    uri,
    kustomization: k,
    renamed: name && (k.namePrefix || k.nameSuffix) ? name : undefined,
    moved: ns && k.namespace ? ns : undefined,
  };
  for (const s of resources) {
    const before = meta(s.r.value);
    s.r = memo.transform(s.r, key, t, transformStep);
    const after = meta(s.r.value);
    if (after.name !== before.name || after.namespace !== before.namespace)
      (s.previous ??= []).push({ name: str(before.name), namespace: str(before.namespace) });
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

/** Whether `transform` changes anything with this kustomization. */
const transforms = (k: JsonObject): boolean =>
  (typeof k.namespace === 'string' && k.namespace !== '') ||
  (typeof k.namePrefix === 'string' && k.namePrefix !== '') ||
  (typeof k.nameSuffix === 'string' && k.nameSuffix !== '') ||
  isObject(k.commonLabels) ||
  Array.isArray(k.labels) ||
  isObject(k.commonAnnotations);

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
