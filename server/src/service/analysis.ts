// One analysis: the inputs go in explicitly (file texts, the settings, the registry of kinds) and queries
// come out (a file's diagnostics; completion, hover and the rest read the files it hands out). Every cache
// lives inside it (the chunk store, the workspace index), as rust-analyzer's AnalysisHost holds its
// database: the language server holds one in its state, the CLI one per run, a test as many as it likes.
//
// Who holds a chunk (see retention.ts) is counted here alone: an open document's current version and an
// indexed file each hold their file's chunks, and release them when they move on or go.
import { builtinRegistry, type Registry } from '../model/registry';
import { analyze } from './analyze';
import { crdsOfTexts, crdTextsOf, registryOfCrds } from './crd/sources';
import type { Diag } from './diag';
import { ChunkStore, type ParsedFile, type WorkCounters } from './parse';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import { toUserSpans, type DocumentSource } from './source';
import { isTooLarge } from './tooLarge';
import { applySettings, validateFile } from './validate';
import { checkFile, createWorkspaceIndex } from './workspace/checks';
import { WORKSPACE_SCOPE } from './workspace/manifest';
import type { WorkspaceIndex } from './workspace/workspaceIndex';

export interface AnalysisInputs {
  /** The kinds the analysis knows (default: the built-in ones). */
  registry?: Registry;
  settings?: Settings;
}

/** How a file's cross-document diagnostics are computed (the caller knows what the index covers). */
export interface CrossFileOptions {
  /**
   * The index holds every file of the file's scope: "not found" is reported only then (while the workspace
   * is being scanned, for a file outside the workspace folders, or for the files a CLI run names, a missing
   * owner proves nothing).
   */
  complete: boolean;
  /** How another file is named in messages. */
  display?: (uri: string) => string;
}

/** A file's text and line index: all that settings and disable comments need. */
export type FileText = Pick<ParsedFile, 'text' | 'lines'>;

export class Analysis {
  /** The kinds known: the built-in ones, and those of the CRDs read (`applyCrds`). */
  get registry(): Registry {
    return this.store.registry;
  }
  settings: Settings;
  /** The chunks of every file this analysis has parsed (content-keyed, see parse.ts); new with each registry. */
  store: ChunkStore;
  /** Every manifest of the indexed files; new with each registry. */
  index: WorkspaceIndex;
  /** Open documents at their current version. */
  private readonly open = new Map<string, { version: number; file: ParsedFile }>();
  /** The file each indexed uri holds (its chunks are held while it is indexed), and its scope. */
  private readonly indexed = new Map<string, ParsedFile>();
  private readonly scopes = new Map<string, string>();
  /** The texts of the CRD documents of each file that has some (indexed files, and files `crds` names). */
  private readonly crdTexts = new Map<string, string[]>();
  /** The CRDs read changed since the registry was built (see `applyCrds`). */
  private crdsDirty = false;
  /** The registry given at creation: CRDs are added to it. */
  private readonly baseRegistry: Registry;
  /** Open documents whose outline the client asked for: their symbols are computed with each version. */
  readonly outlined = new Set<string>();

  constructor(inputs: AnalysisInputs = {}) {
    this.baseRegistry = inputs.registry ?? builtinRegistry();
    this.settings = inputs.settings ?? DEFAULT_SETTINGS;
    this.store = new ChunkStore(this.baseRegistry);
    this.index = createWorkspaceIndex(this.baseRegistry);
  }

  /**
   * Takes the CRD documents of a file (an indexed file's, or one the `crds` setting names; none: the file
   * holds no CRD any more). The registry follows at `applyCrds`.
   */
  setCrdFile(uri: string, text: string | undefined): void {
    const texts = text === undefined ? [] : crdTextsOf(text);
    const before = this.crdTexts.get(uri);
    if (texts.length === 0) {
      if (before) this.crdsDirty = true;
      this.crdTexts.delete(uri);
      return;
    }
    if (before && before.length === texts.length && before.every((t, i) => t === texts[i])) return;
    this.crdTexts.set(uri, texts);
    this.crdsDirty = true;
  }

  /** The CRDs read changed since the registry was last built. */
  get crdsChanged(): boolean {
    return this.crdsDirty;
  }

  /**
   * Builds the registry again from the CRDs read, when they changed; then every open and indexed file is
   * analysed again with it (their kinds may have changed). Returns whether the registry changed.
   */
  applyCrds(): boolean {
    if (!this.crdsDirty) return false;
    this.crdsDirty = false;
    const crds = [...this.crdTexts].flatMap(([uri, texts]) => crdsOfTexts(uri, texts));
    const registry = crds.length === 0 ? this.baseRegistry : registryOfCrds(crds, this.baseRegistry);
    if (registry === this.registry) return false;
    this.setRegistry(registry);
    return true;
  }

  /** A new registry: new caches, every open and indexed file parsed and analysed again. */
  private setRegistry(registry: Registry): void {
    this.store = new ChunkStore(registry);
    this.index = createWorkspaceIndex(registry);
    const indexed = [...this.indexed];
    this.indexed.clear();
    for (const [uri, file] of indexed) this.indexFile(uri, file.text, this.scopes.get(uri));
    for (const [uri, hit] of this.open) {
      const text = hit.file.text;
      // As openFile does: a document too large to analyse is parsed on demand and not held (tooLarge.ts).
      if (isTooLarge(text, this.settings.maxDocumentSize)) {
        this.open.set(uri, { version: hit.version, file: this.parse(text, { cache: false }) });
        continue;
      }
      const file = this.analyze(this.parse(text), this.outlined.has(uri));
      this.store.hold(file);
      this.open.set(uri, { version: hit.version, file });
    }
  }

