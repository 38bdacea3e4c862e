// The workspace index: every manifest of every file, by name, and who refers to each name. A plain data
// structure fed with (uri, parsed file) pairs: the server feeds it from disk and open documents, the CLI
// from its inputs (both through their analysis, which holds the indexed files' chunks), tests from strings.
// Over 400 lines: one data structure, whose maps the same methods keep consistent with one another.
import { memoKey } from '../core/memo';
import { ChunkStore, textLength, tiles, type ParsedFile } from '../core/parse';
import { LineIndex } from '../core/lineIndex';
import type { Basis } from '../core/resplit';
import { chunkManifests, FileManifest, ShiftedCopies, type ChunkManifest, type TrackedPaths } from './extract';
import type { Registry } from '../../model/registry';
import { sitesOf, type Manifest, type RefSite } from './manifest';
import { LabelIndex } from './labelIndex';
import { WORKSPACE_SCOPE } from '../core/scope';

export interface IndexedFile {
  uri: string;
  /** `workspace` for files of the workspace folders; the file's own uri for a file outside them. */
  scope: string;
  text: string;
  manifests: Manifest[];
  /** Line index of `text` (built on first use). */
  lines(): LineIndex;
}

/** The manifests of one document chunk of an indexed file. */
interface ChunkEntry {
  /** The cached chunk-relative manifests (the same array for an unchanged chunk of a new file version). */
  data: readonly ChunkManifest[];
  /** The chunk's content key (its tree is not kept). */
  key: object;
  offset: number;
  text: string;
  manifests: FileManifest[];
}

class FileRecord implements IndexedFile {
  private lineIndex?: LineIndex;
  private lineCache?: number[];
  readonly manifests: FileManifest[];
  constructor(
    readonly uri: string,
    readonly scope: string,
    readonly chunks: ChunkEntry[],
    private readonly file: ParsedFile,
    /** The manifests of `chunks`, in order, when the caller has them (setFrom: from the version before). */
    manifests?: FileManifest[],
  ) {
    this.manifests = manifests ?? (chunks.length === 1 ? chunks[0].manifests : chunks.flatMap((c) => c.manifests));
  }
  lines(): LineIndex {
    return (this.lineIndex ??= this.file.lines);
  }
  /** The file's text (read when asked: a version made from an edit's changes joins it then, core/fileText.ts). */
  get text(): string {
    return this.file.text;
  }
  /** The parsed file indexed (a later version split from it is indexed from this record: setFrom). */
  get source(): ParsedFile {
    return this.file;
  }
  /** The line each chunk starts on (undefined in the odd file whose chunks overlap). */
  chunkLines(): number[] | undefined {
    if (this.lineCache) return this.lineCache;
    if (!tiles({ length: textLength(this.file) }, this.chunks)) return undefined;
    const out: number[] = [];
    let line = 0;
    for (const c of this.chunks) {
      out.push(line);
      line += breaksIn(this.file.store, c.key, c.text);
    }
    return (this.lineCache = out);
  }
}

const BREAKS = memoKey(() => new WeakMap<object, number>());
/**
 * Line breaks in a chunk, counted as LineIndex counts them, cached by the chunk's content key. Exact per chunk:
 * a chunk never starts with LF, so a CR ending one chunk is a line break of its own.
 */
function breaksIn(store: ChunkStore, key: object, text: string): number {
  const breakCount = store.memo.get(BREAKS);
  let n = breakCount.get(key);
  if (n !== undefined) return n;
  n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  breakCount.set(key, n);
  return n;
}

function chunkEntries(uri: string, file: ParsedFile, tracked: TrackedPaths, copies: ShiftedCopies): ChunkEntry[] {
  return file.docs.map((d) => {
    const data = chunkManifests(d, tracked);
    return {
      data,
      key: d.key,
      offset: d.offset,
      text: d.text,
      manifests: data.length === 0 ? [] : data.map((c) => new FileManifest(uri, c, d.offset, copies)),
    };
  });
}

/** A cached result the index marks stale when a name it read changes (crossCache.ts). */
interface Watcher {
  stale: boolean;
}

