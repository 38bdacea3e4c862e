// What a parsed file contributes to the workspace index: each manifest of ours with its identity, owner,
// references and tracked values. Read from the cached parse of each document chunk and itself cached per
// chunk, so re-indexing a large file after an edit re-reads the edited resource only.
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type YAMLMap } from 'yaml';
import type { KindDef, ObjectType, Type } from '../../model/types';
import { memoKey } from '../core/memo';
import { analysisTree, type ChunkStore } from '../core/parse';
import { isCoreList, listedManifests } from '../checks/listItems';
import { identify } from '../checks/identity';
import { entry, keyName, scalarValue, spanOf } from '../core/yamlNodes';
import type { KeyUse, LabelSet, Manifest, ObjectSiteFacts, RefSite, Span, TrackedValue } from './manifest';
import { EXPRESSION_LISTS, kubeFactsOf, objectRefsOf, OPERATOR_OBJECT_TYPES, type FoundObjectRef } from './kubeRefs';
import { labelFactsOf, type LabelFacts } from './kubeSelectors';

/** A span written as two numbers; an absent span is -1, -1 (offsets are never negative). */
const span = (start: number, end: number): Span | undefined => (start < 0 ? undefined : [start, end]);

/**
 * A reference site of a chunk, chunk-relative, its spans kept as numbers: a span as an array weighs 64
 * bytes, and the sites, names and values of a 5,000-resource file held 25,000 of them (see ChunkManifest).
 * The spans are arrays where they are read, in the file's own copy of the site (FileManifest).
 */
export class ChunkSite implements RefSite {
  name?: string = undefined;
  expectedKind?: string = undefined;
  /** An `object` site's facts, chunk-relative (kubeRefs.ts). */
  object?: ObjectSiteFacts = undefined;
  private n0 = -1;
  private n1 = -1;
  /** What fewer sites write (`group`, `kind`, `armId`, `wellKnownName`): no room in those that do not. */
  private more?: SiteMore = undefined;
  constructor(
    readonly role: RefSite['role'],
    readonly style: RefSite['style'],
    readonly path: string,
    private readonly s0: number,
    private readonly s1: number,
    private readonly key0: number,
    private readonly key1: number,
  ) {}
  get group(): string | undefined {
    return this.more?.group;
  }
  get kind(): string | undefined {
    return this.more?.kind;
  }
  get armId(): string | undefined {
    return this.more?.armId;
  }
  get wellKnownName(): string | undefined {
    return this.more?.wellKnownName;
  }
  get span(): Span {
    return [this.s0, this.s1];
  }
  get keySpan(): Span {
    return [this.key0, this.key1];
  }
  get nameSpan(): Span | undefined {
    return span(this.n0, this.n1);
  }
  get groupSpan(): Span | undefined {
    return this.more && span(this.more.g0, this.more.g1);
  }
  get kindSpan(): Span | undefined {
    return this.more && span(this.more.k0, this.more.k1);
  }
  get armIdSpan(): Span | undefined {
    return this.more && span(this.more.a0, this.more.a1);
  }
  /** Sets a field read from the reference mapping, with the span of its value. */
  set(field: 'name' | 'group' | 'kind' | 'armId' | 'wellKnownName', value: string, at: Span): void {
    if (field === 'name') {
      this.name = value;
      [this.n0, this.n1] = at;
      return;
    }
    const m = (this.more ??= new SiteMore());
    if (field === 'group') [m.group, m.g0, m.g1] = [value, at[0], at[1]];
    else if (field === 'kind') [m.kind, m.k0, m.k1] = [value, at[0], at[1]];
    else if (field === 'armId') [m.armId, m.a0, m.a1] = [value, at[0], at[1]];
    else m.wellKnownName = value;
  }
  /** The site as a plain object with its spans moved by `by` (the same fields, in the order they were read). */
  placed(by: number): RefSite {
    const r: RefSite = {
      role: this.role,
      style: this.style,
      path: this.path,
      span: [this.s0 + by, this.s1 + by],
      keySpan: [this.key0 + by, this.key1 + by],
    };
    if (this.name !== undefined) {
      r.name = this.name;
      r.nameSpan = [this.n0 + by, this.n1 + by];
    }
    const m = this.more;
    if (m?.group !== undefined) {
      r.group = m.group;
      r.groupSpan = [m.g0 + by, m.g1 + by];
    }
    if (m?.kind !== undefined) {
      r.kind = m.kind;
      r.kindSpan = [m.k0 + by, m.k1 + by];
    }
    if (m?.armId !== undefined) {
      r.armId = m.armId;
      r.armIdSpan = [m.a0 + by, m.a1 + by];
    }
    if (m?.wellKnownName !== undefined) r.wellKnownName = m.wellKnownName;
    if (this.expectedKind !== undefined) r.expectedKind = this.expectedKind;
    if (this.object) r.object = placedFacts(this.object, by);
    return r;
  }
  toJSON(): RefSite {
    return this.placed(0);
  }
}

