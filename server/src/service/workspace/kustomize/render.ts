// An overlay rendered in memory the way `kubectl kustomize` renders it, for custom resources (ours): the
// resources it names (files, folders holding a kustomization, nested overlays, each rendered first), then
// its patches (a strategic merge on a custom resource is a JSON merge patch: maps merge, lists are
// replaced, `null` deletes; targeted patches; JSON 6902 operations), then `namespace`, `namePrefix` /
// `nameSuffix`, labels and annotations. Pure: files are read through `read` (undefined: no such file).
// What is not rendered (generators, components, remote resources…) is left out: kustomization.ts names it.
// Checked against the real tool by test/kustomize/differential.test.ts. Over 400 lines for a reason: one
// build is one recursion (resources, patches, transformers, each step memoised by its inputs), and its
// bounds (once per build, duplicates refused, caps) must hold on every branch of it; split it at the
// patch kinds (strategic merge, JSON 6902) when it next grows.
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import { valueMap } from '../../checks/embedded/positionMap';
import { nearest } from '../../core/suggest';
import { spanOf, type Span } from '../../core/yamlNodes';
import { compileGoRegexp, isRegexpError } from '../../core/goRegexp';
import { applyOperations, type Json, type JsonObject, type OperationFailure } from './jsonPatch';
import { asksUnrendered, KUSTOMIZATION_NAMES, KustomizationReads, resolveFrom } from './kustomization';
import { isOverPatchLimit, overPatchLimitWhy } from './textLimit';
import { strategicMerge } from './strategicMerge';
import { builtinTransform, transformsBuiltin } from './builtinTransforms';
import { followNames, referrerKinds } from './nameReference';
import { canonicalFields } from './kustomizationFields';
import { withAnnotations, withoutEmptyAnnotations } from './internalAnnotations';
import { generate, mergeGenerated, nameHash } from './generators';
import { labelSelector } from './labelSelector';
import { MAX_REPLACEMENT_WORK, replacementEntries, runReplacements } from './replacements';
import { holdsVarReference, substituteVars, varFieldValue, varMatches, varString } from './vars';

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
  /**
   * `unsure[i]`: why `resources[i]` (of Kubernetes' own kinds) may not be what kubectl builds (a merge or a
   * transformer not reproduced here); undefined: it is.
   */
  unsure: (string | undefined)[];
  /**
   * What stops `kubectl kustomize` from building it (at most one Error: the tool stops at the first; the
   * rendering goes on without the piece at fault), and what may (unsure: Information), each where written.
   */
  errors: BuildError[];
  /** The work done: kustomizations read, resources listed, patch steps asked for (bounded in the input). */
  steps: number;
}

/** The build problems render.ts finds (registered in codes.ts). */
export type BuildCode =
  | 'kustomize-duplicate-resource'
  | 'kustomize-patch-no-match'
  | 'kustomize-patch-failed'
  | 'kustomize-patch-invalid'
  | 'kustomize-base-fails'
  | 'kustomize-render-limit'
  | 'kustomize-generator-no-base'
  | 'kustomize-replacement-failed'
  | 'kustomize-var-failed';

/** A problem that stops `kubectl kustomize` from building (or may: `unsure`), where it is written. */
export interface BuildError {
  readonly uri: string;
  readonly span: Span;
  readonly code: BuildCode;
  readonly message: string;
  /** Not certain: what is not rendered here (a generator, a component, a remote base…) may change it. */
  readonly unsure: boolean;
  /** The name the message suggests (a patch's misspelt `metadata.name`: `span` is its key). */
  readonly suggest?: string;
  /** `span` is the key of the value at fault (a patch's `name:`): the diagnostic goes on the value after it. */
  readonly onValue?: boolean;
}

/** Rendered resources in one build past which the rest is not rendered (an Information says so). */
export const MAX_RESOURCES = 50_000;
/** Patches of one kustomization past which the rest are not applied (an Information says so). */
export const MAX_PATCHES = 10_000;
/** Patches applied to one resource in a build past which the rest are not (an Information says so). */
export const MAX_RESOURCE_PATCHES = 1_000;
/** Unsure build problems told per build (a certain one stops the build). */
const MAX_BUILD_ERRORS = 100;

/** A value cut for a message: past `max` characters, its start and an ellipsis. */
export const clip = (s: string, max = 200): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

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
/** A target's selector, or why it cannot select (`field`: the target's key at fault). */
export type Selector =
  ((r: JsonObject, org?: OriginalId) => boolean) | { error: string; field: string; unsure: boolean };

function matcher(target: JsonObject): Selector {
  // Go's regexp (RE2: linear time), anchored as Kustomize anchors it: `^(?:…)$` (its error quotes that).
  let bad: { error: string; field: string; unsure: boolean } | undefined;
  const re = (field: string): ((s: string | undefined) => boolean) => {
    const v = target[field];
    if (typeof v !== 'string' || v === '') return () => true;
    const compiled = compileGoRegexp(`^(?:${v})$`);
    if (isRegexpError(compiled)) {
      bad ??= { error: compiled.error, field, unsure: false };
      return () => false;
    }
    return (s) => compiled.test(s ?? '');
  };
  const group = re('group');
  const version = re('version');
  const kind = re('kind');
  const name = re('name');
  const namespace = re('namespace');
  const labels = labelSelector(target.labelSelector);
  const annotations = labelSelector(target.annotationSelector);
  // A selector our parser does not read: Kubernetes' parser (labels.Parse) is not reproduced in every detail.
  if (!labels) bad ??= { error: 'unable to parse requirement', field: 'labelSelector', unsure: true };
  if (!annotations) bad ??= { error: 'unable to parse requirement', field: 'annotationSelector', unsure: true };
  if (bad) return bad;
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
      labels!(isObject(m.labels) ? m.labels : {}) &&
      annotations!(isObject(m.annotations) ? m.annotations : {})
    );
  };
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
  /** JSON 6902 operations that made it: the first that did not apply. */
  readonly failed?: OperationFailure;
  /** Why it may not be what kubectl builds (a step of a built-in kind not reproduced: strategicMerge.ts). */
  readonly unsure?: string;
}

/** A step's result keeps why an earlier step was not sure. */
const unsureOf = (r: Resource, why?: string): { unsure?: string } =>
  r.unsure || why ? { unsure: r.unsure ?? why } : {};

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
  /** Patch steps applied to it in this build (bounded: MAX_RESOURCE_PATCHES). */
  patches?: number;
  /** Made by a generator: its name gets the content hash at the end of the build (generators.ts). */
  hash?: boolean;
}

/**
 * What a caller that renders often (the analysis) keeps from one rendering to the next: the result of
 * each step of each resource (a patch document merged, operations applied, a kustomization's names and
 * labels) by the identity of its inputs, the resource before the step and the patch document. The
 * documents of a file that did not change are the same objects (the caller keeps them by text), so an
 * edit of one patch renders that patch's resource again and hands back every other one as it was.
 */