/** An operator resource's `operatorSpec` destination that writes the ConfigMap or Secret a reference names. */
export interface Writer {
  manifest: Manifest;
  site: RefSite;
}

export type Resolution =
  /**
   * Manifests the reference names (more than one when the name is defined twice), same file first; for a
   * ConfigMap or Secret, the operator's destinations that write it too (`targets` may then be empty).
   */
  | { status: 'found'; targets: Manifest[]; writers?: Writer[] }
  /** A known owner whose name is defined, but only by manifests of other kinds. */
  | { status: 'wrongKind'; others: Manifest[] }
  /** Nothing of that kind and name; `others`: manifests of that name of other kinds. */
  | { status: 'notFound'; others: Manifest[] }
  /** Nothing to resolve: an `armId`, a `wellKnownName`, another group, a kind that does not exist, no name. */
  | { status: 'none' };

const SEP = '\u0000';
const nameKey = (scope: string, namespace: string, name: string) => `${scope}${SEP}${namespace}${SEP}${name}`;
/**
 * The key of a name in every namespace of a scope: Kubernetes objects are looked up by it (kubeRefs.ts), since
 * an object without `metadata.namespace` may be applied to any (`\u0001` is in no namespace's name).
 */
const anyNsKey = (scope: string, name: string) => nameKey(scope, '\u0001', name);

/**
 * Whether a reference of `from` (in the namespace its site names, else its own) and an object are in one
 * namespace: `true` both written alike or both absent (applied to the same one); `false` written apart;
 * `unsure` one written and the other not (it depends on where each is applied).
 */
function sameNamespace(from: Manifest, site: RefSite, target: Manifest): boolean | 'unsure' {
  if (site.object?.clusterScoped) return true;
  const ns = site.object?.namespace;
  const given = ns !== undefined || from.namespaced;
  if (given !== target.namespaced) return 'unsure';
  return !given || (ns ?? from.namespace) === target.namespace;
}

/** Whether a manifest is the Kubernetes object an `object` site names, by kind and group (not name). */
const isObjectOf = (site: RefSite, m: Manifest): boolean =>
  m.kind === site.expectedKind && m.def.kube?.group === site.object?.group;

/** The kind a reference names when it can be resolved in the workspace, with the area it must be in. */
export function targetKindOf(registry: Registry, site: RefSite): { kind: string; area?: string } | undefined {
  // A Kubernetes object: resolved by `resolve` on its own terms (namespaces, writers), not by area.
  if (site.style === 'object') return undefined;
  if (site.style === 'known') return site.expectedKind ? { kind: site.expectedKind } : undefined;
  if (site.armId !== undefined || site.kind === undefined) return undefined;
  const area = registry.ourAreaOfGroup(site.group);
  if (!area || !registry.kindsOfArea(area).includes(site.kind)) return undefined;
  return { kind: site.kind, area };
}

export class WorkspaceIndex {
  private readonly records = new Map<string, FileRecord>();
  private readonly defined = new Map<string, Manifest[]>();
  /** name key → uri → number of references from that file (an `object` site's: under its any-namespace key). */
  private readonly referrers = new Map<string, Map<string, number>>();
  /** any-namespace key → the manifests of built-in kinds of that name (kubeRefs.ts). */
  private readonly objects = new Map<string, Manifest[]>();
  /** any-namespace key → the manifests whose `operatorSpec` writes a ConfigMap or Secret of that name. */
  private readonly writers = new Map<string, Manifest[]>();
  /**
   * name key → the cached cross-document results (crossCache.ts) computed from the manifests of that name:
   * marked stale when those change (one added, removed, or on another line), so that a result is known to
   * hold without looking at the names it read.
   */
  private readonly watchers = new Map<string, Watcher | Set<Watcher>>();
  /** Services and workloads by label pair (navigation from a selector to its pods and back). */
  private readonly labels = new LabelIndex();
  /** The manifests whose spans shifted to file offsets are kept (extract.ts). */
  private readonly copies = new ShiftedCopies();
  /** Manifests whose cross-document checks ran (not read from crossCache.ts): a test reads how many an edit ran. */
  crossChecks = 0;
  /** The name keys `named` was asked for since `readsOf` began. */
  private reads: string[] | undefined;