const movedKeys = (keys: readonly KeyUse[], by: number): KeyUse[] =>
  keys.map((k) => ({ key: k.key, span: [k.span[0] + by, k.span[1] + by] }));

/** An `object` site's facts with their spans moved by `by`. */
function placedFacts(f: ObjectSiteFacts, by: number): ObjectSiteFacts {
  if (by === 0 && !f.keys && !f.port) return f;
  const out: ObjectSiteFacts = { ...f };
  if (f.keys) out.keys = movedKeys(f.keys, by);
  if (f.port) out.port = { ...f.port, span: [f.port.span[0] + by, f.port.span[1] + by] };
  return out;
}

/** The fields of a site that a known owner (`spec.owner.name`, the usual site) does not write. */
class SiteMore {
  group?: string = undefined;
  kind?: string = undefined;
  armId?: string = undefined;
  wellKnownName?: string = undefined;
  g0 = -1;
  g1 = -1;
  k0 = -1;
  k1 = -1;
  a0 = -1;
  a1 = -1;
}

/** A tracked value of a chunk's manifest, chunk-relative, its span as numbers. */
export class ChunkValue implements TrackedValue {
  constructor(
    public value: unknown,
    readonly s0: number,
    readonly s1: number,
  ) {}
  get span(): Span {
    return [this.s0, this.s1];
  }
  toJSON(): TrackedValue {
    return { value: this.value, span: this.span };
  }
}

// Frozen: shared by every manifest without references or tracked values.
const NO_SITES = Object.freeze([]) as unknown as ChunkSite[];
const NO_VALUES = Object.freeze({}) as Record<string, ChunkValue>;

/**
 * A manifest of a chunk, chunk-relative and with no uri yet, kept for every manifest of every indexed file
 * (a 5,000-resource file: 5,000 of them): compact, with its spans as numbers, its sites and values likewise,
 * one shared empty list where it has no references and no tracked values. Built as a plain object with a
 * span array for each position, it weighed about 860 bytes a manifest; this about 400.
 */
export class ChunkManifest implements Omit<Manifest, 'uri'> {
  name?: string = undefined;
  cloudName?: string = undefined;
  location?: string = undefined;
  owner?: ChunkSite = undefined;
  refs: ChunkSite[] = NO_SITES;
  values: Record<string, ChunkValue> = NO_VALUES;
  /** Of a built-in kind: what references to it read (kubeRefs.ts); undefined for the operator's kinds. */
  kube?: KubeFacts = undefined;
  /**
   * Of a Service, its selector; of a workload, its pods' labels (kubeSelectors.ts). A field of its own, not in
   * `kube`: a Deployment has no other fact, and an object each for it weighed about 0.1 kB a Deployment.
   */
  labelFacts?: LabelFacts = undefined;
  /** `metadata.namespace` is written (absent: whatever namespace it is applied to). */
  namespaced = false;
  /** The `metadata.name` value's span (-1: none). */
  n0 = -1;
  n1 = -1;
  constructor(
    readonly def: KindDef,
    readonly domain: string,
    public namespace: string,
    readonly listItem: boolean,
    /** The manifest mapping's span. */
    readonly s0: number,
    readonly s1: number,
  ) {}
  get kind(): string {
    return this.def.kind;
  }
  get span(): Span {
    return [this.s0, this.s1];
  }
  get nameSpan(): Span | undefined {
    return span(this.n0, this.n1);
  }
  get dataKeys(): readonly string[] | undefined {
    return this.kube?.dataKeys;
  }
  get ports(): readonly (string | number)[] | undefined {
    return this.kube?.ports;
  }
  /** As the plain manifest it stands for (what `fixCrossCheck.ts` compares). */
  toJSON(): Omit<Manifest, 'uri'> {
    const m: Omit<Manifest, 'uri'> = {
      def: this.def,
      domain: this.domain,
      kind: this.kind,
      namespace: this.namespace,
      namespaced: this.namespaced,
      span: this.span,
      listItem: this.listItem,
      refs: this.refs.map((r) => r.placed(0)),
      values: Object.fromEntries(Object.entries(this.values).map(([k, v]) => [k, v.toJSON()])),
    };
    if (this.name !== undefined) {
      m.name = this.name;
      m.nameSpan = this.nameSpan;
    }
    if (this.cloudName !== undefined) m.cloudName = this.cloudName;
    if (this.location !== undefined) m.location = this.location;
    if (this.owner) m.owner = this.owner.placed(0);
    if (this.kube?.dataKeys) m.dataKeys = this.kube.dataKeys;
    if (this.kube?.ports) m.ports = this.kube.ports;
    // Not its labels: navigation alone reads them, no cross-document check.
    return m;
  }
}