export class RenderMemo {
  /** `reads`: the analysis's kustomization texts, read once for the roles, the checks and the render. */
  constructor(private readonly reads = new KustomizationReads()) {}
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
   * A resource's Kustomize id (idOf), the same string each time for the same value: every rendering checks
   * each resource against those listed before it (a repeat is refused), by hashing each id once.
   */
  idOf(value: JsonObject): string | undefined {
    let k = this.ids.get(value);
    if (k === undefined) this.ids.set(value, (k = idOf(value) ?? null));
    return k ?? undefined;
  }

  private readonly ids = new WeakMap<JsonObject, string | null>();

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
      this.kustomizations.set(text, (p = parseKustomization(text, this.reads)));
    }
    return p;
  }

  private readonly kustomizations = new Map<string, ParsedKustomization>();

  /**
   * A `target:` selector compiled once per target (by its JSON), with what it answered for each resource
   * value: most resources are the same objects from one rendering to the next.
   */
  selector(target: JsonObject): Selector {
    const key = JSON.stringify(target);
    let s = this.selectors.get(key);
    if (s === undefined) {
      if (this.selectors.size > 64) this.selectors.clear();
      const test = matcher(target);
      if (typeof test !== 'function') {
        this.selectors.set(key, test);
        return test;
      }
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

  private readonly selectors = new Map<string, Selector>();

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
  kustomization: (text: string): ParsedKustomization => parseKustomization(text, new KustomizationReads()),
  selector: (target: JsonObject) => matcher(target),
  keyOf: (value: JsonObject): string => identityKey(value),
  idOf: (value: JsonObject): string | undefined => idOf(value),
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
  let value = transform(r.value, t.kustomization);
  // Kubernetes' own kinds: what Kustomize's field specs change beyond the metadata (builtinTransforms.ts).
  let why: string | undefined;
  if (builtIn(r.value) && transformsBuiltin(t.kustomization)) {
    const step = builtinTransform(r.value, value, t.kustomization);
    value = step.value;
    why = step.unsure;
  }
  if (!t.renamed && !t.moved)
    return value === r.value && (!why || r.unsure) ? r : { value, origins: r.origins, ...unsureOf(r, why) };
  // A name or namespace the kustomization changes was written there.
  const origins = new Map(r.origins);
  if (t.renamed) origins.set('/metadata/name', { uri: t.uri, span: t.renamed });
  if (t.moved) origins.set('/metadata/namespace', { uri: t.uri, span: t.moved });
  return { value, origins, ...unsureOf(r, why) };
}

/** JSON 6902 operations on one resource (a step). */
function operateStep(r: Resource, doc: Doc): Resource {
  const ops = doc.value as Json[];
  const origins = new Map(r.origins);
  // An operation's value was written under `/<i>/value`: it lands at the operation's path. One pass over
  // the patch's origins (not one per operation: 10,000 operations would be 10^8 lookups).
  for (const [p, o] of doc.origins) {
    const m = /^\/(\d+)\/value(?=\/|$)/.exec(p);
    const op = m ? ops[Number(m[1])] : undefined;
    if (m && isObject(op) && typeof op.path === 'string') origins.set(op.path + p.slice(m[0].length), o);
  }
  const seen = withAnnotations(r.value);
  const done = applyOperations(seen, ops);
  const value = seen === r.value ? (done.value as JsonObject) : withoutEmptyAnnotations(done.value as JsonObject);
  return { value, origins, ...(done.failure ? { failed: done.failure } : {}), ...unsureOf(r) };
}

/** A merge patch on one resource (a step); null: `$patch: delete` removes it. */
function mergeStep(r: Resource, doc: Doc, targeted: boolean): Resource | null {
  const ops = doc.value as JsonObject;
  // A merge patch never renames or moves what it selects (it may name the resource as its base wrote it).
  const patch = targeted ? withoutIdentity(ops) : withoutName(ops);
  // Kubernetes' own kinds: lists merged by key, as Kustomize's schema says (strategicMerge.ts).
  if (builtIn(r.value)) {
    const m = strategicMerge(r.value, patch, r.origins, doc.origins, (p) => !IDENTITY.test(p));
    return m.value ? { value: m.value, origins: m.origins, ...unsureOf(r, m.unsure) } : null;
  }
  const merged = mergePatch(r.value, patch);
  if (!isObject(merged)) return null;
  // The identity a patch writes selects the resource; it changes nothing.
  return { value: merged, origins: withOrigins(r.origins, doc.origins), ...unsureOf(r) };
}
/**
 * An untargeted merge patch on a resource its kind and name chose: the resource unchanged (the same object)
 * when the patch is of another API group.
 */
const mergeUntargeted = (r: Resource, doc: Doc) =>
  sameGroup(r.value, doc.value as JsonObject) ? mergeStep(r, doc, false) : r;
const mergeTargeted = (r: Resource, doc: Doc) => mergeStep(r, doc, true);

type Memo = Pick<RenderMemo, 'step' | 'transform' | 'keyOf' | 'idOf' | 'intern' | 'kustomization' | 'selector'>;

/** A kustomization's text as rendering reads it: its value (undefined: not a map, or no YAML), the spans. */
interface ParsedKustomization {
  k: JsonObject | undefined;
  inline: Map<string, (offset: number) => number>;
  keys: Map<string, Span>;
  /** The spans of the items of its lists (`resources`, `patches`…), in order, and of a patch's `target`. */
  items: Map<string, ItemSpan[]>;
  /** It asks for what is not rendered (asksUnrendered): build problems found in it are not certain. */
  unrendered: boolean;
}

/** Where a list item of a kustomization is written, and its `target` key (a patch's). */
interface ItemSpan {
  span: Span;
  target?: Span;
  /** A replacement's: where each of its values is written, by pointer (`/source/name`: the key's span). */
  parts?: Map<string, Span>;
}

function parseKustomization(text: string, reads: KustomizationReads): ParsedKustomization {
  const none = { k: undefined, inline: new Map(), keys: new Map(), items: new Map(), unrendered: true };
  // Parsed once for the value, its keys' spans and its inline patches' (a kustomization of 100,000 inline
  // patches is megabytes): one document without errors, as `parse` requires.
  const docs = reads.documents(text);
  const root = docs.length === 1 ? docs[0] : undefined;
  if (!root || !('toJS' in root) || root.errors.length > 0) return none;
  let k: Json;
  try {
    k = root.toJS({ maxAliasCount: 100 }) as Json;
  } catch {
    return none;
  }
  if (!isObject(k)) return none;
  // Field names as Kustomize reads them (ignoring case).
  k = canonicalFields(k) as JsonObject;
  return { k, inline: inlineSpans(text, root.contents), ...topKeySpans(root.contents), unrendered: asksUnrendered(k) };
}

/** The pointers of a resource's identity: a patch's selects, it writes nothing there. */
const IDENTITY = /^\/(?:apiVersion|kind|metadata\/name|metadata\/namespace)$/;

/** What a patch writes overrides where the values were written (a targeted patch's identity aside). */
function withOrigins(base: Origins, from: Origins): Origins {
  const into = new Map(base);
  for (const [p, o] of from) {
    if (p === '') continue;
    if (IDENTITY.test(p)) continue;
    into.set(p, o);
  }
  return into;
}

/** What applying a patch tells its build: problems, by the patch's own values or the kustomization's lines. */
interface PatchContext {
  b: Build;
  /** The kustomization applying it, and where it names the patch (its list item, and its `target`). */
  uri: string;
  item?: ItemSpan;
  /** The kustomization (or a base it renders) asks for what is not rendered. */
  unsure: boolean;
  /**
   * A resource entry of it (or of a base) was not read (not in the workspace, or remote): a patch naming
   * nothing we rendered may name what it lists.
   */
  blind: boolean;
}

/** A resource of a kind Kustomize knows the schema of (a built-in kind: lists merged by key, not replaced). */
export const builtIn = (r: JsonObject): boolean => {
  const g = groupOf(str(r.apiVersion));
  return !g.includes('.') || g.endsWith('.k8s.io');
};

/** `StorageAccount appstore` (and its namespace, if it has one). */
const named = (r: JsonObject): string => {
  const ns = str(meta(r).namespace);
  return `${clip(String(r.kind), 80)} \`${clip(String(meta(r).name), 120)}\`${ns ? ` in namespace \`${clip(ns, 80)}\`` : ''}`;
};

/**
 * Applies one patch (a merge patch, or JSON 6902 operations) to the resources it selects. What makes
 * `kubectl kustomize` stop is reported to the build (`c`).
 */
function applyPatch(slots: Slot[], content: readonly Doc[], target: JsonObject | undefined, c: PatchContext): void {
  const memo = c.b.memo;
  // Untargeted patches name their resource: found by kind and name, not by a scan per patch document (a
  // patch file may patch each of a thousand resources).
  let byName: Map<string, Slot[]> | undefined;
  const removed = new Set<Slot>();
  const add = (k: string, s: Slot) => {
    const list = byName!.get(k);
    if (!list) byName!.set(k, [s]);
    else if (list[list.length - 1] !== s && !list.includes(s)) list.push(s);
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
  const at = c.item;
  const whole = at?.span ?? [0, 0];
  let selects: ((s: Slot) => boolean) | undefined;
  if (target) {
    const selector = memo.selector(target);
    if (typeof selector !== 'function') {
      report(
        c,
        c.uri,
        at?.target ?? whole,
        'kustomize-patch-invalid',
        selector.unsure,
        `The target's \`${selector.field}\` does not parse${selector.field.endsWith('Selector') ? ' as a label selector' : ' as a Go regular expression (RE2, matched whole)'}: \`kubectl kustomize\` stops with "${clip(selector.error)}". Write a valid ${selector.field.endsWith('Selector') ? 'selector (`key=value`, `key in (a,b)`…)' : 'pattern, or the exact name'}.`,
      );
      return;
    }
    selects = (s: Slot) => selector(s.r.value, { name: s.written, namespace: s.writtenNamespace });
  }
  for (const doc of content) {
    const ops = doc.value;
    if (Array.isArray(ops)) {
      if (!selects) {
        report(
          c,
          c.uri,
          whole,
          'kustomize-patch-invalid',
          c.unsure,
          'A JSON 6902 patch (a list of operations) without a `target`: `kubectl kustomize` stops with "must specify a target for JSON patch". Add a `target:` naming the resource it patches (kind and name).',
        );
        return;
      }
      for (const s of slots) {
        if (!selects(s) || !patchable(c, s)) continue;
        c.b.steps++;
        s.r = memo.step('operated', s.r, doc, operateStep);
        if (s.r.failed) {
          operationFailed(c, s.r, doc);
        }
      }
      continue;
    }
    if (!isObject(ops)) continue;
    const chosen = selects ? [...slots] : candidates(ops);
    if (!selects && chosen.length === 0) noMatch(c, ops, doc, slots);
    for (const s of chosen) {
      if ((selects && !selects(s)) || !patchable(c, s)) continue;
      c.b.steps++;
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

/**
 * Whether one more patch is applied to a resource: MAX_RESOURCE_PATCHES per resource in a build (past it,
 * an Information, once). Each step keeps where every value of the resource was written (a copy: the steps
 * before it are kept by the memo), so a resource patched without bound would cost the square of its patches.
 */
function patchable(c: PatchContext, s: Slot): boolean {
  s.patches = (s.patches ?? 0) + 1;
  if (s.patches <= MAX_RESOURCE_PATCHES) return true;
  if (!c.b.resourceFull) {
    c.b.resourceFull = true;
    report(
      c,
      c.uri,
      c.item?.span ?? [0, 0],
      'kustomize-render-limit',
      true,
      `Only the first ${MAX_RESOURCE_PATCHES.toLocaleString('en-US')} patches of ${named(s.r.value)} are rendered: what the rest change is not checked here.`,
    );
  }
  return false;
}

/**
 * Tells the build a problem. `kubectl kustomize` stops at the first certain one: it is the build's Error,
 * and no other is told after it (what follows may be its consequence). The rendering goes on without the
 * piece at fault (the repeat left out, the operation or patch skipped): the rest is still checked.
 */
function report(
  c: { b: Build },
  uri: string,
  span: Span,
  code: BuildCode,
  unsure: boolean,
  message: string,
  suggest?: string,
  onValue?: boolean,
): void {
  const b = c.b;
  if (b.failed || (unsure && b.errors.length >= MAX_BUILD_ERRORS)) return;
  const e: BuildError = {
    uri,
    span,
    code,
    message,
    unsure,
    ...(suggest !== undefined ? { suggest } : {}),
    ...(onValue ? { onValue } : {}),
  };
  b.errors.push(e);
  if (!unsure) b.failed = e;
}

/** An untargeted strategic-merge patch that names no resource of the build. */
function noMatch(c: PatchContext, patch: JsonObject, doc: Doc, slots: readonly Slot[]): void {
  const name = str(meta(patch).name);
  const kind = str(patch.kind);
  // Without a kind and a name the patch names nothing we can look for: left to the patch's own checks.
  // Nor when a resource entry was not read (told by the kustomization's own checks, if anywhere).
  if (name === undefined || kind === undefined || c.blind) return;
  const found = doc.origins.get('/metadata/name') ?? doc.origins.get('');
  const origin = found && found.span[1] > 0 ? found : undefined;
  const same = [...new Set(slots.filter((s) => s.r.value.kind === kind).map((s) => str(meta(s.r.value).name) ?? ''))];
  const near = nearest(name, same);
  report(
    c,
    origin?.uri ?? c.uri,
    origin?.span ?? c.item?.span ?? [0, 0],
    'kustomize-patch-no-match',
    c.unsure,
    `No ${clip(kind, 80)} named \`${clip(name, 120)}\` in what this kustomization renders: \`kubectl kustomize\` stops with "no resource matches strategic merge patch … failed to find unique target for patch".${
      near
        ? ` Did you mean \`${clip(near, 120)}\`?`
        : same.length > 0
          ? ` Its ${clip(kind, 80)}: ${same
              .slice(0, 5)
              .map((n) => `\`${clip(n, 60)}\``)
              .join(', ')}${same.length > 5 ? ', …' : ''}.`
          : ` It renders no ${clip(kind, 80)}.`
    }`,
    origin && doc.origins.get('/metadata/name') ? near : undefined,
    !!origin && !!doc.origins.get('/metadata/name'),
  );
}