  /** Runs `fn`, returning with its result the name keys it read (every look-up by name goes through `named`). */
  readsOf<T>(fn: () => T): { result: T; keys: string[] } {
    const outer = this.reads;
    const keys: string[] = [];
    this.reads = keys;
    try {
      return { result: fn(), keys };
    } finally {
      this.reads = outer;
      if (outer) for (const k of keys) outer.push(k);
    }
  }

  /** `entry` goes stale when the manifests of one of `keys` change. */
  watch(keys: readonly string[], entry: Watcher): void {
    for (const k of keys) {
      const w = this.watchers.get(k);
      // Most names are watched by one entry (the manifest of that name): the entry itself, no Set (a Set each
      // was 0.9 MB for a 5,000-resource file).
      if (!w) this.watchers.set(k, entry);
      else if (w instanceof Set) w.add(entry);
      else if (w !== entry) this.watchers.set(k, new Set([w, entry]));
    }
  }

  /** `entry` is no longer kept (replaced, or its manifest left the index). */
  unwatch(keys: readonly string[], entry: Watcher): void {
    for (const k of keys) {
      const w = this.watchers.get(k);
      if (w === entry || (w instanceof Set && w.delete(entry) && w.size === 0)) this.watchers.delete(k);
    }
  }

  private changed(key: string): void {
    const w = this.watchers.get(key);
    if (!w) return;
    if (w instanceof Set) for (const e of w) e.stale = true;
    else w.stale = true;
    this.watchers.delete(key);
  }

  /**
   * `registry`: the kinds references are resolved against; `tracked`: the values to extract per kind, which
   * the cross-file rules declare (workspace/checks.ts makes an index with them: the index knows no rule).
   */
  constructor(
    readonly registry: Registry,
    readonly tracked: TrackedPaths,
  ) {}

  get fileCount(): number {
    return this.records.size;
  }

  get manifestCount(): number {
    let n = 0;
    for (const r of this.records.values()) n += r.manifests.length;
    return n;
  }

  has(uri: string): boolean {
    return this.records.has(uri);
  }

  private domainCache: string[] | undefined;
  /**
   * API domains the workspace's manifests of built-in kinds use, most used first (for `apiVersion` completion
   * and the missing apiVersion's fix). A manifest of a CRD's kind says nothing of it: its group is exact
   * (`example.com/v1`'s tail `com` is no domain of ours).
   */
  domains(): string[] {
    if (this.domainCache) return this.domainCache;
    const count = new Map<string, number>();
    for (const r of this.records.values())
      for (const m of r.manifests)
        if (m.domain && m.def.domain === undefined) count.set(m.domain, (count.get(m.domain) ?? 0) + 1);
    return (this.domainCache = [...count.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d));
  }

  get(uri: string): IndexedFile | undefined {
    return this.records.get(uri);
  }

  files(): IterableIterator<IndexedFile> {
    return this.records.values();
  }

  /** Indexed files, sorted (never in the order they were indexed). */
  uris(): string[] {
    return [...this.records.keys()].sort();
  }

  scopeOf(m: Manifest): string {
    return this.records.get(m.uri)?.scope ?? m.uri;
  }

