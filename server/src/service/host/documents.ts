// The documents of the host (service/analysis.ts holds one): the open documents at their current version,
// the indexed files with their scope, a Helm template's mask, what each file is to the workspace (its role),
// the files queued to be indexed again after the kinds changed, and who holds a chunk (retention.ts) — counted
// here alone: an open document's current version and an indexed file each hold their file's chunks, and
// release them when they move on or go. How a file enters is ingest.ts's decision, taken in `ingest`. What
// the documents need of the host (its store and index, made anew with each registry; the settings; the CRDs
// a file holds) is `DocumentsHost`.
import { textLength, type ParsedFile, type ChunkStore, type WorkCounters } from '../core/parse';
import type { DocumentText } from '../core/fileText';
import type { Settings } from '../core/settings';
import { isTooLarge, largeFileSteps } from '../checks/tooLarge';
import { analyze } from '../workspace/analyze';
import { definesRoles, FileRoles, type FileRole } from '../workspace/fileRoles';
import { maskSteps, maskTemplate, type MaskedTemplate } from '../workspace/helm/mask';
import { KustomizationReads } from '../workspace/kustomize/kustomization';
import { unreadAsOverlay } from '../workspace/kustomize/textLimit';
import { WORKSPACE_SCOPE } from '../core/scope';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { entryOf } from './ingest';
import { takeFacts, type TakenFacts } from './takeFacts';

/** What the documents read of the host. */
export interface DocumentsHost {
  /** The chunks of every file parsed (content-keyed); new with each registry. */
  store(): ChunkStore;
  /** Every manifest of the indexed files; new with each registry. */
  index(): WorkspaceIndex;
  settings(): Settings;
  /** Takes the CRD documents of a file (none: it holds none any more). */
  setCrdFile(uri: string, text: string | ParsedFile | undefined): void;
}

/** How `ingest` takes a text in. */
export interface IngestOptions {
  /** Its documents analysed now (default); else parsed only (analysed when asked: another shard's file). */
  analyse?: boolean;
  /** Its syntax trees kept in the shared cache (default); the CLI reads each file once. */
  cache?: boolean;
  /** Its outline computed in the same pass. */
  symbols?: boolean;
  /** What a worker thread computed of it, taken as its documents' cached values (host/fileFacts.ts). */
  facts?: TakenFacts;
  /** The line index of the text, where the caller has one already (the CLI's report reads it). */
  lines?: ParsedFile['lines'];
}

export class Documents {
  constructor(private readonly host: DocumentsHost) {}
  private get store(): ChunkStore {
    return this.host.store();
  }
  private get index(): WorkspaceIndex {
    return this.host.index();
  }
  private get settings(): Settings {
    return this.host.settings();
  }
  private setCrdFile(uri: string, text: string | ParsedFile | undefined): void {
    this.host.setCrdFile(uri, text);
  }

  /** Open documents at their current version. */
  readonly open = new Map<
    string,
    // `source` at `revision`: the editor's text the file was made from (its next version is made from the
    // changes between: parseChanged in core/parse.ts).
    { version: number; file: ParsedFile; source?: DocumentText; revision?: number }
  >();
  /** The file each indexed uri holds (its chunks are held while it is indexed), and its scope. */
  readonly indexed = new Map<string, ParsedFile>();
  readonly scopes = new Map<string, string>();
  /**
   * Indexed files not yet indexed again with the registry `applyCrds({ deferIndex: true })` built: their
   * text and scope, indexed by `reindexPending` (the server does it in slices, answering requests between).
   */
  readonly reindexQueue = new Map<string, { text: string; scope: string | undefined }>();
  /** Open documents whose outline the client asked for: their symbols are computed with each version. */
  readonly outlined = new Set<string>();
  /** What each file is (a manifest, a kustomization, a patch, a Helm template), from the files indexed. */
  /** Kustomization texts read once for the roles, the checks and the render (a 9 MB one is seconds to parse). */
  readonly kustomizationReads = new KustomizationReads();
  readonly roles = new FileRoles(this.kustomizationReads);
  /** The masks of the Helm templates this analysis parsed masked (their text is the mask's, not the user's). */
  readonly masks = new WeakMap<ParsedFile, MaskedTemplate>();

