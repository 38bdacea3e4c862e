// What a parsed file contributes to the workspace index: each manifest of ours with its identity, owner,
// references and tracked values. Read from the cached parse of each document chunk and itself cached per
// chunk, so re-indexing a large file after an edit re-reads the edited resource only.
import { mayHoldCrd } from '../checks/crd/detect';
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type YAMLMap } from 'yaml';
import type { KindDef, ObjectType, Type } from '../../model/types';
import { memoKey } from '../core/memo';
import { analysisTree, type ChunkStore } from '../core/parse';
import { isCoreList, listedManifests } from '../checks/listItems';
import { identify } from '../checks/identity';
import { entry, keyName, scalarValue, spanOf } from '../core/yamlNodes';
import type { Manifest, RefSite, Span, TrackedValue } from './manifest';

/** A manifest with chunk-relative spans and no uri yet. */
export type ChunkManifest = Omit<Manifest, 'uri'>;

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
    const v = !!t.reference || Object.values(t.fields).some((f) => mayHoldRef(f.type));
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

function readSite(
  map: YAMLMap,
  keyNode: unknown,
  role: RefSite['role'],
  style: RefSite['style'],
  path: string,
  expectedKind?: string,
): RefSite {
  const site: RefSite = { role, style, path, span: spanOf(map), keySpan: spanOf(keyNode) };
  for (const k of ['name', 'group', 'kind', 'armId'] as const) {
    const e = entry(map, k);
    const v = str(e?.value);
    if (v === undefined) continue;
    site[k] = v;
    site[`${k}Span`] = spanOf(e!.value);
  }
  const wk = str(entry(map, 'wellKnownName')?.value);
  if (wk !== undefined) site.wellKnownName = wk;
  if (expectedKind) site.expectedKind = expectedKind;
  return site;
}

/** Collects the ResourceReference fields below a node, guided by its type. */
function collectRefs(node: unknown, t: Type, path: string, keyNode: unknown, out: RefSite[]): void {
  if (isAlias(node) || !mayHoldRef(t)) return;
  if (t.kind === 'object') {
    if (!isMap(node)) return;
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
  const namespace = str(entry(meta, 'namespace')?.value) || 'default';
  const m: ChunkManifest = {
    def,
    domain,
    kind: def.kind,
    namespace,
    span: spanOf(root),
    listItem,
    refs: [],
    values: {},
  };
  if (name !== undefined) {
    m.name = name;
    m.nameSpan = spanOf(nameEntry!.value);
  }
  const spec = entry(root, 'spec')?.value;
  if (isMap(spec)) {
    const cloudName = str(entry(spec, 'cloudName')?.value);
    if (cloudName !== undefined) m.cloudName = cloudName;
    const ownerEntry = entry(spec, 'owner');
    if (ownerEntry && isMap(ownerEntry.value) && def.owner.style !== 'none') {
      m.owner =
        def.owner.style === 'known'
          ? readSite(ownerEntry.value, ownerEntry.key, 'owner', 'known', 'spec.owner', def.owner.kind)
          : readSite(ownerEntry.value, ownerEntry.key, 'owner', 'arbitrary', 'spec.owner');
    }
    // References anywhere else in the spec (the owner is read above).
    const specType: ObjectType = def.spec;
    for (const item of spec.items) {
      if (!isPair(item)) continue;
      const k = keyName(item);
      if (k === undefined || k === 'owner') continue;
      const f = specType.fields[k];
      if (f) collectRefs(item.value, f.type, `spec.${k}`, item.key, m.refs);
    }
  }
  for (const path of tracked[def.kind] ?? []) {
    let node: unknown = root;
    for (const seg of path) node = entry(node, seg)?.value;
    if (isScalar(node) && node.value !== null)
      m.values[path.join('.')] = { value: node.value, span: spanOf(node) } satisfies TrackedValue;
  }
  return m;
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
  chunkCache.set(chunk.key, { tracked, manifests: out });
  return out;
}

const shift = (s: Span | undefined, by: number): Span | undefined => (s ? [s[0] + by, s[1] + by] : undefined);

function shiftSite(site: RefSite, by: number): RefSite {
  const r: RefSite = { ...site, span: shift(site.span, by)!, keySpan: shift(site.keySpan, by)! };
  if (site.nameSpan) r.nameSpan = shift(site.nameSpan, by);
  if (site.groupSpan) r.groupSpan = shift(site.groupSpan, by);
  if (site.kindSpan) r.kindSpan = shift(site.kindSpan, by);
  if (site.armIdSpan) r.armIdSpan = shift(site.armIdSpan, by);
  return r;
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
 * A manifest of a file: the chunk-relative manifest and the chunk's offset. Spans are shifted when first
 * read (and again after the chunk moved), so a chunk that did not change costs nothing when the file is
 * re-indexed: the index keeps the object and only moves it (`moveTo`).
 */
export class FileManifest implements Manifest {
  private shifted?: Shifted;
  /** Its cross-document diagnostics while they hold (crossCache.ts; the index drops them when it unlinks it). */
  cross?: unknown;
  constructor(
    readonly uri: string,
    /** The chunk-relative manifest (shared by every copy of the chunk, in any file). */
    readonly chunk: ChunkManifest,
    private offset: number,
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
  get span(): Span {
    return this.at().span;
  }
  get nameSpan(): Span | undefined {
    return this.at().nameSpan;
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
    const s: Shifted = { by, span: shift(c.span, by)!, refs: c.refs.map((r) => shiftSite(r, by)), values: {} };
    if (c.nameSpan) s.nameSpan = shift(c.nameSpan, by);
    if (c.owner) s.owner = shiftSite(c.owner, by);
    for (const [k, v] of Object.entries(c.values)) s.values[k] = { value: v.value, span: shift(v.span, by)! };
    return (this.shifted = s);
  }
  toJSON(): Manifest {
    const { uri, def, domain, kind, namespace, name, nameSpan, span, listItem, cloudName, owner, refs, values } = this;
    const m: Manifest = { uri, def, domain, kind, namespace, span, listItem, refs, values };
    if (name !== undefined) m.name = name;
    if (nameSpan) m.nameSpan = nameSpan;
    if (cloudName !== undefined) m.cloudName = cloudName;
    if (owner) m.owner = owner;
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
