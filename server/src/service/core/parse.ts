// Parsing, once per YAML document and cached by content: a file is split at its document markers
// (`---` / `...` at column 0 can never occur inside a scalar, so the split is exact), and each chunk is
// parsed on its own. An edit in one resource of a 5,000-resource file re-parses that resource only.
// What is derived from a chunk (diagnostics, manifests, symbols) is cached on its content key,
// not on its tree, so trees are released after use and parsed again on demand (about 0.1 ms a resource).
// The cache, the kept trees and the `readOnce` scope belong to a `ChunkStore`, one per analysis.
import type { Document } from 'yaml';
import { addDuplicateKeyErrors } from './duplicateKeys';
import { acceptQuoteEscapes } from './goYamlEscapes';
import { limitNesting } from './nesting';
import { RetainingCache, TreePool } from './retention';
import { LineIndex } from './lineIndex';
import { Memo } from './memo';
import { resplit, resplitAt, resplitLines, type Basis } from './resplit';
import { changedChars, ChunkChars, coverChanges, type Chars, type TextChange } from './fileText';
import { splitDocuments } from './split';
import { parseLarge } from './syntaxStorm';

export { documentMarkers, splitDocuments } from './split';
import { builtinRegistry, type Registry } from '../../model/registry';
import { NEWEST_RELEASED_MINOR } from './kubernetesVersion';

export interface ParsedDoc {
  /** Offset of the chunk in the file; every node range inside `doc` is relative to it. */
  offset: number;
  /** The chunk's text (the cache key). */
  text: string;
  /** The chunk's syntax tree. */
  readonly doc: Document.Parsed;
  /** Stable identity of the chunk's content while it is cached: key derived data on it, not on `doc`. */
  readonly key: object;
  /** The store (of one analysis) the chunk belongs to: its registry of kinds, its trees. */
  readonly store: ChunkStore;
}

export interface ParsedFile {
  text: string;
  lines: LineIndex;
  docs: ParsedDoc[];
  /** The store the file was parsed in (its registry of kinds answers every query on the file). */
  readonly store: ChunkStore;
  /**
   * How this version was made from the one before, when it was parsed from it (`ChunkStore.basedOn`): what
   * follows the file reuses what it computed for the documents they share (resplit.ts).
   */
  basis?: Basis;
}

const PARSE_OPTIONS = {
  merge: true,
  // Duplicate keys are found in linear time afterwards (duplicateKeys.ts); the parser's check is quadratic.
  uniqueKeys: false,
  prettyErrors: false,
  keepSourceTokens: false,
  strict: true,
} as const;

/**
 * A copy of a string that shares no memory with the string it was cut from. `text.slice()` of a file
 * gives a view that keeps the whole file alive; a chunk cached across edits would keep every version.
 */
export function detach(text: string): string {
  // Slicing a concatenation flattens it into a fresh buffer first (V8); the slice then points there.
  return (' ' + text).slice(1);
}

/** What an analysis counts (tests read it: an edit parses and validates each changed chunk once). */
export interface WorkCounters {
  /** Syntax trees built. */
  parses: number;
  /** Documents validated (diagnostics computed, not read from the cache). */
  validations: number;
  /**
   * Whole texts joined from a file's chunks (a version made from the changes of an edit has none until one
   * is asked for: an edit of a large file makes none).
   */
  texts: number;
}

/** A file's text: a string, or (an open document's edit) its length and the whole text on demand. */
export type FileText = string | { readonly length: number; getText(): string };

/**
 * The chunks of one analysis (see analysis.ts): the content-keyed cache, the syntax trees kept for requests,
 * the scope of `readOnce`, and the registry of kinds every query on its chunks uses. What is derived from a
 * chunk is memoised in WeakMaps keyed on the chunk, so it belongs to the store that made the chunk.
 */
export class ChunkStore {
  /**
   * The syntax trees kept for requests, most recently used last. A request looks into one or two
   * documents, often the same one again, so a few dozen are kept; an older one is parsed again on demand.
   * Analysis (diagnostics, manifests, symbols: see `readOnce`) does not fill it.
   */
  readonly trees = new TreePool<Chunk>(64, 1 << 20);
  /** Chunks by content: held while someone can ask for them, then in a byte-bounded slack (retention.ts). */
  private readonly cache = new RetainingCache<Chunk>();
  /** Trees parsed inside the outermost `readOnce`, dropped when it returns. */
  private readingOnce: Chunk[] | undefined;
  readonly counters: WorkCounters = { parses: 0, validations: 0, texts: 0 };
  /** The analysis's caches of what is not per chunk (see memo.ts). */
  readonly memo = new Memo();