  /**
   * Indexes a file, replacing what it held before. Returns the name keys it defined before or defines now:
   * pass them to `dependents` for the files whose cross-document diagnostics may change.
   */
  set(uri: string, file: ParsedFile, scope: string = WORKSPACE_SCOPE): string[] {
    this.domainCache = undefined;
    const before = this.records.get(uri);
    if (!before || before.scope !== scope) {
      const keys = before ? this.definedKeys(before.scope, before.manifests) : [];
      if (before) this.unlink(before.scope, uri, before.manifests);
      const rec = new FileRecord(uri, scope, chunkEntries(uri, file, this.tracked, this.copies), file);
      this.records.set(uri, rec);
      this.link(scope, uri, rec.manifests);
      for (const k of this.definedKeys(scope, rec.manifests)) keys.push(k);
      return keys;
    }
    // A version split from the one indexed (resplit.ts): only the documents between those it kept are looked at.
    const b = file.basis;
    if (b && b.previous === before.source && before.chunks.length === b.previous.docs.length)
      return this.setFrom(before, file, b);
    // A new version of the file: keep the manifests of the chunks that did not change (the parse cache hands
    // back the same document, hence the same cached manifests), move them to their new offsets, and relink
    // only the manifests of chunks that changed.
    const pool = new Map<readonly ChunkManifest[], ChunkEntry[]>();
    for (const c of before.chunks) {
      if (c.data.length === 0) continue;
      const list = pool.get(c.data);
      if (list) list.push(c);
      else pool.set(c.data, [c]);
    }
    const added: FileManifest[] = [];
    const kept: { entry: ChunkEntry; was: ChunkEntry; index: number }[] = [];
    const chunks: ChunkEntry[] = file.docs.map((d, index) => {
      const data = chunkManifests(d, this.tracked);
      if (data.length === 0) return { data, key: d.key, offset: d.offset, text: d.text, manifests: [] };
      const was = pool.get(data)?.shift();
      if (was) {
        for (const m of was.manifests) m.moveTo(d.offset);
        const entry = { data, key: d.key, offset: d.offset, text: d.text, manifests: was.manifests };
        kept.push({ entry, was, index });
        return entry;
      }
      const manifests = data.map((c) => new FileManifest(uri, c, d.offset, this.copies));
      for (const m of manifests) added.push(m);
      return { data, key: d.key, offset: d.offset, text: d.text, manifests };
    });
    const removed: FileManifest[] = [];
    for (const list of pool.values()) for (const c of list) for (const m of c.manifests) removed.push(m);
    const rec = new FileRecord(uri, scope, chunks, file);
    this.records.set(uri, rec);
    this.unlink(scope, uri, removed);
    this.link(scope, uri, added);
    const keys = this.definedKeys(scope, removed);
    for (const k of this.definedKeys(scope, added)) keys.push(k);
    // Messages of other files name the line a manifest is on: a kept manifest whose chunk now starts on
    // another line counts as changed for `dependents`.
    if (kept.length > 0 && before.text !== file.text) {
      const oldLines = before.chunkLines();
      const oldIndex = new Map(before.chunks.map((c, i) => [c, i]));
      const newLines = rec.chunkLines();
      for (const k of kept)
        if (!oldLines || !newLines || oldLines[oldIndex.get(k.was)!] !== newLines[k.index])
          for (const key of this.definedKeys(scope, k.entry.manifests)) {
            keys.push(key);
            this.changed(key);
          }
    }
    return keys;
  }