/** A JSON 6902 operation that did not apply on a resource (its first). */
function operationFailed(c: PatchContext, r: Resource, doc: Doc): void {
  const f = r.failed!;
  const found = doc.origins.get(`/${f.index}/${f.field}`) ?? doc.origins.get(`/${f.index}`);
  // An inline patch written on one line has no map of its characters: its origins say nothing; the entry does.
  const origin = found && found.span[1] > 0 ? found : undefined;
  const where = origin ?? { uri: c.uri, span: c.item?.span ?? [0, 0] };
  const unsure = c.unsure || !!f.unsure || !!r.unsure;
  const stops = f.kubectl
    ? `\`kubectl kustomize\` stops with "${clip(f.kubectl)}"`
    : '`kubectl kustomize` may refuse it';
  report(
    c,
    where.uri,
    where.span,
    'kustomize-patch-failed',
    unsure,
    `${unsure && f.kubectl ? 'May not apply' : 'Does not apply'} to ${named(r.value)} as rendered here: ${clip(f.reason)}. ${stops}.${f.field === 'path' && /missing/.test(f.kubectl) && !/^(add|test)/.test(f.kubectl) ? ' Use `add` to create a field the resource does not have.' : ''}`,
  );
}

/** The bounds of a build (the whole rendering, nested kustomizations included) and what it found. */
interface Build {
  read: (uri: string) => string | undefined;
  documents: (uri: string, text: string) => readonly Doc[];
  memo: Memo;
  /**
   * The kustomizations rendered in this build, by uri (resolved: `../b`, `../b/.` and `../b/./.` are one):
   * each rendered once, a base listed again handed back (its resources then repeat: refused below).
   */
  done: Map<string, Rendering>;
  errors: BuildError[];
  /** The first certain problem: `kubectl kustomize` stops there. */
  failed?: BuildError;
  steps: number;
  /** Resources listed so far, all kustomizations together. */
  resources: number;
  /** MAX_RESOURCES was reached (told once). */
  full?: boolean;
  /** MAX_RESOURCE_PATCHES was reached by a resource (told once). */
  resourceFull?: boolean;
  /** The vars declared in the build, by name: where, and the resource each names (vars.ts). */
  vars?: Map<string, DeclaredVar>;
  /** A kustomization of the build has `configurations` or `crds`: they may add fields vars are replaced in. */
  varConfig?: boolean;
}