  /**
   * @param apiDomain The analysis's API domain, asked when a check writes an apiVersion (the `apiDomain`
   * setting, else the workspace's most used one): an input of the analysis, read when needed, so a change
   * of either is seen (validate.ts keeps which domain a document's diagnostics were computed with).
   */
  constructor(
    readonly registry: Registry = builtinRegistry(),
    readonly apiDomain: () => string | undefined = () => undefined,
    /**
     * The minor of the Kubernetes release the CRDs are applied to (the `kubernetesVersion` setting): which
     * CEL libraries a CRD rule may use. Fixed for the store's life: the analysis makes a new store when it
     * changes, as every cached diagnostic of a CRD or of a manifest of its kinds may change with it.
     */
    readonly kubernetesMinor: number = NEWEST_RELEASED_MINOR,
  ) {}

  /**
   * Runs `fn`, dropping the trees it parses when it returns (when the outermost call returns, if nested).
   * For work whose results are cached on the chunk's key (its diagnostics, manifests and symbols): the tree
   * is garbage at once, so it dies young and never reaches the old generation, which keeps garbage
   * collection cheap. A tree already alive is used and kept.
   */
  readOnce<T>(fn: () => T): T {
    if (this.readingOnce) return fn();
    const mine: Chunk[] = [];
    this.readingOnce = mine;
    try {
      return fn();
    } finally {
      this.readingOnce = undefined;
      for (const c of mine) c.drop();
    }
  }

  /** A tree was just parsed: dropped at the end of the current `readOnce`, else kept for requests. */
  parsed(c: Chunk): void {
    this.counters.parses++;
    if (this.readingOnce) this.readingOnce.push(c);
    else this.trees.add(c);
  }

  chunk(text: string): Chunk {
    const hit = this.cache.get(text);
    if (hit) return hit;
    const entry = new Chunk(text, this);
    this.cache.add(entry);
    return entry;
  }

  /**
   * Parses a file. `cache: false` (the CLI, which reads each file once) keeps the syntax trees out of the
   * shared cache, so they can be dropped as soon as the file is checked. Inside `basedOn(previous, …)`, a
   * new version of `previous` is split again only where it differs from it (resplit.ts).
   */
  parseFile(source: FileText, options: { cache?: boolean } = {}): ParsedFile {
    const previous = this.basis;
    const changes = this.basisChanges;
    this.basis = undefined;
    this.basisChanges = undefined;
    if (options.cache !== false && previous instanceof FileVersion && previous.store === this && previous.shared) {
      const again = changes
        ? this.parseChanged(previous, changes, source.length)
        : this.parseFrom(previous, typeof source === 'string' ? source : source.getText());
      if (again) return again;
    }
    const text = typeof source === 'string' ? source : source.getText();
    const docs = splitDocuments(text).map((c) => {
      if (options.cache === false) return new DocAt(c.offset, c.text, new Chunk(c.text, this, false));
      // The chunk's own (detached) text: a document kept into later versions must not pin this file's text.
      const chunk = this.chunk(c.text);
      return new DocAt(c.offset, chunk.text, chunk);
    });
    return new FileVersion(text, text.length, docs, this, options.cache !== false);
  }

  /** The previous version parseFile reads a new one from (see basedOn). */
  private basis: ParsedFile | undefined;
  /** The changes that made the new version from `basis`, when the caller knows them (see basedOn). */
  private basisChanges: readonly TextChange[] | undefined;

  /**
   * Runs `parse` (which parses a new version of `previous`, e.g. an open document's next version) with the
   * first file it parses split from `previous`: only the documents that differ are split, looked up and
   * analysed again; the others are the previous version's, moved.
   */
  basedOn<T>(previous: ParsedFile | undefined, parse: () => T, changes?: readonly TextChange[]): T {
    this.basis = previous;
    this.basisChanges = previous ? changes : undefined;
    try {
      return parse();
    } finally {
      this.basis = undefined;
      this.basisChanges = undefined;
    }
  }