/** What a built-in kind's manifest holds for the references to it (one object, only on those manifests). */
interface KubeFacts {
  dataKeys?: string[];
  ports?: (string | number)[];
}

/** Chunk-relative label facts as a manifest's, moved by the chunk's offset. */
function labelSetOf(l: LabelFacts | undefined, by: number): LabelSet | undefined {
  if (!l) return undefined;
  return { role: l.role, keySpan: [l.k0 + by, l.k1 + by], span: [l.s0 + by, l.s1 + by], pairs: l.pairs };
}

/**
 * A manifest sent across threads as the class again: a structured clone keeps its fields (the kind aside,
 * given here) but not its classes, whose getters (spans) the index reads.
 */
export function revivedManifest(sent: object, def: KindDef): ChunkManifest {
  const m = Object.assign(Object.create(ChunkManifest.prototype) as ChunkManifest, sent, { def });
  if (m.owner) Object.setPrototypeOf(m.owner, ChunkSite.prototype);
  m.refs =
    m.refs.length === 0 ? NO_SITES : m.refs.map((r) => Object.setPrototypeOf(r, ChunkSite.prototype) as ChunkSite);
  const values = Object.values(m.values);
  if (values.length === 0) m.values = NO_VALUES;
  else for (const v of values) Object.setPrototypeOf(v, ChunkValue.prototype);
  return m;
}

/**
 * Values to extract per kind (key paths), for the cross-file rules that read them. The rules declare them
 * and the analysis hands them to its index, which hands them here: extraction knows no rule.
 */
export type TrackedPaths = Readonly<Record<string, readonly (readonly string[])[]>>;

/**
 * Keyed by the chunk's content key (not its tree, which may be re-parsed), with the tracked paths they were
 * read with (an analysis has one set; another set reads the chunk again).
 */
const MANIFESTS = memoKey(() => new WeakMap<object, { tracked: TrackedPaths; manifests: ChunkManifest[] }>());

/** Whether a type can hold a reference somewhere below it (subtrees without any are not walked). */
const holdsRef = new WeakMap<object, boolean>();
function mayHoldRef(t: Type): boolean {
  if (t.kind === 'object') {
    const hit = holdsRef.get(t);
    if (hit !== undefined) return hit;
    holdsRef.set(t, false); // cycle guard
    const v =
      !!t.reference || OPERATOR_OBJECT_TYPES.has(t.name) || Object.values(t.fields).some((f) => mayHoldRef(f.type));
    holdsRef.set(t, v);
    return v;
  }
  if (t.kind === 'array') return mayHoldRef(t.items);
  if (t.kind === 'map') return mayHoldRef(t.values);
  return false;
}

const str = (node: unknown): string | undefined => {
  const v = scalarValue(node);
  return typeof v === 'string' ? v : undefined;
};