/** A var of the build: where it is declared, the resource its objref names (none: nothing), how sure. */
interface DeclaredVar {
  v: JsonObject;
  uri: string;
  parts?: Map<string, Span>;
  span: Span;
  slot?: Slot;
  unsure: boolean;
}

/** Kind, API group and version, namespace (none is `default`) and name: Kustomize's resource id. */
const idOf = (v: JsonObject): string | undefined => {
  const name = str(meta(v).name);
  const kind = str(v.kind);
  if (name === undefined || kind === undefined) return undefined;
  const api = str(v.apiVersion);
  return `${groupOf(api)}\u0000${versionOf(api)}\u0000${kind}\u0000${effectiveNamespace(str(meta(v).namespace))}\u0000${name}`;
};

/**
 * Renders the kustomization at `uri` (a kustomization file). `documents` reads a resource file's documents:
 * a caller that renders often (the analysis) keeps them by text, so an edit of a patch does not parse the
 * whole base again, and keeps each step's results in `memo` (see RenderMemo). Neither is changed here.
 * What `kubectl kustomize` would refuse is in `errors`; the rest is rendered without it.
 */
export function renderKustomization(
  uri: string,
  read: (uri: string) => string | undefined,
  documents: (uri: string, text: string) => readonly Doc[] = (u, t) => resourceDocuments(t, u),
  memo: Memo = NO_MEMO,
): Rendered {
  const b: Build = { read, documents, memo, done: new Map(), errors: [], steps: 0, resources: 0 };
  const got = render(uri, 0, new Set(), b);
  const r = got.slots;
  // Kustomize names what generators made by their content, once the whole build is done; the references
  // to them follow (their previous name is the one written).
  for (const s of r)
    if (s.hash) {
      const before = meta(s.r.value);
      s.r = { ...s.r, value: hashedName(s.r.value) };
      (s.previous ??= []).push({ name: str(before.name), namespace: str(before.namespace) });
    }
  references(r, got.unsure);
  // Vars last, once the names are final (Kustomize: hashes, back references, then ResolveVars).
  if (b.vars) resolveVars(r, b);
  return {
    resources: r.map((x) => x.r.value),
    origins: r.map((x) => x.r.origins),
    written: r.map((x) => x.written),
    unsure: r.map((x) => x.r.unsure),
    errors: b.errors,
    steps: b.steps,
  };
}

/**
 * Kustomize's last step: the references to objects the build renamed follow them (nameReference.ts). What the
 * build does not render (a generator's hashed names…) may rename what a built-in kind names: such a
 * referrer is unsure.
 */
function references(slots: Slot[], unrendered: boolean): void {
  const f = followNames(
    slots.map((s) => ({ value: s.r.value, previous: s.previous, writtenNamespace: s.writtenNamespace })),
  );
  for (const [i, value] of f.changed) slots[i].r = { ...slots[i].r, value };
  for (const [i, why] of f.unsure) slots[i].r = { ...slots[i].r, unsure: slots[i].r.unsure ?? why };
  if (!unrendered) return;
  const referrers = referrerKinds();
  for (const s of slots)
    if (!s.r.unsure && builtIn(s.r.value) && referrers.has(String(s.r.value.kind)))
      s.r = { ...s.r, unsure: 'what this build does not render (a generator, a component…) may rename what it names' };
}

/** The documents of a resource file, with where each value was written (relative to `anchor`, if given). */
export const resourceDocuments = (text: string, uri: string, anchor?: Anchor): Doc[] =>
  docsWithOrigins(text, uri, 0, undefined, anchor);

/** A copy of a base's rendered slots (a base handed back again: the slots are changed in place later). */
const copySlot = (s: Slot): Slot => ({
  r: s.r,
  written: s.written,
  writtenNamespace: s.writtenNamespace,
  previous: s.previous?.slice(),
  patches: s.patches,
  hash: s.hash,
});

/** `overlays/prod/kustomization.yaml` for a uri (its last three segments), for messages. */
const shortPath = (uri: string): string => uri.split('/').slice(-3).map(decodeURIComponent).join('/');