  /**
   * The version `changes` make of `previous`, split again around them alone: the documents before the first
   * character they touch and after the last are kept without being compared or copied (resplitAt), and the
   * new version's text is joined only if asked for. Undefined where it cannot be told cheaply.
   */
  private parseChanged(previous: FileVersion, changes: readonly TextChange[], length: number): ParsedFile | undefined {
    const old = previous.chars;
    const change = coverChanges(old, changes);
    if (!change) return undefined;
    const chars = changedChars(old, change);
    if (chars.length !== length) return undefined;
    const r = resplitAt(previous.docs, change, chars);
    if (!r) return undefined;
    // The line index of the version before is made now where it is cheap (from its own basis, or its whole
    // text when it has one): a version no one asked the lines of (an edit without a problem to place) would
    // leave this one's to a scan of a text that is not made.
    previous.linesWhileCheap();
    return this.fromResplit(previous, r, undefined, length);
  }

  /** `text` split from `previous` (undefined: where it cannot be told cheaply, split afresh). */
  private parseFrom(previous: FileVersion, text: string): ParsedFile | undefined {
    const r = resplit(previous.docs, previous.length, text);
    if (!r) return undefined;
    return this.fromResplit(previous, r, text, text.length);
  }

  /** A new version from the documents `resplit` or `resplitAt` kept of `previous` and those split between. */
  private fromResplit(
    previous: FileVersion,
    r: NonNullable<ReturnType<typeof resplit>>,
    text: string | undefined,
    length: number,
  ): ParsedFile {
    const old = previous.docs;
    const docs = old.slice(0, r.prefix);
    for (const c of r.middle) {
      const chunk = this.chunk(c.text);
      // The chunk's own (detached) text: a document kept into later versions must not pin this file's text.
      docs.push(new DocAt(c.offset, chunk.text, chunk));
    }
    for (let i = old.length - r.suffix; i < old.length; i++) {
      const d = old[i];
      docs.push(r.delta === 0 ? d : new DocAt(d.offset + r.delta, d.text, d.key));
    }
    const file = new FileVersion(text, length, docs, this, true);
    // Only the version before is kept as a basis: versions must not chain up in memory.
    previous.basis = undefined;
    file.basis = { previous, prefix: r.prefix, suffix: r.suffix, delta: r.delta, start: r.start, end: r.end };
    return file;
  }

  /**
   * A holder (an open document's current version, an indexed file) holds its file's chunks while it may be
   * asked about them; `release` when it moves to another version or goes. Hold the new version before
   * releasing the old one, so that the chunks they share stay put.
   */
  hold(file: { readonly docs: readonly { readonly key: object }[] }): void {
    for (const d of file.docs)
      if (d.key instanceof Chunk && d.key.shared && d.key.store === this) this.cache.hold(d.key);
  }

  release(file: { readonly docs: readonly { readonly key: object }[] }): void {
    for (const d of file.docs)
      if (d.key instanceof Chunk && d.key.shared && d.key.store === this) this.cache.release(d.key);
  }

  clear(): void {
    this.cache.clear();
  }

  /** What the cache keeps (bytes of chunk text held and in the slack). */
  stats() {
    return this.cache.stats();
  }
}

/** A document of a file: where its chunk sits in the file. */
class DocAt implements ParsedDoc {
  constructor(
    public offset: number,
    public text: string,
    readonly key: Chunk,
  ) {}
  get store(): ChunkStore {
    return this.key.store;
  }
  get doc(): Document.Parsed {
    return this.key.doc;
  }
}