  /**
   * `set` of a version split from the indexed one: its first `prefix` and last `suffix` documents are the
   * indexed version's (the latter moved by `delta`), so their entries are kept (moved) and only the documents
   * between are read and linked; what `set` returns is the same.
   */
  private setFrom(before: FileRecord, file: ParsedFile, b: Basis): string[] {
    const { uri, scope } = before;
    const n = before.chunks.length;
    const old = before.chunks.slice(b.prefix, n - b.suffix);
    // A document split again but unchanged (the edit was next to it) keeps its manifests.
    const pool = new Map<readonly ChunkManifest[], ChunkEntry[]>();
    for (const c of old) {
      if (c.data.length === 0) continue;
      const list = pool.get(c.data);
      if (list) list.push(c);
      else pool.set(c.data, [c]);
    }
    const added: FileManifest[] = [];
    const chunks = before.chunks.slice(0, b.prefix);
    // Lines from the first document split again: where each was, and is.
    let linesBefore = 0;
    let linesNow = 0;
    const lineWas = new Map<ChunkEntry, number>();
    for (const c of old) {
      lineWas.set(c, linesBefore);
      linesBefore += breaksIn(file.store, c.key, c.text);
    }
    /** Kept manifests on another line than before (see below). */
    const moved: FileManifest[] = [];
    for (let i = b.prefix; i < file.docs.length - b.suffix; i++) {
      const d = file.docs[i];
      const data = chunkManifests(d, this.tracked);
      const was = data.length === 0 ? undefined : pool.get(data)?.shift();
      if (was) for (const m of was.manifests) m.moveTo(d.offset);
      if (was && lineWas.get(was) !== linesNow) for (const m of was.manifests) moved.push(m);
      const manifests = was ? was.manifests : data.map((c) => new FileManifest(uri, c, d.offset, this.copies));
      if (!was) for (const m of manifests) added.push(m);
      chunks.push({ data, key: d.key, offset: d.offset, text: d.text, manifests });
      linesNow += breaksIn(file.store, d.key, d.text);
    }
    const removed: FileManifest[] = [];
    for (const list of pool.values()) for (const c of list) for (const m of c.manifests) removed.push(m);
    /** The manifests after the edit, on other lines when it added or removed some (even keeping the length). */
    const shifted: FileManifest[] = [];
    for (let i = n - b.suffix; i < n; i++) {
      const c = before.chunks[i];
      if (linesNow !== linesBefore) for (const m of c.manifests) shifted.push(m);
      if (b.delta === 0) {
        chunks.push(c);
        continue;
      }
      const offset = c.offset + b.delta;
      for (const m of c.manifests) m.moveTo(offset);
      chunks.push({ ...c, offset });
    }
    // The manifests in order: the version before's of the documents kept at each end (copied), the new ones between.
    let head = 0;
    for (let i = 0; i < b.prefix; i++) head += before.chunks[i].manifests.length;
    let tail = 0;
    for (let i = n - b.suffix; i < n; i++) tail += before.chunks[i].manifests.length;
    const between: FileManifest[] = [];
    for (let i = b.prefix; i < chunks.length - b.suffix; i++) for (const m of chunks[i].manifests) between.push(m);
    const manifests = before.manifests
      .slice(0, head)
      .concat(between, before.manifests.slice(before.manifests.length - tail));
    this.records.set(uri, new FileRecord(uri, scope, chunks, file, manifests));
    this.unlink(scope, uri, removed);
    this.link(scope, uri, added);
    const keys = this.definedKeys(scope, removed);
    for (const k of this.definedKeys(scope, added)) keys.push(k);
    // Messages of other files name the line a manifest is on: a kept manifest on another line counts as
    // changed for `dependents`. A document split again but kept may have changed places with another (the
    // order of a name's manifests): what was computed from its name goes stale. Those after the edit keep
    // their order: a cached result that names their line is asked again (crossCache.ts), no other is.
    for (const k of this.definedKeys(scope, moved)) {
      keys.push(k);
      this.changed(k);
    }
    for (const k of this.definedKeys(scope, shifted)) keys.push(k);
    return keys;
  }

  /** `set` from a text (parsed in a store of its own: an analysis indexes the files it parsed instead). */
  setText(uri: string, text: string, scope: string = WORKSPACE_SCOPE): string[] {
    return this.set(uri, new ChunkStore(this.registry).parseFile(text), scope);
  }

  /** Removes a file; returns the name keys it defined (for `dependents`). */
  remove(uri: string): string[] {
    this.domainCache = undefined;
    const before = this.records.get(uri);
    if (!before) return [];
    const keys = this.definedKeys(before.scope, before.manifests);
    this.unlink(before.scope, uri, before.manifests);
    this.records.delete(uri);
    return keys;
  }

  /** `set` and `dependents` in one: the files whose cross-document diagnostics may change, the file included. */
  update(uri: string, file: ParsedFile, scope: string = WORKSPACE_SCOPE): Set<string> {
    return this.dependents([uri], this.set(uri, file, scope));
  }

  /** `remove` and `dependents` in one. */
  delete(uri: string): Set<string> {
    return this.dependents([uri], this.remove(uri));
  }