/** A kustomization rendered: its resources, and whether what it asks for was all rendered and read. */
interface Rendering {
  slots: Slot[];
  unsure: boolean;
  blind: boolean;
  /** The vars it declares, its bases' and components' included (each base's again when listed again). */
  vars?: string[];
}

/**
 * Renders a kustomization; `initial`: for a component (`kind: Component`), the resources of the
 * kustomization that lists it, which its own are added to and its patches and names then apply to.
 */
function render(uri: string, depth: number, seen: ReadonlySet<string>, b: Build, initial?: Slot[]): Rendering {
  const { read, documents, memo } = b;
  b.steps++;
  const text = read(uri);
  // A component not rendered leaves the resources it was given as they are.
  if (text === undefined || depth > MAX_DEPTH || seen.has(uri))
    return { slots: initial ?? [], unsure: true, blind: true };
  const inside = new Set([...seen, uri]);
  const parsed = memo.kustomization(text);
  const k = parsed.k;
  if (!k) return { slots: initial ?? [], unsure: true, blind: true };
  if (k.configurations !== undefined || k.crds !== undefined) b.varConfig = true;
  const resources: Slot[] = initial ?? [];
  const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
  // A component built alone has none of the resources an overlay gives it: what it finds missing (a
  // generator's `behavior: merge` base, a replacement's source) may be there where it is used.
  let unsure = parsed.unrendered || (depth === 0 && !initial && k.kind === 'Component');
  let blind = false;
  /** The resources listed so far, by id, with the entry that listed each (and the file or folder it names). */
  const ids = new Map<string, string>();
  const sources = new Map<string, string>();
  // A component adds to what the kustomization listing it has: a repeat of one of those is refused too.
  for (const s of resources) {
    const id = memo.idOf(s.r.value);
    if (id !== undefined) ids.set(id, 'the kustomization that lists this component');
  }
  const c = { b };
  /** The vars this kustomization's build declares (its bases' and components' too). */
  const declared = new Set<string>();
  /**
   * A base's or component's vars join this kustomization's (MergeAccumulator): a name it has already stops
   * kubectl (a base reached again through another overlay brings its vars again, though rendered once here).
   */
  const mergeVars = (names: readonly string[] | undefined, entry: string, span: Span) => {
    for (const name of names ?? []) {
      if (declared.has(name))
        report(
          c,
          uri,
          span,
          'kustomize-var-failed',
          unsure,
          `\`${clip(entry)}\` brings the var \`${clip(name, 80)}\` that this build has already (declared again, or a base listed by another entry too): \`kubectl kustomize\` stops with "var '${clip(name, 80)}' already encountered". Declare each var once in a build.`,
        );
      else declared.add(name);
    }
  };

  /** Adds an entry's resources; false: the build stops (a resource listed again, or too many). */
  const accept = (slots: readonly Slot[], entry: string, span: Span, source: string): boolean => {
    for (const s of slots) {
      b.steps++;
      if (b.resources >= MAX_RESOURCES) {
        if (!b.full)
          report(
            c,
            uri,
            span,
            'kustomize-render-limit',
            true,
            `Not rendered past ${MAX_RESOURCES.toLocaleString('en-US')} resources: the rest of this build is not checked here.`,
          );
        b.full = true;
        return false;
      }
      const id = memo.idOf(s.r.value);
      const first = id === undefined ? undefined : ids.get(id);
      if (first !== undefined) {
        // kubectl refuses the second at once; unsure, the repeat is left out (the work stays linear). The
        // same file or folder listed again repeats whatever it renders: certain, whatever is not rendered.
        report(
          c,
          uri,
          span,
          'kustomize-duplicate-resource',
          unsure && sources.get(id!) !== source,
          `\`${clip(entry)}\` lists ${named(s.r.value)} again (already listed by \`${clip(first)}\`): \`kubectl kustomize\` stops with "may not add resource with an already registered id". List each file or folder once${entry === first ? '' : ', or rename one of the two'}.`,
        );
        continue;
      }
      if (id !== undefined) {
        ids.set(id, entry);
        sources.set(id, source);
      }
      b.resources++;
      resources.push(s);
    }
    return true;
  };

  const lists: [string, Json[]][] = [
    ['resources', list(k.resources)],
    ['bases', list(k.bases)],
  ];
  for (const [key, entries] of lists)
    for (const [i, entry] of entries.entries()) {
      if (typeof entry !== 'string') continue;
      const span = parsed.items.get(key)?.[i]?.span ?? parsed.keys.get(key) ?? [0, 0];
      const at = resolveFrom(uri, entry);
      if (!at) {
        unsure = blind = true;
        continue;
      }
      const file = read(at);
      if (file !== undefined) {
        // A document is the first step of its resource (steps make new resources: the documents, maybe a
        // cache's, are never changed).
        const slots: Slot[] = [];
        for (const d of documents(at, file))
          if (isObject(d.value))
            slots.push({
              r: d as Resource,
              written: str(meta(d.value).name),
              writtenNamespace: str(meta(d.value).namespace),
            });
        if (!accept(slots, entry, span, at)) return { slots: resources, unsure, blind };
        continue;
      }
      const folder = at.endsWith('/') ? at : `${at}/`;
      const inner = KUSTOMIZATION_NAMES.map((n) => `${folder}${n}`).find((u) => b.done.has(u) || read(u) !== undefined);
      // Not in the workspace (a remote base, a folder not read): what it renders is not known.
      if (!inner) {
        unsure = blind = true;
        continue;
      }
      // A component listed as a resource: kubectl stops (buildErrors.ts reports it); not rendered here.
      if (!b.done.has(inner) && memo.kustomization(read(inner) ?? '').k?.kind === 'Component') {
        unsure = blind = true;
        continue;
      }
      const kept = b.done.get(inner);
      const before = b.failed;
      const got = kept ? { ...kept, slots: kept.slots.map(copySlot) } : render(inner, depth + 1, inside, b);
      if (!kept) b.done.set(inner, { ...got, slots: got.slots.map(copySlot) });
      if (b.failed && !before) {
        const cause = b.failed;
        b.errors.push({
          uri,
          span,
          code: 'kustomize-base-fails',
          unsure: false,
          message: `\`${clip(entry)}\` does not build: \`kubectl kustomize\` stops there (${shortPath(cause.uri)}: ${clip(cause.message, 300)})`,
        });
      }
      unsure ||= got.unsure;
      blind ||= got.blind;
      if (!accept(got.slots, entry, span, inner)) return { slots: resources, unsure, blind };
      mergeVars(got.vars, entry, span);
    }

  // Generators run once the resources are listed, before patches and names (Kustomize's order).
  if (Array.isArray(k.configMapGenerator) || Array.isArray(k.secretGenerator)) {
    const g = generate(k, uri, read);
    unsure ||= g.unsure;
    for (const m of g.made) {
      const span = parsed.items.get(m.list)?.[m.index]?.span ?? parsed.keys.get(m.list) ?? [0, 0];
      const origin = { uri, span };
      const name = str(meta(m.value).name);
      const ns = str(meta(m.value).namespace);
      if (m.behavior === 'create') {
        const slot: Slot = {
          r: {
            value: m.value,
            origins: new Map([
              ['', origin],
              ['/metadata/name', origin],
            ]),
          },
          written: name,
          writtenNamespace: ns,
          hash: m.hash,
        };
        if (!accept([slot], `${m.list}: ${name ?? ''}`, span, `${uri}#${m.list}/${m.index}`))
          return { slots: resources, unsure, blind };
        continue;
      }
      const base = resources.find(
        (s) =>
          s.r.value.kind === m.value.kind &&
          (str(meta(s.r.value).name) === name || s.written === name) &&
          effectiveNamespace(str(meta(s.r.value).namespace)) === effectiveNamespace(ns),
      );
      if (!base) {
        // Said only when certain: a base's generator not made here (a source not read) may be the one.
        if (!unsure && !blind)
          report(
            c,
            uri,
            span,
            'kustomize-generator-no-base',
            false,
            `\`behavior: ${m.behavior}\` needs a ${String(m.value.kind)} \`${clip(name ?? '', 120)}\` from the resources (a base's generator): none is there, and \`kubectl kustomize\` stops with "does not exist; cannot merge or replace". Remove \`behavior\` to create it here, or correct the name.`,
          );
        continue;
      }
      const value =
        m.behavior === 'merge'
          ? mergeGenerated(base.r.value, m.value)
          : { ...m.value, metadata: { ...meta(m.value), name: str(meta(base.r.value).name) ?? name ?? '' } };
      base.r = { value, origins: base.r.origins };
      if (m.behavior === 'replace') base.hash = m.hash;
    }
  }

  // Components, once the generators ran and before the patches and names (Kustomize's order): each renders
  // on the resources so far, adding its own, then its patches and names apply to all of them.
  for (const [i, entry] of list(k.components).entries()) {
    if (typeof entry !== 'string') continue;
    const span = parsed.items.get('components')?.[i]?.span ?? parsed.keys.get('components') ?? [0, 0];
    const at = resolveFrom(uri, entry);
    const folder = at === undefined ? undefined : at.endsWith('/') ? at : `${at}/`;
    const inner = folder && KUSTOMIZATION_NAMES.map((n) => `${folder}${n}`).find((u) => read(u) !== undefined);
    // Not read (remote, not in the workspace), a cycle, or not a component (buildErrors.ts reports those).
    if (!inner || inside.has(inner) || memo.kustomization(read(inner) ?? '').k?.kind !== 'Component') {
      unsure = blind = true;
      continue;
    }
    const before = b.failed;
    const got = render(inner, depth + 1, inside, b, resources.splice(0));
    if (b.failed && !before) {
      const cause = b.failed;
      b.errors.push({
        uri,
        span,
        code: 'kustomize-base-fails',
        unsure: false,
        message: `The component \`${clip(entry)}\` does not build: \`kubectl kustomize\` stops there (${shortPath(cause.uri)}: ${clip(cause.message, 300)})`,
      });
    }
    unsure ||= got.unsure;
    blind ||= got.blind;
    for (const s of got.slots) resources.push(s);
    mergeVars(got.vars, entry, span);
  }

  const inline = parsed.inline;
  /** A patch file too large to read (textLimit.ts) was named: this kustomization is not rendered. */
  let unread = false;
  const contentOf = (p: JsonObject, key: string, i: number): readonly Doc[] => {
    if (typeof p.patch === 'string') return inlineDocs(p.patch);
    if (typeof p.path === 'string') {
      const at = resolveFrom(uri, p.path);
      const t = at ? read(at) : undefined;
      if (t !== undefined && isOverPatchLimit(t)) {
        if (!unread)
          report(
            c,
            uri,
            parsed.items.get(key)?.[i]?.span ?? [0, 0],
            'kustomize-render-limit',
            true,
            `Not rendered: the patch file \`${clip(p.path, 120)}\` is too large to read here (${overPatchLimitWhy(t)}), so what this kustomization builds is not checked.`,
          );
        unread = true;
        return [];
      }
      return t === undefined || !at ? [] : documents(at, t);
    }
    return [];
  };
  /** An inline patch's values were written in the kustomization: at its block scalar. */
  const inlineDocs = (patch: string): Doc[] => docsWithOrigins(patch, uri, 0, inline.get(patch) ?? (() => 0));
  let patches = 0;
  /** Whether one more patch is applied (MAX_PATCHES per kustomization: past it, an Information). */
  const more = (key: string): boolean => {
    if (++patches <= MAX_PATCHES) return true;
    if (patches === MAX_PATCHES + 1) {
      unsure = true;
      report(
        c,
        uri,
        parsed.keys.get(key) ?? [0, 0],
        'kustomize-render-limit',
        true,
        `Only the first ${MAX_PATCHES.toLocaleString('en-US')} patches of this kustomization are rendered: what the rest change is not checked here.`,
      );
    }
    return false;
  };
  const ctx = (key: string, i: number): PatchContext => ({ b, uri, item: parsed.items.get(key)?.[i], unsure, blind });
  for (const [i, p] of list(k.patchesStrategicMerge).entries()) {
    if (typeof p !== 'string' || !more('patchesStrategicMerge')) continue;
    applyPatch(
      resources,
      /\n/.test(p) ? inlineDocs(p) : contentOf({ path: p }, 'patchesStrategicMerge', i),
      undefined,
      ctx('patchesStrategicMerge', i),
    );
  }
  for (const [i, p] of list(k.patches).entries()) {
    if (!isObject(p) || !more('patches')) continue;
    applyPatch(resources, contentOf(p, 'patches', i), isObject(p.target) ? p.target : undefined, ctx('patches', i));
  }
  for (const [i, p] of list(k.patchesJson6902).entries()) {
    if (!isObject(p) || !isObject(p.target) || !more('patchesJson6902')) continue;
    applyPatch(resources, contentOf(p, 'patchesJson6902', i), p.target, ctx('patchesJson6902', i));
  }
  // Without that patch the resources are not what kubectl builds: none is shown, nothing said of them.
  if (unread) return { slots: [], unsure: true, blind: true };

  // A kustomization that only lists and patches (a base, most often) changes nothing more: no step.
  if (transforms(k)) transformAll(resources, k, uri, text, parsed, b);
  // Replacements last, after the names and labels (Kustomize's order of its built-in transformers).
  if (Array.isArray(k.replacements) && k.replacements.length > 0)
    unsure = replaceAll(resources, k.replacements, uri, parsed, b, unsure || blind) || unsure;
  // Vars last: each names a resource of what this kustomization built (MergeVars).
  if (Array.isArray(k.vars) && k.vars.length > 0)
    declareVars(resources, k.vars, uri, parsed, b, unsure || blind, declared);
  return { slots: resources, unsure, blind, vars: [...declared] };
}