/** Strings the manifests of an analysis share (see `shared`), at most `SHARED_MAX` of them. */
const SHARED = memoKey(() => new Map<string, string>());
const SHARED_MAX = 20_000;

/**
 * One copy of a short string that many manifests repeat (a namespace, an owner's name, a tracked value such
 * as `StorageV2`): the parser gives each document its own, kept for every manifest of the index (a
 * 5,000-resource file: 15,000 copies of three words). Bounded: past `SHARED_MAX` strings, copies stay copies.
 */
function shared(store: ChunkStore, v: string): string;
function shared(store: ChunkStore, v: unknown): unknown;
function shared(store: ChunkStore, v: unknown): unknown {
  if (typeof v !== 'string' || v.length > 64) return v;
  const map = store.memo.get(SHARED);
  const hit = map.get(v);
  if (hit !== undefined) return hit;
  if (map.size < SHARED_MAX) map.set(v, v);
  return v;
}

function readSite(
  map: YAMLMap,
  keyNode: unknown,
  role: RefSite['role'],
  style: RefSite['style'],
  path: string,
  expectedKind?: string,
): ChunkSite {
  const [s0, s1] = spanOf(map);
  const [k0, k1] = spanOf(keyNode);
  const site = new ChunkSite(role, style, path, s0, s1, k0, k1);
  for (const k of ['name', 'group', 'kind', 'armId'] as const) {
    const e = entry(map, k);
    const v = str(e?.value);
    if (v === undefined) continue;
    site.set(k, v, spanOf(e!.value));
  }
  const wk = str(entry(map, 'wellKnownName')?.value);
  if (wk !== undefined) site.set('wellKnownName', wk, [-1, -1]);
  if (expectedKind) site.expectedKind = expectedKind;
  return site;
}

/** Collects the ResourceReference fields below a node, guided by its type. */
function collectRefs(node: unknown, t: Type, path: string, keyNode: unknown, out: ChunkSite[]): void {
  if (isAlias(node) || !mayHoldRef(t)) return;
  if (t.kind === 'object') {
    if (!isMap(node)) return;
    const named = OPERATOR_OBJECT_TYPES.get(t.name);
    if (named) {
      const site = operatorObjectSite(node, keyNode, path, named);
      if (site) out.push(site);
      return;
    }
    if (t.reference && t.reference !== 'known') {
      out.push(readSite(node, keyNode, 'reference', t.reference, path));
      return;
    }
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const k = keyName(item);
      const f = k === undefined ? undefined : t.fields[k];
      if (f) collectRefs(item.value, f.type, `${path}.${k}`, item.key, out);
    }
  } else if (t.kind === 'array') {
    if (!isSeq(node)) return;
    node.items.forEach((it, i) => collectRefs(it, t.items, `${path}[${i}]`, keyNode, out));
  } else if (t.kind === 'map') {
    if (!isMap(node)) return;
    for (const item of node.items)
      if (isPair(item)) collectRefs(item.value, t.values, `${path}.${keyName(item) ?? '?'}`, item.key, out);
  }
}

/**
 * A ConfigMap or Secret one of the operator's types names (kubeRefs.ts `OPERATOR_OBJECT_TYPES`): read by a
 * `…FromConfig` field, or written by an `operatorSpec` destination (the expression lists: the list says which).
 */
function operatorObjectSite(
  map: YAMLMap,
  keyNode: unknown,
  path: string,
  named: { role: 'reference' | 'writes'; kind?: string },
): ChunkSite | undefined {
  const list = /\.(\w+)\[\d+\]$/.exec(path)?.[1];
  const kind = named.kind ?? (list ? EXPRESSION_LISTS[list] : undefined);
  if (!kind) return undefined;
  return objectSite({
    role: named.role,
    path,
    span: spanOf(map),
    keySpan: spanOf(keyNode),
    kind,
    ...nameOf(map),
    facts: { group: '', ...keysFacts(map, named.role) },
  });
}

function nameOf(map: YAMLMap): { name?: string; nameSpan?: [number, number] } {
  const e = entry(map, 'name');
  const v = str(e?.value);
  return v === undefined ? {} : { name: v, nameSpan: spanOf(e!.value) };
}