  /**
   * Indexes again, one file at a time until `stop(next)` says so (`next`: the file it would index now), the
   * files `applyCrds({ deferIndex: true })` queued; whether none is left. A file indexed or unindexed
   * meanwhile has left the queue.
   */
  reindexPending(stop: (next: { uri: string; text: string }) => boolean = () => false): boolean {
    for (const [uri, { text, scope }] of this.reindexQueue) {
      if (stop({ uri, text })) return false;
      this.reindexQueue.delete(uri);
      this.indexFile(uri, text, scope);
    }
    return true;
  }

  /** Whether a text is over `maxDocumentSize`: only its syntax is checked, in slices (checks/tooLarge.ts). */
  isTooLarge(text: { readonly length: number }): boolean {
    return isTooLarge(text, this.settings.maxDocumentSize);
  }

  /** Whether a file is a kustomization or patch file too large to read (workspace/kustomize/textLimit.ts). */
  unreadAsOverlay(uri: string, text: string | (() => string)): boolean {
    const role = this.roles.roleOf(uri).role;
    // The text asked for only where it matters (an open document's is joined on demand: lsp/pieceDocument.ts).
    if (role !== 'kustomization' && role !== 'patch') return false;
    return unreadAsOverlay(role, typeof text === 'string' ? text : text());
  }

  /** A too-large text's diagnostics in steps (the query's own, settings and disable comments applied). */
  largeFileSteps(text: string) {
    return largeFileSteps(text, this.settings.maxDocumentSize, { rules: this.settings.rules });
  }

  /** Whether a file is indexed, or queued to be indexed again (`reindexPending`). */
  holdsFile(uri: string): boolean {
    return this.indexed.has(uri) || this.reindexQueue.has(uri);
  }

  /** The files indexed or queued to be indexed again. */
  heldFiles(): string[] {
    return [...this.indexed.keys(), ...[...this.reindexQueue.keys()].filter((u) => !this.indexed.has(u))];
  }