/** The span of a pointer into a list item of a kustomization, or of the nearest part above it written. */
function partSpan(item: ItemSpan | undefined, pointer: string): Span {
  for (let p = pointer; ; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
    const span = item?.parts?.get(p);
    if (span) return span;
    if (p === '') return item?.span ?? [0, 0];
  }
}

/**
 * A kustomization's vars: a name its build has already (`declared`: its bases' and its own so far), or an
 * objref naming more than one resource, stops kubectl. Its names are added to `declared`.
 */
function declareVars(
  resources: Slot[],
  list: Json[],
  uri: string,
  parsed: ParsedKustomization,
  b: Build,
  unsure: boolean,
  declared: Set<string>,
): void {
  const items = parsed.items.get('vars') ?? [];
  b.vars ??= new Map();
  for (const [i, v] of list.entries()) {
    b.steps += resources.length;
    if (!isObject(v) || typeof v.name !== 'string') continue;
    const item = items[i];
    const at = (p: string) => partSpan(item, p);
    if (declared.has(v.name)) {
      report(
        { b },
        uri,
        at('/name'),
        'kustomize-var-failed',
        unsure,
        `The var \`${clip(v.name, 80)}\` is declared again in this build: \`kubectl kustomize\` stops with "var '${clip(v.name, 80)}' already encountered". Give it another name, or remove one of the two.`,
        undefined,
        !!item?.parts?.get('/name'),
      );
      continue;
    }
    const found = varMatches(
      v,
      resources.map((s) => ({ value: s.r.value, previous: s.previous })),
    );
    const objrefAt = item?.parts?.get('/objref/name') ? '/objref/name' : '/objref';
    if (found.length > 1)
      report(
        { b },
        uri,
        at(objrefAt),
        'kustomize-var-failed',
        unsure || found.some((f) => !!resources[f].r.unsure),
        `The var \`${clip(v.name, 80)}\`'s objref names ${found.length} resources: \`kubectl kustomize\` stops with "found ${found.length} resId matches for var ${clip(varString(v, false), 200)} (unable to disambiguate)". Add its \`namespace\`.`,
        undefined,
        objrefAt === '/objref/name',
      );
    declared.add(v.name);
    // Declared in another branch as well: that one is refused where the two meet (mergeVars).
    if (b.vars.has(v.name)) continue;
    b.vars.set(v.name, {
      v,
      uri,
      parts: item?.parts,
      span: item?.span ?? [0, 0],
      slot: found.length === 1 ? resources[found[0]] : undefined,
      unsure,
    });
  }
}