/** The `key` a reference reads or a destination writes; a destination without one writes keys unknown here. */
function keysFacts(map: YAMLMap, role: 'reference' | 'writes'): Partial<ObjectSiteFacts> {
  const e = entry(map, 'key');
  const v = str(e?.value);
  if (v !== undefined) return { keys: [{ key: v, span: spanOf(e!.value) }] };
  return role === 'writes' ? { anyKeys: true } : {};
}

/** A site of a reference to a Kubernetes object (kubeRefs.ts). */
function objectSite(r: FoundObjectRef): ChunkSite {
  const site = new ChunkSite(r.role, 'object', r.path, r.span[0], r.span[1], r.keySpan[0], r.keySpan[1]);
  if (r.name !== undefined) site.set('name', r.name, r.nameSpan!);
  site.expectedKind = r.kind;
  site.object = r.facts;
  return site;
}

function readManifest(
  root: YAMLMap,
  def: KindDef,
  domain: string,
  listItem: boolean,
  tracked: TrackedPaths,
): ChunkManifest {
  const meta = entry(root, 'metadata')?.value;
  const nameEntry = entry(meta, 'name');
  const name = str(nameEntry?.value);
  const written = str(entry(meta, 'namespace')?.value);
  const namespace = written || 'default';
  const [s0, s1] = spanOf(root);
  const m = new ChunkManifest(def, domain, namespace, listItem, s0, s1);
  if (name !== undefined) {
    m.name = name;
    [m.n0, m.n1] = spanOf(nameEntry!.value);
  }
  if (written) m.namespaced = true;
  if (def.kube) {
    const facts: KubeFacts = { ...kubeFactsOf(root, def) };
    const labels = labelFactsOf(root, def);
    if (labels) m.labelFacts = labels;
    for (const k of Object.keys(facts) as (keyof KubeFacts)[]) if (facts[k] === undefined) delete facts[k];
    if (Object.keys(facts).length > 0) m.kube = facts;
    const found = objectRefsOf(root, def);
    if (found.length > 0) m.refs = found.map(objectSite);
  }
  const spec = entry(root, 'spec')?.value;
  if (isMap(spec)) {
    const cloudName = str(entry(spec, 'cloudName')?.value);
    if (cloudName !== undefined) m.cloudName = cloudName;
    const location = str(entry(spec, 'location')?.value);
    if (location !== undefined) m.location = location;
    const ownerEntry = entry(spec, 'owner');
    if (ownerEntry && isMap(ownerEntry.value) && def.owner.style !== 'none') {
      m.owner =
        def.owner.style === 'known'
          ? readSite(ownerEntry.value, ownerEntry.key, 'owner', 'known', 'spec.owner', def.owner.kind)
          : readSite(ownerEntry.value, ownerEntry.key, 'owner', 'arbitrary', 'spec.owner');
    }
    // References anywhere else in the spec (the owner is read above).
    const specType: ObjectType = def.spec;
    const refs: ChunkSite[] = [];
    for (const item of spec.items) {
      if (!isPair(item)) continue;
      const k = keyName(item);
      if (k === undefined || k === 'owner') continue;
      const f = specType.fields[k];
      if (f) collectRefs(item.value, f.type, `spec.${k}`, item.key, refs);
    }
    if (refs.length > 0) m.refs = m.refs.length > 0 ? m.refs.concat(refs) : refs;
  }
  let values: Record<string, ChunkValue> | undefined;
  for (const path of tracked[def.kind] ?? []) {
    let node: unknown = root;
    for (const seg of path) node = entry(node, seg)?.value;
    if (isScalar(node) && node.value !== null) {
      const [v0, v1] = spanOf(node);
      (values ??= {})[path.join('.')] = new ChunkValue(node.value, v0, v1);
    }
  }
  if (values) m.values = values;
  return m;
}

/** A manifest's repeated strings as the analysis's one copy of each (see `shared`). */
function share(m: ChunkManifest, store: ChunkStore): void {
  m.namespace = shared(store, m.namespace);
  if (m.location !== undefined) m.location = shared(store, m.location);
  for (const site of m.owner ? [m.owner, ...m.refs] : m.refs)
    if (site.name !== undefined) site.name = shared(store, site.name);
  for (const v of Object.values(m.values)) v.value = shared(store, v.value);
}