  /**
   * The files whose cross-document diagnostics may change when the given files changed and the given name
   * keys were defined or undefined: the files themselves, every file that defines one of those names, and
   * every file that refers to one, transitively through the manifests that refer (a share depends on its
   * account through its file service, even when the file service sits unchanged in the account's own file).
   */
  dependents(uris: Iterable<string>, keys: Iterable<string>): Set<string> {
    const out = new Set<string>(uris);
    const seenKeys = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const k = queue.pop()!;
      if (seenKeys.has(k)) continue;
      seenKeys.add(k);
      for (const m of this.defined.get(k) ?? []) out.add(m.uri);
      for (const m of this.objects.get(k) ?? []) out.add(m.uri);
      for (const m of this.writers.get(k) ?? []) out.add(m.uri);
      for (const u of this.referrers.get(k)?.keys() ?? []) {
        out.add(u);
        const rec = this.records.get(u);
        if (!rec) continue;
        // What refers to the name is affected in turn: follow the names of those manifests.
        for (const m of rec.manifests) {
          if (m.name === undefined) continue;
          // The chunk's own sites: names only, no spans (a manifest's are shifted when read: extract.ts).
          if (
            sitesOf(m.chunk).some((site) => site.name !== undefined && nameKey(rec.scope, m.namespace, site.name) === k)
          )
            queue.push(nameKey(rec.scope, m.namespace, m.name));
        }
      }
    }
    return out;
  }

  /**
   * Every manifest of that name in the namespace of a scope, any kind, in an order that depends on the
   * workspace's content only, never on the order files were indexed: by file, then position. With
   * `preferUri`, the nearest first: the same file, then the same folder, then folders sharing more of the
   * path (when a name is defined twice, the copy next to the reference is the likely one).
   */
  named(scope: string, namespace: string, name: string, preferUri?: string): Manifest[] {
    const key = nameKey(scope, namespace, name);
    const list = this.defined.get(key) ?? [];
    // The key as the index holds it where the name is defined: the cached results that read it (crossCache.ts)
    // keep that one string, not a copy each (every account of a file reads its resource group's name).
    if (this.reads) this.reads.push((list[0] instanceof FileManifest && list[0].nameKey) || key);
    if (list.length < 2) return list;
    const near = (m: Manifest) => (!preferUri ? 0 : m.uri === preferUri ? Infinity : commonSegments(m.uri, preferUri));
    return list
      .map((m) => ({ m, n: near(m) }))
      .sort(
        (a, b) =>
          (b.n === a.n ? 0 : b.n > a.n ? 1 : -1) ||
          (a.m.uri < b.m.uri ? -1 : a.m.uri > b.m.uri ? 1 : 0) ||
          a.m.span[0] - b.m.span[0],
      )
      .map((x) => x.m);
  }

  /** Files with references to a name. */
  referrersOf(scope: string, namespace: string, name: string): string[] {
    return [...(this.referrers.get(nameKey(scope, namespace, name))?.keys() ?? [])];
  }

  /** Files with references to a Kubernetes object of that name, in any namespace (kubeRefs.ts). */
  objectReferrersOf(scope: string, name: string): string[] {
    return [...(this.referrers.get(anyNsKey(scope, name))?.keys() ?? [])].sort();
  }

  /** The manifests of built-in kinds of a name in a scope, any namespace, by place (a look-up `readsOf` records). */
  objectsNamed(scope: string, name: string): Manifest[] {
    const key = anyNsKey(scope, name);
    if (this.reads) this.reads.push(key);
    return this.objects.get(key) ?? [];
  }

  /** The destinations writing a ConfigMap or Secret of a name in a scope, any namespace (recorded likewise). */
  writersNamed(scope: string, name: string): Writer[] {
    const key = anyNsKey(scope, name);
    if (this.reads) this.reads.push(key);
    const out: Writer[] = [];
    const seen = new Set<Manifest>();
    for (const m of this.writers.get(key) ?? []) {
      if (seen.has(m)) continue;
      seen.add(m);
      for (const site of m.refs) if (site.role === 'writes' && site.name === name) out.push({ manifest: m, site });
    }
    return out;
  }

  /**
   * What a reference to a Kubernetes object resolves to: the objects of its kind and name in its namespace
   * and the destinations writing it; `none` where one is in a namespace that may be the same (one written,
   * the other not) or where nothing names a Kubernetes object (a destination itself).
   */
  private resolveObject(from: Manifest, site: RefSite): Resolution {
    if (site.role !== 'reference' || site.name === undefined) return { status: 'none' };
    const scope = this.scopeOf(from);
    let unsure = false;
    const targets: Manifest[] = [];
    for (const m of this.objectsNamed(scope, site.name)) {
      if (!isObjectOf(site, m)) continue;
      const same = sameNamespace(from, site, m);
      if (same === true) targets.push(m);
      else if (same === 'unsure') unsure = true;
    }
    const writers: Writer[] = [];
    if (site.object?.group === '' && (site.expectedKind === 'Secret' || site.expectedKind === 'ConfigMap'))
      for (const w of this.writersNamed(scope, site.name)) {
        if (w.site.expectedKind !== site.expectedKind) continue;
        const same = sameNamespace(from, site, w.manifest);
        if (same === true) writers.push(w);
        else if (same === 'unsure') unsure = true;
      }
    const near = (m: Manifest) => (m.uri === from.uri ? 0 : 1);
    targets.sort((a, b) => near(a) - near(b) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.span[0] - b.span[0]));
    if (targets.length > 0 || writers.length > 0)
      return writers.length > 0 ? { status: 'found', targets, writers } : { status: 'found', targets };
    return unsure ? { status: 'none' } : { status: 'notFound', others: [] };
  }

  /** Every manifest of a scope (all scopes when undefined). */
  *manifests(scope?: string): IterableIterator<Manifest> {
    for (const r of this.records.values()) if (scope === undefined || r.scope === scope) yield* r.manifests;
  }

  /** What a reference of manifest `from` resolves to. */
  resolve(from: Manifest, site: RefSite): Resolution {
    if (site.style === 'object') return this.resolveObject(from, site);
    if (site.name === undefined || site.armId !== undefined || site.wellKnownName !== undefined)
      return { status: 'none' };
    const target = targetKindOf(this.registry, site);
    if (!target) return { status: 'none' };
    const all = this.named(this.scopeOf(from), from.namespace, site.name, from.uri);
    const targets = all.filter((m) => m.kind === target.kind && (!target.area || m.def.area === target.area));
    if (targets.length > 0) return { status: 'found', targets };
    if (all.length > 0 && site.style === 'known') return { status: 'wrongKind', others: all };
    return { status: 'notFound', others: all };
  }

  /** The owner a manifest's `spec.owner` names, when it is in the workspace. */
  ownerOf(m: Manifest): Manifest | undefined {
    if (!m.owner) return undefined;
    const r = this.resolve(m, m.owner);
    return r.status === 'found' ? r.targets[0] : undefined;
  }

  /** The workloads (and Pods) whose pods a Service's selector selects, in its scope and namespace. */
  selectedBy(service: Manifest): Manifest[] {
    return this.labels.selectedBy(this.scopeOf(service), service);
  }

  /** The Services whose selector selects a workload's (or Pod's) pods, in its scope and namespace. */
  selecting(workload: Manifest): Manifest[] {
    return this.labels.selecting(this.scopeOf(workload), workload);
  }

  /** Whether a reference of `from` names `target`. */
  refersTo(from: Manifest, site: RefSite, target: Manifest): boolean {
    if (site.style === 'object')
      return (
        site.role === 'reference' &&
        site.name === target.name &&
        isObjectOf(site, target) &&
        this.scopeOf(from) === this.scopeOf(target) &&
        sameNamespace(from, site, target) === true
      );
    if (site.name !== target.name || from.namespace !== target.namespace || site.armId !== undefined) return false;
    if (this.scopeOf(from) !== this.scopeOf(target)) return false;
    const t = targetKindOf(this.registry, site);
    return !!t && t.kind === target.kind && (!t.area || t.area === target.def.area);
  }

  // -------------------------------------------------------------------------------------------------

  private definedKeys(scope: string, manifests: readonly FileManifest[]): string[] {
    const keys: string[] = [];
    for (const m of manifests) {
      if (m.name !== undefined) keys.push(nameKey(scope, m.namespace, m.name));
      if (m.name !== undefined && m.def.kube) keys.push(anyNsKey(scope, m.name));
      for (const site of m.chunk.refs)
        if (site.role === 'writes' && site.name !== undefined) keys.push(anyNsKey(scope, site.name));
    }
    return keys;
  }

  /** Adds (or removes) a manifest under an any-namespace key of one of its maps; the key's readers go stale. */
  private listed(map: Map<string, Manifest[]>, key: string, m: Manifest, add: boolean): void {
    const list = map.get(key);
    if (add) {
      if (list) list.push(m);
      else map.set(key, [m]);
    } else if (list) {
      const rest = list.filter((x) => x !== m);
      if (rest.length > 0) map.set(key, rest);
      else map.delete(key);
    }
    this.changed(key);
  }

  /** The key a site is a referrer under: an `object` reference's any-namespace key, else its namespace's. */
  private static siteKey(scope: string, namespace: string, site: RefSite & { name: string }): string {
    return site.style === 'object' ? anyNsKey(scope, site.name) : nameKey(scope, namespace, site.name);
  }

  private link(scope: string, uri: string, manifests: readonly FileManifest[]): void {
    for (const m of manifests) {
      const c = m.chunk;
      if (c.labelFacts) this.labels.add(scope, m, c.labelFacts);
      if (c.name !== undefined) {
        const k = nameKey(scope, c.namespace, c.name);
        m.nameKey = k;
        const list = this.defined.get(k);
        if (list) list.push(m);
        else this.defined.set(k, [m]);
        this.changed(k);
        if (c.def.kube) this.listed(this.objects, anyNsKey(scope, c.name), m, true);
      }
      for (const site of sitesOf(c)) {
        if (site.name === undefined) continue;
        if (site.role === 'writes') {
          this.listed(this.writers, anyNsKey(scope, site.name), m, true);
          continue;
        }
        const k = WorkspaceIndex.siteKey(scope, c.namespace, site as RefSite & { name: string });
        let by = this.referrers.get(k);
        if (!by) this.referrers.set(k, (by = new Map()));
        by.set(uri, (by.get(uri) ?? 0) + 1);
      }
    }
  }

  private unlink(scope: string, uri: string, manifests: readonly FileManifest[]): void {
    if (manifests.length === 0) return;
    const gone = new Set<Manifest>(manifests);
    for (const m of manifests) {
      const cached = m.cross as { keys: readonly string[]; stale: boolean } | undefined;
      if (cached) this.unwatch(cached.keys, cached);
      m.cross = undefined;
      const c = m.chunk;
      if (c.labelFacts) this.labels.remove(scope, m, c.labelFacts);
      if (c.name !== undefined) {
        const k = nameKey(scope, c.namespace, c.name);
        const list = this.defined.get(k);
        if (list) {
          const rest = list.filter((x) => !gone.has(x));
          if (rest.length > 0) this.defined.set(k, rest);
          else this.defined.delete(k);
          this.changed(k);
        }
        if (c.def.kube) this.listed(this.objects, anyNsKey(scope, c.name), m, false);
      }
      for (const site of sitesOf(c)) {
        if (site.name === undefined) continue;
        if (site.role === 'writes') {
          this.listed(this.writers, anyNsKey(scope, site.name), m, false);
          continue;
        }
        const k = WorkspaceIndex.siteKey(scope, c.namespace, site as RefSite & { name: string });
        const by = this.referrers.get(k);
        if (!by) continue;
        const n = (by.get(uri) ?? 0) - 1;
        if (n > 0) by.set(uri, n);
        else by.delete(uri);
        if (by.size === 0) this.referrers.delete(k);
      }
    }
  }
}

/** How many leading path segments two uris share. */
function commonSegments(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}