/** A version of a file as parsed. */
class FileVersion implements ParsedFile {
  private lineIndex?: LineIndex;
  basis?: Basis;
  constructor(
    /** The whole text, when it was given (a version made from an edit's changes has it joined on demand). */
    private flat: string | undefined,
    readonly length: number,
    readonly docs: DocAt[],
    readonly store: ChunkStore,
    /** Its chunks are the store's cached ones (not `cache: false`): a later version may keep them. */
    readonly shared: boolean,
  ) {}
  /** The whole text: for a version made from an edit's changes, its chunks joined (once) when first asked. */
  get text(): string {
    if (this.flat === undefined) {
      const parts: string[] = [];
      for (const d of this.docs) parts.push(d.text);
      this.flat = parts.join('');
      this.store.counters.texts++;
    }
    return this.flat;
  }
  /** Builds the line index where no whole text is joined for it (see parseChanged). */
  linesWhileCheap(): void {
    const b = this.basis;
    if (
      !this.lineIndex &&
      (this.flat !== undefined || (b && b.previous instanceof FileVersion && b.previous.lineIndex))
    )
      void this.lines;
  }
  /** Its characters, read from its chunks where the whole text was not made (no copy of the file). */
  get chars(): Chars {
    return this.flat ?? new ChunkChars(this.docs, this.length);
  }
  /**
   * Built on first use: from the previous version's index where it has one (only the lines of the documents
   * between moved, so a new version of a large file does not rescan the chunks it shares with the previous
   * one), else by a scan of the text.
   */
  get lines(): LineIndex {
    if (this.lineIndex) return this.lineIndex;
    const b = this.basis;
    const before = b && b.previous instanceof FileVersion ? b.previous.lineIndex : undefined;
    this.lineIndex =
      b && before
        ? new LineIndex(
            this.chars,
            resplitLines(
              before.starts,
              b,
              this.docs
                .slice(b.prefix, this.docs.length - b.suffix)
                .map((d) => ({ offset: d.offset, starts: d.key.lineStarts() })),
            ),
          )
        : new LineIndex(this.text);
    // The version before needs its index no more (it is read for this one only): asked again, it scans its
    // text. Kept, it was a second index of a large file alive until the next edit (0.6 MB at 80,000 lines).
    if (b && before) (b.previous as FileVersion).lineIndex = undefined;
    return this.lineIndex;
  }
}

/** A chunk's tree for work cached on its key (see `readOnce`): dropped after use unless already kept. */
export const analysisTree = (chunk: { doc: Document.Parsed; store: ChunkStore }): Document.Parsed =>
  chunk.store.readOnce(() => chunk.doc);

/** One chunk's content: its text and its syntax tree (parsed on demand, released when not used). */
export class Chunk {
  private tree?: Document.Parsed;
  readonly text: string;
  /** Holders of the chunk (see retention.ts): open documents' current versions, indexed files. */
  holds = 0;
  /** `shared`: the chunk goes into the cache, where it may outlive the file text it was cut from. */
  constructor(
    text: string,
    readonly store: ChunkStore,
    readonly shared = true,
  ) {
    this.text = shared ? detach(text) : text;
  }
  get doc(): Document.Parsed {
    if (this.tree) {
      this.store.trees.touch(this);
      return this.tree;
    }
    // Each syntax error is an Error, and capturing its stack cost more than the parse on a text of
    // hundreds of thousands of errors (2.7 s of 9 in a profile): stacks of the parser's errors are never read.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    let tree: Document.Parsed;
    try {
      tree = parseLarge(this.text, PARSE_OPTIONS);
    } finally {
      Error.stackTraceLimit = limit;
    }
    // Before any walk: a tree nested too deep is emptied (nesting.ts).
    limitNesting(tree);
    acceptQuoteEscapes(tree, this.text);
    addDuplicateKeyErrors(tree);
    this.tree = tree;
    this.store.parsed(this);
    return tree;
  }
  /** Releases the tree (it is parsed again if asked for). */
  drop(): void {
    this.tree = undefined;
    this.store.trees.remove(this);
  }
  /**
   * Chunk-relative starts of the chunk's lines after the first, for a new version's line index (only the
   * chunks that changed). Not kept: kept, they were an array per document (0.8 MB for a 5,000-resource file).
   */
  lineStarts(): number[] {
    return Array.prototype.slice.call(new LineIndex(this.text).starts, 1) as number[];
  }
}

/** The document chunk holding a file offset: the last one starting at or before it (the first if none). */
export function chunkAt<D extends { readonly offset: number }>(
  file: { readonly docs: readonly D[] },
  offset: number,
): D {
  let lo = 0;
  let hi = file.docs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (file.docs[mid].offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return file.docs[lo];
}

/** Parses a file in a store of its own (tests, one-off texts): nothing is shared with another call. */
export const parseFile = (text: string, options: { cache?: boolean; store?: ChunkStore } = {}): ParsedFile =>
  (options.store ?? new ChunkStore()).parseFile(text, options);

/** The length of a file's text (without joining a version made from an edit's changes). */
export const textLength = (file: ParsedFile): number => (file instanceof FileVersion ? file.length : file.text.length);

/** Whether chunks follow each other without gap or overlap and cover the whole text. */
export function tiles(text: { readonly length: number }, parts: readonly { offset: number; text: string }[]): boolean {
  let at = 0;
  for (const p of parts) {
    if (p.offset !== at) return false;
    at += p.text.length;
  }
  return at === text.length;
}