/** The manifests of one document chunk, chunk-relative. */
export function chunkManifests(
  chunk: { key: object; doc: Document.Parsed; store: ChunkStore; text?: string },
  tracked: TrackedPaths,
): ChunkManifest[] {
  const chunkCache = chunk.store.memo.get(MANIFESTS);
  const hit = chunkCache.get(chunk.key);
  if (hit && hit.tracked === tracked) return hit.manifests;
  // A CRD is no manifest of ours: not parsed for the index (a bundle may be tens of MB).
  if (chunk.text !== undefined && mayHoldCrd(chunk.text)) {
    chunkCache.set(chunk.key, { tracked, manifests: [] });
    return [];
  }
  const doc = analysisTree(chunk);
  const out: ChunkManifest[] = [];
  const root = doc.contents;
  if (isMap(root)) {
    const id = identify(root, chunk.store.registry);
    // List items count as the manifests they are, each as the kind it names (a core `v1` `List` too).
    if (id.status === 'ok' && !id.list) out.push(readManifest(root, id.def, id.parsed.domain, false, tracked));
    else if ((id.status === 'ok' && id.list) || isCoreList(root))
      for (const m of listedManifests(root, id.status === 'ok' ? id.def : undefined, chunk.store.registry))
        out.push(readManifest(m.item, m.def, m.parsed.domain, true, tracked));
  }
  for (const m of out) share(m, chunk.store);
  // Exactly sized: an array grown by push keeps room for 17, and most chunks hold one manifest (0.65 MB for
  // a 5,000-resource file).
  const manifests = out.slice();
  chunkCache.set(chunk.key, { tracked, manifests });
  return manifests;
}

/** The parts of a manifest that hold file offsets, shifted from the chunk-relative ones. */
interface Shifted {
  by: number;
  span: Span;
  nameSpan?: Span;
  owner?: RefSite;
  refs: RefSite[];
  values: Record<string, TrackedValue>;
}

/**
 * The manifests of an index whose shifted copy is kept (the index has one). A shifted copy weighs more than
 * the chunk's own manifest (every span, site and tracked value again: about 700 bytes), and kept for each
 * manifest of a 5,000-resource file it was 3.4 MB of the server's live heap, for data read once at open; the
 * few a request or an edit's checks read over and over stay shifted, the others are shifted again if read.
 */
export class ShiftedCopies {
  /** The manifests holding a copy, in a ring: `next` is the slot reused next (its manifest's copy dropped). */
  private readonly ring: (FileManifest | undefined)[];
  private next = 0;
  constructor(readonly kept = 256) {
    this.ring = new Array<FileManifest | undefined>(kept);
  }
  /** `m` keeps its new copy; the manifest whose slot it takes drops its own. */
  keep(m: FileManifest): void {
    this.ring[this.next]?.dropShifted();
    this.ring[this.next] = m;
    this.next = (this.next + 1) % this.kept;
  }
}

/**
 * A manifest of a file: the chunk-relative manifest and the chunk's offset. Spans are shifted when read
 * (and again after the chunk moved), the shifted copy kept while the manifest is among the last read
 * (`ShiftedCopies`), so a chunk that did not change costs nothing when the file is re-indexed: the index
 * keeps the object and only moves it (`moveTo`).
 */