/**
 * The end of the build (ResolveVars, after the names are final): each var's value is read from the resource
 * its objref named, as built; a var whose objref named no resource, or whose fieldref that resource does not
 * have, stops kubectl (the first by name: kubectl reads them sorted). Then every `$(VAR)` in the fields of
 * Kustomize's `varReference` field specs is replaced (vars.ts). Where a value or a field spec is not known
 * here (a `configurations` file may add field specs), the resources that may change are not checked.
 */
function resolveVars(slots: Slot[], b: Build): void {
  const vars = b.vars!;
  if (vars.size === 0) return;
  const present = new Set(slots);
  const values = new Map<string, Json>();
  let doubt: string | undefined = b.varConfig
    ? 'a `configurations` or `crds` file may add fields vars are replaced in'
    : undefined;
  for (const name of [...vars.keys()].sort()) {
    const d = vars.get(name)!;
    const item: ItemSpan = { span: d.span, ...(d.parts ? { parts: d.parts } : {}) };
    if (!d.slot || !present.has(d.slot)) {
      const p = d.parts?.get('/objref/name') ? '/objref/name' : '/objref';
      report(
        { b },
        d.uri,
        partSpan(item, p),
        'kustomize-var-failed',
        d.unsure,
        `The var \`${clip(name, 80)}\`'s objref names no resource of what declares it (its \`apiVersion\`, \`kind\` and \`name\` must all match, the version too): \`kubectl kustomize\` stops with "var '${clip(varString(d.v, true), 200)}' cannot be mapped to a field in the set of known resources". Correct the objref.`,
        undefined,
        p === '/objref/name',
      );
      doubt ??= 'a var whose resource is not known here';
      continue;
    }
    const got = varFieldValue(d.v, d.slot.r.value);
    if (got === 'missing') {
      const p = d.parts?.get('/fieldref/fieldPath') ? '/fieldref/fieldPath' : '/fieldref';
      report(
        { b },
        d.uri,
        partSpan(item, p),
        'kustomize-var-failed',
        d.unsure || !!d.slot.r.unsure,
        `${String(d.slot.r.value.kind)} \`${clip(str(meta(d.slot.r.value).name) ?? '', 120)}\` has no field the var \`${clip(name, 80)}\` reads: \`kubectl kustomize\` stops with "field specified in var '${clip(varString(d.v, true), 200)}' not found in corresponding resource". Correct the \`fieldPath\`.`,
        undefined,
        p === '/fieldref/fieldPath',
      );
      doubt ??= 'a var whose value is not known here';
      continue;
    }
    if (got === 'unsure' || d.unsure || d.slot.r.unsure) {
      doubt ??= `the value of the var \`${clip(name, 80)}\` is not known here`;
      continue;
    }
    values.set(name, got.value);
  }
  if (b.failed) return;
  for (const s of slots) {
    const got = substituteVars(s.r.value, values);
    const t = got.trouble;
    if (t?.kubectl !== undefined) {
      // Told where the vars are declared (a resource file shows no build errors; its own check shows the
      // item's type): the first var's, naming the file and the field.
      const origin = s.r.origins.get(t.pointer ?? '') ?? s.r.origins.get('');
      const first = vars.values().next().value!;
      report(
        { b },
        first.uri,
        first.span,
        'kustomize-var-failed',
        !!s.r.unsure || !!doubt,
        `\`${clip(t.path ?? '', 120)}\` of ${named(s.r.value)}${origin ? ` (${shortPath(origin.uri)})` : ''} holds an item that is not a string: with vars in the build, \`kubectl kustomize\` replaces \`$(VAR)\` in it and stops with "${t.kubectl}". Quote the item there (\`"8080"\`).`,
      );
      continue;
    }
    if (t?.unsure !== undefined) {
      s.r = { ...s.r, unsure: s.r.unsure ?? `${t.unsure}, in \`${t.path ?? ''}\`` };
      continue;
    }
    if (got.value !== s.r.value) s.r = { ...s.r, value: got.value };
    // Not sure of every value or field: a resource that may still change is not checked as rendered.
    if (doubt && holdsVarReference(s.r.value)) s.r = { ...s.r, unsure: s.r.unsure ?? `vars: ${doubt}` };
  }
}

