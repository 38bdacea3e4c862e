// Parsing, once per YAML document and cached by content: a file is split at its document markers
// (`---` / `...` at column 0 can never occur inside a scalar, so the split is exact), and each chunk is
// parsed on its own. An edit in one resource of a 5,000-resource file re-parses that resource only.
// What is derived from a chunk (diagnostics, manifests, symbols, line starts) is cached on its content key,
// not on its tree, so trees are released after use and parsed again on demand (about 0.1 ms a resource).
import { parseDocument, type Document } from 'yaml';
import { addDuplicateKeyErrors } from './duplicateKeys';
import { RetainingCache, TreePool } from './retention';
import { LineIndex } from './text';

export interface ParsedDoc {
  /** Offset of the chunk in the file; every node range inside `doc` is relative to it. */
  offset: number;
  /** The chunk's text (the cache key). */
  text: string;
  /** The chunk's syntax tree. */
  readonly doc: Document.Parsed;
  /** Stable identity of the chunk's content while it is cached: key derived data on it, not on `doc`. */
  readonly key: object;
}

export interface ParsedFile {
  text: string;
  lines: LineIndex;
  docs: ParsedDoc[];
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

/**
 * The syntax trees kept for requests (hover, completion, definition, ...), most recently used last. A
 * request looks into one or two documents, often the same one again, so a few dozen are kept; an older one
 * is parsed again on demand. Analysis (diagnostics, manifests, symbols: see `readOnce`) does not fill it.
 */
const trees = new TreePool<Chunk>(64, 1 << 20);

/** Trees parsed inside the outermost `readOnce`, dropped when it returns. */
let readingOnce: Chunk[] | undefined;

/**
 * Runs `fn`, dropping the trees it parses when it returns (when the outermost call returns, if nested).
 * For work whose results are cached on the chunk's key (its diagnostics, manifests and symbols): the tree
 * is garbage at once, so it dies young and never reaches the old generation, which keeps garbage
 * collection cheap. A tree already alive is used and kept.
 */
export function readOnce<T>(fn: () => T): T {
  if (readingOnce) return fn();
  const mine: Chunk[] = [];
  readingOnce = mine;
  try {
    return fn();
  } finally {
    readingOnce = undefined;
    for (const c of mine) c.drop();
  }
}

/** A chunk's tree for work cached on its key (see `readOnce`): dropped after use unless already kept. */
export const analysisTree = (chunk: { doc: Document.Parsed }): Document.Parsed => readOnce(() => chunk.doc);

/** One chunk's content: its text, its syntax tree (parsed on demand, released when not used) and line starts. */
export class Chunk {
  private tree?: Document.Parsed;
  private starts?: number[];
  readonly text: string;
  /** Holders of the chunk (see retention.ts): open documents' current versions, indexed files. */
  holds = 0;
  /** `shared`: the chunk goes into the cache, where it may outlive the file text it was cut from. */
  constructor(
    text: string,
    readonly shared = true,
  ) {
    this.text = shared ? detach(text) : text;
  }
  get doc(): Document.Parsed {
    if (this.tree) {
      trees.touch(this);
      return this.tree;
    }
    const tree = parseDocument(this.text, PARSE_OPTIONS);
    addDuplicateKeyErrors(tree);
    this.tree = tree;
    if (readingOnce) {
      readingOnce.push(this);
      return tree;
    }
    trees.add(this);
    return tree;
  }
  /** Releases the tree (it is parsed again if asked for). */
  drop(): void {
    this.tree = undefined;
    trees.remove(this);
  }
  /** Chunk-relative starts of the chunk's lines after the first (computed on first use). */
  lineStarts(): number[] {
    return (this.starts ??= new LineIndex(this.text).starts.slice(1));
  }
}

/** Chunks by content: held while someone can ask for them, then in a byte-bounded slack (retention.ts). */
const cache = new RetainingCache<Chunk>();

/**
 * The document markers of a text (`---` or `...` at the start of a line), as a global regex. At the start of
 * a line as YAML counts lines: after LF (or CRLF). A lone CR is no line break to YAML (`a: 1\r---` is the
 * value `1\r---`), and a regex's `m` flag would also break lines at U+2028 and U+2029, which YAML reads as
 * ordinary characters, e.g. inside a comment.
 */
export const documentMarkers = (): RegExp => /(?<=^|\n)(---|\.\.\.)(?=[ \t\r\n]|$)/g;

/**
 * Splits a file into document chunks: a chunk starts at each `---` line and after each `...` line
 * (which stays with the document it ends).
 */
export function splitDocuments(text: string): { offset: number; text: string }[] {
  const bounds = [0];
  const marker = documentMarkers();
  let m: RegExpExecArray | null;
  while ((m = marker.exec(text))) {
    if (m[1] === '---') bounds.push(m.index);
    else {
      const eol = text.indexOf('\n', m.index);
      bounds.push(eol < 0 ? text.length : eol + 1);
    }
  }
  bounds.push(text.length);
  const chunks: { offset: number; text: string }[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    if (bounds[i + 1] > bounds[i]) chunks.push({ offset: bounds[i], text: text.slice(bounds[i], bounds[i + 1]) });
  }
  if (chunks.length === 0) chunks.push({ offset: 0, text: '' });
  return chunks;
}

export function parseChunk(text: string): Chunk {
  const hit = cache.get(text);
  if (hit) return hit;
  const entry = new Chunk(text);
  cache.add(entry);
  return entry;
}

/**
 * Parses a file. `cache: false` (the CLI, which reads each file once) keeps the syntax trees out of the
 * shared cache, so they can be dropped as soon as the file is checked.
 */
export function parseFile(text: string, options: { cache?: boolean } = {}): ParsedFile {
  const parts = splitDocuments(text).map((c) => ({
    offset: c.offset,
    text: c.text,
    chunk: options.cache === false ? new Chunk(c.text, false) : parseChunk(c.text),
  }));
  const docs: ParsedDoc[] = parts.map(({ offset, text, chunk }) => ({
    offset,
    text,
    key: chunk,
    get doc() {
      return chunk.doc;
    },
  }));
  let lines: LineIndex | undefined;
  return {
    text,
    docs,
    // Built on first use from the chunks' line starts (cached with the parsed chunk), so a new version of a
    // large file does not rescan the chunks it shares with the previous one.
    get lines() {
      return (lines ??= joinLines(text, parts));
    },
  };
}

/**
 * The line index of a file from its chunks' line starts. Exact when the chunks tile the file: a chunk ends
 * either before a `---` or after a LF, so a CR ending one chunk is never followed by a LF starting the next.
 */
function joinLines(text: string, parts: { offset: number; text: string; chunk: Chunk }[]): LineIndex {
  if (parts.length === 1 || !tiles(text, parts)) return new LineIndex(text);
  const starts = [0];
  for (const p of parts) for (const s of p.chunk.lineStarts()) starts.push(p.offset + s);
  return new LineIndex(text, starts);
}

/** Whether chunks follow each other without gap or overlap and cover the whole text. */
export function tiles(text: string, parts: readonly { offset: number; text: string }[]): boolean {
  let at = 0;
  for (const p of parts) {
    if (p.offset !== at) return false;
    at += p.text.length;
  }
  return at === text.length;
}

export const clearParseCache = () => cache.clear();

/**
 * A holder (an open document's current version, an indexed file) holds its file's chunks while it may be
 * asked about them; `releaseFile` when it moves to another version or goes. Hold the new version before
 * releasing the old one, so that the chunks they share stay put.
 */
export function holdFile(file: { readonly docs: readonly { readonly key: object }[] }): void {
  for (const d of file.docs) if (d.key instanceof Chunk && d.key.shared) cache.hold(d.key);
}

export function releaseFile(file: { readonly docs: readonly { readonly key: object }[] }): void {
  for (const d of file.docs) if (d.key instanceof Chunk && d.key.shared) cache.release(d.key);
}

/** What the parse cache keeps (bytes of chunk text held and in the slack). */
export const parseCacheStats = () => cache.stats();