  /** Syntax trees built and documents validated so far (a test reads how much work an edit did). */
  get counters(): Readonly<WorkCounters> {
    return this.store.counters;
  }

  /** Parses a text in this analysis's store (nothing holds it: see `openFile` and `indexFile`). */
  parse(text: string, options: { cache?: boolean } = {}): ParsedFile {
    return this.store.parseFile(text, options);
  }

  /** Runs `fn` with the trees it parses for analysis dropped when it returns (see ChunkStore.readOnce). */
  readOnce<T>(fn: () => T): T {
    return this.store.readOnce(fn);
  }

  /**
   * Computes what is cached per chunk in one pass (each new chunk parsed once, its tree dropped after): its
   * diagnostics, its manifests for this analysis's index and, with `symbols`, its outline.
   */
  analyze(file: ParsedFile, symbols = false): ParsedFile {
    return analyze(file, { symbols, tracked: this.index.tracked });
  }

  /**
   * An open document at a version: parsed and analysed once per version (each changed chunk parsed once,
   * its diagnostics, manifests and, when outlined, symbols computed in the same pass). A client may repeat
   * a version with another text (a second didOpen, a didChange): the text decides.
   */
  openFile(uri: string, version: number, text: string): ParsedFile {
    const hit = this.open.get(uri);
    if (hit && hit.version === version && hit.file.text === text) return hit.file;
    if (isTooLarge(text, this.settings.maxDocumentSize)) {
      // Too large to analyse (see tooLarge.ts): parsed on demand, chunk by chunk, kept out of the cache.
      const file = this.parse(text, { cache: false });
      if (hit) this.store.release(hit.file);
      this.open.set(uri, { version, file });
      return file;
    }
    const file = this.analyze(this.parse(text), this.outlined.has(uri));
    this.store.hold(file);
    if (hit) this.store.release(hit.file);
    this.open.set(uri, { version, file });
    return file;
  }

  /** The open document's current version, if it is open. */
  openFileOf(uri: string): ParsedFile | undefined {
    return this.open.get(uri)?.file;
  }

  /** A document closed: its chunks stay only while the index (or another document) holds them. */
  closeFile(uri: string): void {
    const hit = this.open.get(uri);
    if (hit) this.store.release(hit.file);
    this.open.delete(uri);
    this.outlined.delete(uri);
  }

  /**
   * Indexes a file (a text read from disk, or an open document's parsed version), replacing what the uri
   * held. Returns the name keys it defined before or defines now (see WorkspaceIndex.set).
   */
  indexFile(uri: string, file: ParsedFile | string, scope: string = WORKSPACE_SCOPE): string[] {
    const parsed = typeof file === 'string' ? this.parse(file) : file;
    this.scopes.set(uri, scope);
    this.setCrdFile(uri, parsed.text);
    // Hold the new version before releasing the old one, so that the chunks they share stay put.
    this.store.hold(parsed);
    const before = this.indexed.get(uri);
    if (before) this.store.release(before);
    this.indexed.set(uri, parsed);
    return this.index.set(uri, parsed, scope);
  }

  /** `indexFile` and the files whose cross-document diagnostics may change, the file included. */
  updateFile(uri: string, file: ParsedFile | string, scope: string = WORKSPACE_SCOPE): Set<string> {
    return this.index.dependents([uri], this.indexFile(uri, file, scope));
  }

  /** Removes a file from the index; returns the name keys it defined. */
  unindexFile(uri: string): string[] {
    const before = this.indexed.get(uri);
    if (before) this.store.release(before);
    this.indexed.delete(uri);
    this.scopes.delete(uri);
    this.setCrdFile(uri, undefined);
    return this.index.remove(uri);
  }

  /** The cross-document diagnostics of an indexed file, settings and disable comments applied. */
  crossDiagnostics(uri: string, file: FileText, cross: CrossFileOptions): Diag[] {
    const found = checkFile(this.index, uri, {
      ownerResolution: this.settings.ownerResolution,
      complete: cross.complete,
      display: cross.display,
    });
    return applySettings(file, found, { rules: this.settings.rules });
  }

  /**
   * A file's diagnostics, as the editor and the CLI show them: its own checks and, with `cross`, the
   * cross-document ones, settings and disable comments applied, in position order. `file` defaults to the
   * open document's current version, else the indexed file.
   */
  fileDiagnostics(uri: string, file?: ParsedFile, cross?: CrossFileOptions): Diag[] {
    const f = file ?? this.open.get(uri)?.file ?? this.indexed.get(uri);
    if (!f) return [];
    const own = validateFile(f, { rules: this.settings.rules });
    const other = cross ? this.crossDiagnostics(uri, f, cross) : [];
    return other.length > 0 ? [...own, ...other].sort((a, b) => a.start - b.start || a.end - b.end) : own;
  }

  /**
   * The own diagnostics of a document made from the user's text (a rendered overlay, a masked template:
   * source.ts), placed in the user's text; those on generated text that stands for nothing are left out,
   * and so are fixes (their edits are offsets in the made-up text).
   */
  sourceDiagnostics(source: DocumentSource): Diag[] {
    const own = validateFile(this.parse(source.text), { rules: this.settings.rules });
    return toUserSpans(
      source,
      own.map(({ data: _data, ...d }) => d),
    );
  }
}

/** A fresh analysis (the default inputs: the built-in kinds, the default settings). */
export const createAnalysis = (inputs: AnalysisInputs = {}): Analysis => new Analysis(inputs);