  /** Forgets the queued files (a scan of the workspace reads every file again). */
  dropPendingIndex(): void {
    this.reindexQueue.clear();
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
  analyze(file: ParsedFile, symbols = false, partial = false, crds = false): ParsedFile {
    return analyze(file, { symbols, tracked: this.index.tracked, partial, crds });
  }

  /**
   * An open document at a version: parsed and analysed once per version (each changed chunk parsed once,
   * its diagnostics, manifests and, when outlined, symbols computed in the same pass). A client may repeat
   * a version with another text (a second didOpen, a didChange): the text decides.
   */
  openFile(uri: string, version: number, given: string | DocumentText): ParsedFile {
    const hit = this.open.get(uri);
    const source = typeof given === 'string' ? undefined : given;
    // The editor's text at the revision this version was made from: the same text, not compared.
    const same = source !== undefined && hit?.source === source && hit.revision === source.revision;
    if (hit && hit.version === version && same) return hit.file;
    const text = () => (typeof given === 'string' ? given : given.getText());
    if (hit && hit.version === version && (this.masks.get(hit.file)?.text ?? hit.file.text) === text()) return hit.file;
    const revision = source?.revision;
    if (given.length > this.settings.maxDocumentSize) {
      // Too large to analyse (see tooLarge.ts): parsed on demand, chunk by chunk, kept out of the cache.
      const file = this.parse(text(), { cache: false });
      if (hit) this.store.release(hit.file);
      this.open.set(uri, { version, file, source, revision });
      return file;
    }
    // The changes since the version before, where the editor kept them: a manifest's (a template's mask, a
    // patch's or a kustomization's reading are made from the whole text).
    const changes =
      source &&
      hit &&
      hit.source === source &&
      hit.revision !== undefined &&
      !this.masks.has(hit.file) &&
      this.roles.roleOf(uri).role === 'manifest'
        ? source.changesSince(hit.revision)
        : undefined;
    const file = this.store.basedOn(
      hit?.file,
      () => this.parseAs(uri, changes ? given : text(), this.outlined.has(uri)),
      changes,
    );
    this.store.hold(file);
    if (hit) this.store.release(hit.file);
    this.open.set(uri, { version, file, source, revision });
    return file;
  }

  /**
   * A file parsed and analysed for what it is (ingest.ts): a Helm template is parsed with its actions masked
   * (the same length as the text, so offsets are the user's: completion, hover and definition work unchanged).
   */
  parseAs(uri: string, given: string | DocumentText, symbols = false): ParsedFile {
    return this.ingest(uri, given, { symbols });
  }

  /**
   * The one take-in of a file's text (ingest.ts decides how; every door calls this: an open document's
   * version, the scan's files, the CLI's, indexing again): the file as the host holds it, not yet indexed.
   */
  ingest(uri: string, given: string | DocumentText, options: IngestOptions = {}): ParsedFile {
    const role = this.roles.roleOf(uri).role;
    const entry = entryOf(role, given, this.settings.maxDocumentSize);
    const text = () => (typeof given === 'string' ? given : given.getText());
    // Too large to check in full, or an overlay's file too large to read: parsed on demand, chunk by chunk,
    // kept out of the cache (tooLarge.ts, textLimit.ts).
    if (entry === 'tooLarge' || entry === 'unread') return this.parse(text(), { cache: false });
    if (entry === 'template') return this.maskedFile(maskTemplate(text()), options.symbols === true);
    const { lines } = options;
    // A manifest's new version made from an editor's changes (parseChanged): its whole text is not made.
    const source = role === 'manifest' && typeof given !== 'string' ? given : text();
    const file = this.store.parseFile(source, { cache: options.cache });
    const partial = entry === 'partial';
    const { facts } = options;
    // A worker's facts, where it read the file as what it is now (a role changed meanwhile: computed here).
    if (facts && facts.partial === partial)
      takeFacts({ registry: this.store.registry, index: this.index }, file, facts.facts, facts.kinds, partial);
    // Read once (`cache: false`, the CLI): its CRD documents checked while their trees are at hand.
    const out =
      options.analyse === false ? file : this.analyze(file, options.symbols === true, partial, options.cache === false);
    if (!lines) return out;
    // The caller's line index (the CLI's report reads it): not built again.
    const { text: t, docs, store } = out;
    return {
      text: t,
      docs,
      store,
      get lines() {
        return lines;
      },
    };
  }

  /**
   * A Helm template parsed as `parseAs` parses it, its actions lexed and masked in steps of a few thousand
   * (helm/mask.ts `maskSteps`): the workspace scan runs them between requests (lsp/templateSlices.ts). The
   * step before the last yields the masked text that the last one parses and analyses (the server has a
   * worker thread check a large one meanwhile: lsp/offThread.ts).
   */
  *templateSteps(text: string): Generator<string | void, ParsedFile> {
    const mask = yield* maskSteps(text);
    yield mask.variants[0].text;
    return this.maskedFile(mask, false);
  }

  /** A template's file: the first variant of its mask parsed and analysed, known as the template's. */
  private maskedFile(mask: MaskedTemplate, symbols: boolean): ParsedFile {
    const file = this.analyze(this.parse(mask.variants[0].text), symbols);
    this.masks.set(file, mask);
    return file;
  }

  /**
   * A template's file as the variant of its if/else branches in which `offset` is written (parseAs keeps
   * the first branch of each chain; a cursor in an `else` branch reads the variant that keeps it). Any
   * other file is itself. The variants have the same offsets and lines.
   */
  variantAt(file: ParsedFile, offset: number): ParsedFile {
    const mask = this.masks.get(file);
    if (!mask || mask.variants.length < 2) return file;
    /** The cursor's line in a variant's text (blank where that variant leaves the branch out). */
    const line = (t: string) => {
      const end = t.indexOf('\n', offset);
      return t.slice(t.lastIndexOf('\n', offset - 1) + 1, end < 0 ? t.length : end);
    };
    if (line(file.text).trim() !== '') return file;
    for (const v of mask.variants.slice(1)) if (line(v.text).trim() !== '') return this.variantFile(v.text, mask);
    return file;
  }

  /** A variant of a template's mask parsed and analysed, known as the template's (its user text). */
  private variantFile(text: string, mask: MaskedTemplate): ParsedFile {
    const other = this.analyze(this.parse(text));
    this.masks.set(other, mask);
    return other;
  }

  /**
   * A template's file in each variant of its if/else branches (the first is the file itself); any other
   * file alone. Fix-all reads them all: each branch's fixes are made on the variant that keeps it.
   */
  variantsOf(file: ParsedFile): ParsedFile[] {
    const mask = this.masks.get(file);
    if (!mask) return [file];
    return [file, ...mask.variants.slice(1).map((v) => this.variantFile(v.text, mask))];
  }

  /** What a file is to the workspace. */
  roleOf(uri: string): FileRole {
    return this.roles.roleOf(uri);
  }

  /** Whether the open document's current version was made from `source` as it is now (its revision). */
  openFrom(uri: string, source: DocumentText): boolean {
    const hit = this.open.get(uri);
    return hit !== undefined && hit.source === source && hit.revision === source.revision;
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
    this.reindexQueue.delete(uri);
    const parsed = typeof file === 'string' ? this.parse(file) : file;
    // Its documents, not its text: each document looked at once (an edit of a large file, those split again).
    this.setCrdFile(uri, parsed);
    // Hold the new version before releasing the old one, so that the chunks they share stay put.
    this.store.hold(parsed);
    const before = this.indexed.get(uri);
    if (before) this.store.release(before);
    this.indexed.set(uri, parsed);
    this.scopes.set(uri, scope);
    const keys = definesRoles(uri) ? this.rolesChanged(this.roles.update(uri, parsed.text)) : [];
    return [...keys, ...this.index.set(uri, this.indexedForm(uri, parsed), scope)];
  }

  /**
   * What the index holds of a file: its manifests; a Helm template's as masked (go to definition and the
   * owner tree work from its literal names; its own cross-file checks are not run, see fileDiagnostics);
   * nothing for a patch (a partial manifest is not a resource: it would be a duplicate of its base, with
   * owners "not found") or a kustomization.
   */
  private indexedForm(uri: string, parsed: ParsedFile): ParsedFile {
    // A file too large to check in full contributes nothing (the CLI's run and the editor's open document
    // alike: tooLarge.ts); its CRDs are read all the same.
    // Its length alone: a version made from an edit's changes has no whole text to read (core/fileText.ts).
    if (isTooLarge(this.masks.get(parsed)?.text ?? { length: textLength(parsed) }, this.settings.maxDocumentSize))
      return this.parse('');
    const role = this.roles.roleOf(uri).role;
    if (role === 'manifest') return parsed;
    if (role === 'template') return this.masks.has(parsed) ? parsed : this.parseAs(uri, parsed.text);
    return this.parse('');
  }

  /** Indexes again the files whose role may have changed; returns the name keys they defined or define. */
  rolesChanged(changed: { uris: string[]; prefix?: string }): string[] {
    const uris = new Set(changed.uris);
    if (changed.prefix) for (const u of this.indexed.keys()) if (u.startsWith(changed.prefix)) uris.add(u);
    if (changed.prefix) for (const u of this.open.keys()) if (u.startsWith(changed.prefix)) uris.add(u);
    this.reroled = [...uris];
    const keys: string[] = [];
    for (const u of uris) {
      // A file that became a template, or stopped being one, is parsed again as what it is now (masked or
      // not): its open version and its indexed one.
      const template = this.roles.roleOf(u).role === 'template';
      const again = (f: ParsedFile): ParsedFile => {
        if (this.masks.has(f) === template || isTooLarge(f.text, this.settings.maxDocumentSize)) return f;
        const file = this.parseAs(u, this.masks.get(f)?.text ?? f.text, this.outlined.has(u));
        this.store.hold(file);
        this.store.release(f);
        return file;
      };
      const hit = this.open.get(u);
      const before = this.indexed.get(u);
      if (hit) this.open.set(u, { version: hit.version, file: again(hit.file) });
      const f = before && (hit && before === hit.file ? this.open.get(u)!.file : again(before));
      if (before && f) {
        if (f !== before && before === hit?.file) {
          // The indexed entry holds its file apart from the open one.
          this.store.hold(f);
          this.store.release(before);
        }
        this.indexed.set(u, f);
        keys.push(...this.index.set(u, this.indexedForm(u, f), this.scopes.get(u) ?? WORKSPACE_SCOPE));
      }
    }
    return keys;
  }

  /** The files whose role the last kustomization or Chart.yaml indexed or removed may have changed. */
  get reroledFiles(): readonly string[] {
    return this.reroled;
  }

  /**
   * The file indexed for a uri as parsed for what it is (a template's masked, with its mask known; a patch's
   * whole text, where the index holds nothing of it): what a closed file's own diagnostics are read from.
   */
  indexedFile(uri: string): ParsedFile | undefined {
    return this.indexed.get(uri);
  }

  /** A template's text as the user wrote it, when `file` is its mask (else undefined: the file is the text). */
  userTextOf(file: ParsedFile): string | undefined {
    return this.masks.get(file)?.text;
  }

  /** The text a file was indexed with, as the user wrote it (a template's, not its mask). */
  indexedText(uri: string): string | undefined {
    const f = this.indexed.get(uri);
    return f && (this.masks.get(f)?.text ?? f.text);
  }

  /** The files the last kustomization or Chart.yaml indexed may have given another role. */
  reroled: string[] = [];
}