export class FileManifest implements Manifest {
  private shifted?: Shifted;
  /** Its cross-document diagnostics while they hold (crossCache.ts; the index drops them when it unlinks it). */
  cross?: unknown;
  /** The key of its name in its index (set by the index when it links it; see WorkspaceIndex.named). */
  nameKey?: string;
  constructor(
    readonly uri: string,
    /** The chunk-relative manifest (shared by every copy of the chunk, in any file). */
    readonly chunk: ChunkManifest,
    private offset: number,
    /** Where its shifted copy is kept (its index's). */
    private readonly copies: ShiftedCopies,
  ) {}
  get def() {
    return this.chunk.def;
  }
  get domain() {
    return this.chunk.domain;
  }
  get kind() {
    return this.chunk.kind;
  }
  get namespace() {
    return this.chunk.namespace;
  }
  get name() {
    return this.chunk.name;
  }
  get listItem() {
    return this.chunk.listItem;
  }
  get cloudName() {
    return this.chunk.cloudName;
  }
  get location() {
    return this.chunk.location;
  }
  get namespaced(): boolean {
    return this.chunk.namespaced;
  }
  get dataKeys() {
    return this.chunk.dataKeys;
  }
  get ports() {
    return this.chunk.ports;
  }
  /** Shifted when read: navigation asks for a few (labelIndex.ts), never every manifest's. */
  get labels(): LabelSet | undefined {
    return labelSetOf(this.chunk.labelFacts, this.offset);
  }
  // The two spans alone, read for every manifest of a file (the one at the cursor, its line), are shifted
  // without the rest when no copy is kept.
  get span(): Span {
    const s = this.shifted;
    if (s?.by === this.offset) return s.span;
    const c = this.chunk;
    return [c.s0 + this.offset, c.s1 + this.offset];
  }
  get nameSpan(): Span | undefined {
    const s = this.shifted;
    if (s?.by === this.offset) return s.nameSpan;
    const c = this.chunk;
    return c.n0 < 0 ? undefined : [c.n0 + this.offset, c.n1 + this.offset];
  }
  get owner(): RefSite | undefined {
    return this.at().owner;
  }
  get refs(): RefSite[] {
    return this.at().refs;
  }
  get values(): Record<string, TrackedValue> {
    return this.at().values;
  }
  /** The offset of the manifest's chunk in its file (its spans are the chunk's, moved by it). */
  get base(): number {
    return this.offset;
  }
  /** The chunk's new offset in a new version of the file. */
  moveTo(offset: number): void {
    this.offset = offset;
  }
  private at(): Shifted {
    const by = this.offset;
    if (this.shifted?.by === by) return this.shifted;
    const c = this.chunk;
    const s: Shifted = { by, span: [c.s0 + by, c.s1 + by], refs: c.refs.map((r) => r.placed(by)), values: {} };
    if (c.n0 >= 0) s.nameSpan = [c.n0 + by, c.n1 + by];
    if (c.owner) s.owner = c.owner.placed(by);
    for (const [k, v] of Object.entries(c.values)) s.values[k] = { value: v.value, span: [v.s0 + by, v.s1 + by] };
    const had = this.shifted;
    this.shifted = s;
    if (!had) this.copies.keep(this);
    return s;
  }
  /** Drops the shifted copy (ShiftedCopies: another manifest takes its place). */
  dropShifted(): void {
    this.shifted = undefined;
  }
  toJSON(): Manifest {
    const {
      uri,
      def,
      domain,
      kind,
      namespace,
      name,
      nameSpan,
      span,
      listItem,
      cloudName,
      location,
      owner,
      refs,
      values,
    } = this;
    const m: Manifest = {
      uri,
      def,
      domain,
      kind,
      namespace,
      namespaced: this.namespaced,
      span,
      listItem,
      refs,
      values,
    };
    if (name !== undefined) m.name = name;
    if (nameSpan) m.nameSpan = nameSpan;
    if (cloudName !== undefined) m.cloudName = cloudName;
    if (location !== undefined) m.location = location;
    if (owner) m.owner = owner;
    if (this.dataKeys) m.dataKeys = this.dataKeys;
    if (this.ports) m.ports = this.ports;
    if (this.labels) m.labels = this.labels;
    return m;
  }
}

/** What `chunkManifests` cached for a chunk with these tracked paths (a worker hands it to the host). */
export function cachedChunkManifests(chunk: { key: object; store: ChunkStore }, tracked: TrackedPaths) {
  const hit = chunk.store.memo.get(MANIFESTS).get(chunk.key);
  return hit && hit.tracked === tracked ? hit.manifests : undefined;
}

/** Caches manifests read elsewhere (a worker, from the same text and kinds) as `chunkManifests` would have. */
export function cacheChunkManifests(
  chunk: { key: object; store: ChunkStore },
  tracked: TrackedPaths,
  manifests: ChunkManifest[],
): void {
  chunk.store.memo.get(MANIFESTS).set(chunk.key, { tracked, manifests });
}