/** namespace, namePrefix/nameSuffix, labels and annotations (and images, replicas) on every resource. */
function transformAll(
  resources: Slot[],
  k: JsonObject,
  uri: string,
  text: string,
  parsed: ParsedKustomization,
  b: Build,
): void {
  const memo = b.memo;
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
    b.steps++;
    const before = meta(s.r.value);
    s.r = memo.transform(s.r, key, t, transformStep);
    const after = meta(s.r.value);
    if (after.name !== before.name || after.namespace !== before.namespace)
      (s.previous ??= []).push({ name: str(before.name), namespace: str(before.namespace) });
  }
}

/**
 * A kustomization's `replacements` on its resources (replacements.ts): the first that kubectl refuses is the
 * build's problem, at the line of the replacement (or of its `path:`); the rest are not applied. True: what
 * they do is not certain (a `path:` file not read).
 */
function replaceAll(
  resources: Slot[],
  list: Json[],
  uri: string,
  parsed: ParsedKustomization,
  b: Build,
  unsure: boolean,
): boolean {
  const items = parsed.items.get('replacements') ?? [];
  const got = replacementEntries(list, (path) => {
    const at = resolveFrom(uri, path);
    return at === undefined ? undefined : b.read(at);
  });
  if (got.failure) {
    const f = got.failure;
    const item = items[f.item];
    report(
      { b },
      uri,
      item?.parts?.get(f.pointer) ?? item?.span ?? [0, 0],
      'kustomize-replacement-failed',
      unsure,
      f.message,
    );
  }
  if (got.unread) return true;
  b.steps += resources.length * got.entries.length;
  const run = runReplacements(
    resources.map((s) => ({ value: s.r.value, previous: s.previous, unsure: s.r.unsure })),
    got.entries.map((e) => e.value),
    unsure,
  );
  if (run.capped)
    report(
      { b },
      uri,
      parsed.keys.get('replacements') ?? [0, 0],
      'kustomize-render-limit',
      true,
      `Only the first replacements are rendered (${MAX_REPLACEMENT_WORK.toLocaleString('en-US')} resources looked at, replacements times resources): what the rest change is not checked here.`,
    );
  const f = run.failure;
  if (f) {
    const e = got.entries[f.entry];
    const item = items[e.item];
    // A replacement read from a file: said at its `path:` entry.
    const pointer = e.fromFile ? '/path' : f.pointer;
    let span: Span | undefined;
    for (let p = pointer; span === undefined; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
      span = item?.parts?.get(p);
      if (p === '') break;
    }
    const onValue = !!item?.parts?.get(pointer) && !/\/\d+$/.test(pointer) && pointer !== '';
    report(
      { b },
      uri,
      span ?? item?.span ?? [0, 0],
      'kustomize-replacement-failed',
      f.unsure,
      e.fromFile ? `In \`${clip(String((list[e.item] as JsonObject).path), 120)}\`: ${f.message}` : f.message,
      e.fromFile || f.pointer !== '/source/name' ? undefined : f.suggest,
      onValue,
    );
  }
  const keySpan = parsed.keys.get('replacements') ?? [0, 0];
  /** Where the replacement that last wrote into a resource is written (its `source:` or `path:` key). */
  const written = (i: number): Origin => {
    const w = run.writer[i];
    const item = w !== undefined ? items[got.entries[w].item] : undefined;
    return { uri, span: item?.parts?.get('/source') ?? item?.parts?.get('/path') ?? item?.span ?? keySpan };
  };
  for (const [i, s] of resources.entries()) {
    const value = run.values[i];
    const why = run.unsure[i];
    if (value === s.r.value && why === undefined) continue;
    // The values a replacement wrote were written in the kustomization: the fields that changed point there.
    const origins = new Map(s.r.origins);
    const from = written(i);
    changedPointers(s.r.value, value, '', (p) => origins.set(p, from), { n: 10_000 });
    s.r = { value, origins, ...unsureOf(s.r, why) };
  }
  return false;
}

/** The pointers where two values differ (at most `budget` visited). */
function changedPointers(a: Json, b: Json, at: string, out: (p: string) => void, budget: { n: number }): void {
  if (a === b || budget.n-- <= 0) return;
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      changedPointers(a[k], b[k], `${at}/${escape(k)}`, out, budget);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => changedPointers(x, b[i], `${at}/${i}`, out, budget));
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out(at);
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

/** The spans of a kustomization's top-level keys, and of the items of its lists. */
function topKeySpans(contents: unknown): { keys: Map<string, Span>; items: Map<string, ItemSpan[]> } {
  const keys = new Map<string, Span>();
  const items = new Map<string, ItemSpan[]>();
  if (isMap(contents))
    for (const p of contents.items) {
      if (!isScalar(p.key)) continue;
      keys.set(String(p.key.value), spanOf(p.key));
      if (!isSeq(p.value)) continue;
      const name = String(p.key.value);
      items.set(
        name,
        p.value.items.map((item) => {
          const target = isMap(item) ? item.items.find((e) => isScalar(e.key) && e.key.value === 'target') : undefined;
          if (name === 'replacements' || name === 'vars') {
            const found: Origins = new Map();
            originsOf(item, '', '', found, { n: 1_000 });
            return { span: spanOf(item), parts: new Map([...found].map(([k, o]) => [k, o.span])) };
          }
          return { span: spanOf(item), ...(target ? { target: spanOf(target.key) } : {}) };
        }),
      );
    }
  return { keys, items };
}

/** Where each character of each multi-line string of a kustomization (its inline patches) was written. */
function inlineSpans(text: string, contents: unknown): Map<string, (offset: number) => number> {
  const out = new Map<string, (offset: number) => number>();
  const visit = (n: unknown, budget: { n: number }) => {
    if (budget.n-- <= 0) return;
    if (isScalar(n) && typeof n.value === 'string' && n.value.includes('\n')) {
      const map = valueMap(text, n);
      out.set(n.value, (o) => map.at[Math.max(0, Math.min(o, map.value.length))]);
    } else if (isMap(n)) for (const p of n.items) visit(p.value, budget);
    else if (isSeq(n)) for (const i of n.items) visit(i, budget);
  };
  visit(contents, { n: 10_000 });
  return out;
}

/** Whether `transform` changes anything with this kustomization. */
const transforms = (k: JsonObject): boolean =>
  (typeof k.namespace === 'string' && k.namespace !== '') ||
  (typeof k.namePrefix === 'string' && k.namePrefix !== '') ||
  (typeof k.nameSuffix === 'string' && k.nameSuffix !== '') ||
  isObject(k.commonLabels) ||
  Array.isArray(k.labels) ||
  isObject(k.commonAnnotations) ||
  // Built-in kinds only (builtinTransforms.ts): the step says their rendering is not certain.
  (Array.isArray(k.images) && k.images.length > 0) ||
  (Array.isArray(k.replicas) && k.replicas.length > 0);

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

/** A generated ConfigMap or Secret under its name with Kustomize's content hash (generators.ts). */
function hashedName(r: JsonObject): JsonObject {
  return { ...r, metadata: { ...meta(r), name: `${String(meta(r).name)}-${nameHash(r)}` } };
}
