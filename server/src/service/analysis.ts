// One analysis: the inputs go in explicitly (file texts, the settings, the registry of kinds) and queries
// come out (a file's diagnostics; completion, hover and the rest read the files it hands out). Every cache
// lives inside it (the chunk store, the workspace index), as rust-analyzer's AnalysisHost holds its
// database: the language server holds one in its state, the CLI one per run, a test as many as it likes.
//
// Who holds a chunk (see retention.ts) is counted here alone: an open document's current version and an
// indexed file each hold their file's chunks, and release them when they move on or go.
import { stringify } from 'yaml';
import type { GraphNode } from '../protocol/customRequests';
import { builtinRegistry, type Registry } from '../model/registry';
import type { KindDef } from '../model/types';
import { analyze } from './analyze';
import { conflictSpan, crdConflicts, type CrdConflict } from './crd/conflicts';
import { crdTextsOf, kindsOfCrdText, registryOfKinds } from './crd/sources';
import type { Diag } from './diag';
import type { Edit } from './codeActions';
import { ChunkStore, type ParsedFile, type WorkCounters } from './parse';
import { definesRoles, FileRoles, type FileRole } from './fileRoles';
import { isMasked, maskTemplate, type MaskedTemplate } from './helm/mask';
import { asWritten } from './helm/unmask';
import { templateDiagnostics } from './helm/templateDiagnostics';
import { kustomizationDiagnostics, patchFileDiagnostics } from './kustomize/patchDiagnostics';
import { isKustomizationUri, KustomizationReads, readKustomization, resolveFrom } from './kustomize/kustomization';
import { renamedReferences, type RenamedByName, type RenamedRef } from './kustomize/renamedReferences';
import {
  addConfigurationEdit,
  configurationPaths,
  isTaught,
  ownerConfigText,
  ownerRenamedDiag,
  readNameReferences,
  type NameReference,
} from './kustomize/ownerConfig';
import { overlayGraph } from './kustomize/overlayGraph';
import type { OverlayWorkspace } from './kustomize/renameInOverlays';
import {
  buildDiagnostics,
  mergeOverlays,
  overlayName,
  renderedDiagnostics,
  type Placed,
} from './kustomize/renderedDiagnostics';
import { renderedValueMarkdown } from './kustomize/renderedHover';
import {
  RenderMemo,
  renderKustomization,
  resourceDocuments,
  type Anchor,
  type Doc,
  type JsonObject,
  type Origins,
  type Rendered,
} from './kustomize/render';
import { completionQuery, hoverQuery, type CompletionResult } from './editorQueries';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import { toUserSpans, type DocumentSource } from './source';
import { isTooLarge } from './tooLarge';
import { applySettings, validateFile } from './validate';
import { checkFile, createWorkspaceIndex, defaultDisplay } from './workspace/checks';
import { WORKSPACE_SCOPE } from './workspace/manifest';
import { changeDiagnostics, changedAt, type BaseVersion } from './changes/check';
import type { WorkspaceIndex } from './workspace/workspaceIndex';

/** A kustomization that changes what it lists (else its rendering is its resources as written). */
const TRANSFORMS =
  /^(?:namePrefix|nameSuffix|namespace|commonLabels|labels|commonAnnotations|patches|patchesStrategicMerge|patchesJson6902)\s*:/m;

/** The uri a rendered resource has in its overlay's index (never a file's: no file is named so). */
const renderedUri = (i: number) => `rendered:///${i}`;

/** A kustomization that renames what it lists. */
const RENAMES = /^(?:namePrefix|nameSuffix)\s*:/m;

/** A Kustomize configuration file teaching name references. */
const NAME_REFERENCES = /^nameReference\s*:/m;

/** A kustomization giving Kustomize schemas (then it may rewrite owner names: not second-guessed). */
const SCHEMAS = /^(?:crds|openapi)\s*:/m;

export interface AnalysisInputs {
  /** The kinds the analysis knows (default: the built-in ones). */
  registry?: Registry;
  settings?: Settings;
  /** Kustomize overlays are rendered and their results checked (default); patches are checked either way. */
  renderOverlays?: boolean;
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
  /**
   * The CRD documents of each file that has some (indexed files, and files `crds` names): their texts, and
   * the kinds of each once read (`readCrds`), kept while the text is the same.
   */
  private readonly crdFiles = new Map<string, { texts: string[]; kinds: (KindDef[] | undefined)[] }>();
  /** The CRD documents defining a kind another CRD defines differently, by file (built with the registry). */
  private crdConflicts = new Map<string, CrdConflict[]>();
  /** The CRDs read changed since the registry was built (see `applyCrds`). */
  private crdsDirty = false;
  /**
   * Indexed files not yet indexed again with the registry `applyCrds({ deferIndex: true })` built: their
   * text and scope, indexed by `reindexPending` (the server does it in slices, answering requests between).
   */
  private readonly reindexQueue = new Map<string, { text: string; scope: string | undefined }>();
  /** The registry given at creation: CRDs are added to it. */
  private readonly baseRegistry: Registry;
  /** Open documents whose outline the client asked for: their symbols are computed with each version. */
  readonly outlined = new Set<string>();
  /** What each file is (a manifest, a kustomization, a patch, a Helm template), from the files indexed. */
  /** Kustomization texts read once for the roles, the checks and the render (a 9 MB one is seconds to parse). */
  private readonly kustomizationReads = new KustomizationReads();
  readonly roles = new FileRoles(this.kustomizationReads);
  /** The masks of the Helm templates this analysis parsed masked (their text is the mask's, not the user's). */
  private readonly masks = new WeakMap<ParsedFile, MaskedTemplate>();

  /** See AnalysisInputs.renderOverlays. */
  readonly renderOverlays: boolean;

  constructor(inputs: AnalysisInputs = {}) {
    this.renderOverlays = inputs.renderOverlays ?? true;
    this.baseRegistry = inputs.registry ?? builtinRegistry();
    this.settings = inputs.settings ?? DEFAULT_SETTINGS;
    this.store = new ChunkStore(this.baseRegistry, () => this.apiDomain());
    this.index = createWorkspaceIndex(this.baseRegistry);
  }

  /** The API domain of apiVersions the checks write: the `apiDomain` setting, else the workspace's most used. */
  private apiDomain(): string | undefined {
    return this.settings.apiDomain || this.index.domains()[0];
  }

  /**
   * Takes the CRD documents of a file (an indexed file's, or one the `crds` setting names; none: the file
   * holds no CRD any more). The registry follows at `applyCrds`.
   */
  setCrdFile(uri: string, text: string | undefined): void {
    const texts = text === undefined ? [] : crdTextsOf(text);
    const before = this.crdFiles.get(uri);
    if (texts.length === 0) {
      if (before) this.crdsDirty = true;
      this.crdFiles.delete(uri);
      return;
    }
    if (before && before.texts.length === texts.length && before.texts.every((t, i) => t === texts[i])) return;
    // The documents left as they were keep their kinds: an edit of one CRD of a bundle reads that one again.
    const known = new Map(before?.texts.map((t, i) => [t, before.kinds[i]]));
    this.crdFiles.set(uri, { texts, kinds: texts.map((t) => known.get(t)) });
    this.crdsDirty = true;
  }

  /**
   * Reads the CRD documents not read yet, one at a time until `stop()` says so (the server reads a bundle of
   * tens of MB in slices, answering requests in between); whether all are read. `applyCrds` reads the rest.
   */
  readCrds(stop: () => boolean = () => false): boolean {
    for (const [uri, file] of this.crdFiles)
      for (let i = 0; i < file.texts.length; i++) {
        if (file.kinds[i]) continue;
        if (stop()) return false;
        file.kinds[i] = kindsOfCrdText(uri, file.texts[i]);
      }
    return true;
  }

  /** The CRDs read changed since the registry was last built. */
  get crdsChanged(): boolean {
    return this.crdsDirty;
  }

  /**
   * Builds the registry again from the CRDs read, when they changed; then every open and indexed file is
   * analysed again with it (their kinds may have changed). Returns whether the registry changed. With
   * `deferIndex`, the indexed files are only queued: the index holds them again as `reindexPending` goes.
   */
  applyCrds(options: { deferIndex?: boolean } = {}): boolean {
    if (!this.crdsDirty) return false;
    this.crdsDirty = false;
    this.readCrds();
    this.crdConflicts = crdConflicts(this.crdFiles);
    const perCrd = [...this.crdFiles.values()].flatMap((f) => f.kinds as KindDef[][]);
    const registry = registryOfKinds(perCrd, this.baseRegistry);
    if (registry === this.registry) return false;
    this.setRegistry(registry, options.deferIndex === true);
    return true;
  }

  /**
   * Indexes again, one file at a time until `stop()` says so, the files `applyCrds({ deferIndex: true })`
   * queued; whether none is left. A file indexed or unindexed meanwhile has left the queue.
   */
  reindexPending(stop: () => boolean = () => false): boolean {
    for (const [uri, { text, scope }] of this.reindexQueue) {
      if (stop()) return false;
      this.reindexQueue.delete(uri);
      this.indexFile(uri, text, scope);
    }
    return true;
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

  /** A new registry: new caches, every open and indexed file parsed and analysed again (`defer`: queued). */
  private setRegistry(registry: Registry, defer = false): void {
    this.store = new ChunkStore(registry, () => this.apiDomain());
    this.index = createWorkspaceIndex(registry);
    // Rendered overlays were parsed in the old store with the old kinds: rendered again on demand.
    this.renderedIndexes.clear();
    this.renderedYaml.clear();
    this.renderedPointerTables.clear();
    this.renderings.clear();
    this.renderDocs.clear();
    // The user's texts (a Helm template's, not its mask: parsed as what it is again).
    const userText = (file: ParsedFile) => this.masks.get(file)?.text ?? file.text;
    const indexed = [
      ...[...this.indexed].map(([uri, file]): [string, { text: string; scope: string | undefined }] => [
        uri,
        { text: userText(file), scope: this.scopes.get(uri) },
      ]),
      ...this.reindexQueue,
    ];
    this.indexed.clear();
    this.reindexQueue.clear();
    for (const [uri, entry] of indexed) this.reindexQueue.set(uri, entry);
    if (!defer) this.reindexPending();
    for (const [uri, hit] of this.open) {
      const text = userText(hit.file);
      // As openFile does: a document too large to analyse is parsed on demand and not held (tooLarge.ts).
      if (isTooLarge(text, this.settings.maxDocumentSize)) {
        this.open.set(uri, { version: hit.version, file: this.parse(text, { cache: false }) });
        continue;
      }
      const file = this.parseAs(uri, text, this.outlined.has(uri));
      this.store.hold(file);
      this.open.set(uri, { version: hit.version, file });
    }
  }

  /** Syntax trees built and documents validated so far (a test reads how much work an edit did). */
  get counters(): Readonly<WorkCounters> {
    return this.store.counters;
  }

  /**
   * Rendering steps computed (not found in the memo of rendered overlays) so far: a test reads how much of
   * its overlays an edit rendered again.
   */
  get renderSteps(): number {
    return this.renderMemo.stepsComputed;
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
  analyze(file: ParsedFile, symbols = false, partial = false): ParsedFile {
    return analyze(file, { symbols, tracked: this.index.tracked, partial });
  }

  /**
   * An open document at a version: parsed and analysed once per version (each changed chunk parsed once,
   * its diagnostics, manifests and, when outlined, symbols computed in the same pass). A client may repeat
   * a version with another text (a second didOpen, a didChange): the text decides.
   */
  openFile(uri: string, version: number, text: string): ParsedFile {
    const hit = this.open.get(uri);
    if (hit && hit.version === version && (this.masks.get(hit.file)?.text ?? hit.file.text) === text) return hit.file;
    if (isTooLarge(text, this.settings.maxDocumentSize)) {
      // Too large to analyse (see tooLarge.ts): parsed on demand, chunk by chunk, kept out of the cache.
      const file = this.parse(text, { cache: false });
      if (hit) this.store.release(hit.file);
      this.open.set(uri, { version, file });
      return file;
    }
    const file = this.parseAs(uri, text, this.outlined.has(uri));
    this.store.hold(file);
    if (hit) this.store.release(hit.file);
    this.open.set(uri, { version, file });
    return file;
  }

  /**
   * A file parsed and analysed for what it is: a Helm template is parsed with its actions masked (the same
   * length as the text, so offsets are the user's: completion, hover and definition work unchanged).
   */
  parseAs(uri: string, text: string, symbols = false): ParsedFile {
    const role = this.roles.roleOf(uri).role;
    // A patch's documents are partial manifests: checked as such in the one pass (patchFileDiagnostics).
    if (role !== 'template') return this.analyze(this.parse(text), symbols, role === 'patch');
    const mask = maskTemplate(text);
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
    this.setCrdFile(uri, parsed.text);
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
    const role = this.roles.roleOf(uri).role;
    if (role === 'manifest') return parsed;
    if (role === 'template') return this.masks.has(parsed) ? parsed : this.parseAs(uri, parsed.text);
    return this.parse('');
  }

  /** Indexes again the files whose role may have changed; returns the name keys they defined or define. */
  private rolesChanged(changed: { uris: string[]; prefix?: string }): string[] {
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

  /** `indexFile` and the files whose cross-document diagnostics may change, the file included. */
  updateFile(uri: string, file: ParsedFile | string, scope: string = WORKSPACE_SCOPE): Set<string> {
    const keys = this.indexFile(uri, file, scope);
    // A kustomization or a Chart.yaml edited: the files it makes patches or templates read differently;
    // a kustomization or a patch edited: the files of the overlay it renders show its problems.
    const role = this.roles.roleOf(uri);
    const overlays = role.role === 'patch' ? role.overlays : role.role === 'kustomization' ? [uri] : [];
    const read = overlays.flatMap((k) => [...(this.renderings.get(k)?.reads.keys() ?? [])]);
    // A resource file edited: the kustomizations and patches of the overlays that render it.
    if (overlays.length === 0)
      for (const [k, r] of this.renderings) if (r.reads.has(uri)) read.push(k, ...this.roles.patchesOf(k));
    // A Kustomize configuration file edited: the kustomizations listing it (the owner references it teaches).
    if (overlays.length === 0 && NAME_REFERENCES.test(typeof file === 'string' ? file : file.text))
      for (const k of this.roles.kustomizations()) {
        const text = this.userText(k);
        if (text !== undefined && configurationPaths(text).some((p) => resolveFrom(k, p) === uri)) read.push(k);
      }
    return this.index.dependents([uri, ...(definesRoles(uri) ? this.reroled : []), ...read], keys);
  }

  /** The files the last kustomization or Chart.yaml indexed may have given another role. */
  private reroled: string[] = [];

  /** Removes a file from the index; returns the name keys it defined. */
  unindexFile(uri: string): string[] {
    this.reindexQueue.delete(uri);
    const before = this.indexed.get(uri);
    if (before) this.store.release(before);
    this.indexed.delete(uri);
    this.scopes.delete(uri);
    this.setCrdFile(uri, undefined);
    const keys = this.index.remove(uri);
    if (definesRoles(uri)) keys.push(...this.rolesChanged(this.roles.update(uri, undefined)));
    // A kustomization gone: its rendered resources are no longer held.
    const rendered = this.renderedIndexes.get(uri);
    if (rendered) for (const t of rendered.slots) this.store.release(t.file);
    this.renderedIndexes.delete(uri);
    this.renderedYaml.delete(uri);
    this.renderedPointerTables.delete(uri);
    this.renderings.delete(uri);
    this.renderDocs.delete(uri);
    return keys;
  }

  /** The committed version each file is compared with (changes/check.ts), as the host read it. */
  private readonly bases = new Map<string, BaseVersion>();

  /** Takes the committed version of a file (none: a new file, or no comparison). */
  setBase(uri: string, base: BaseVersion | undefined): void {
    if (base) this.bases.set(uri, base);
    else this.bases.delete(uri);
  }

  /** The version a file is compared with, if any (hover and code lens say where it came from). */
  baseOf(uri: string): BaseVersion | undefined {
    return this.bases.get(uri);
  }

  /** "HEAD (abc1234)" where the document at `offset` differs from the file's committed version. */
  comparedAt(uri: string, text: string, offset: number): string | undefined {
    const base = this.bases.get(uri);
    return base && changedAt(text, base, offset) ? `${base.ref} (${base.commit})` : undefined;
  }

  /** What a manifest's change against its committed version does, settings and disable comments applied. */
  private changeDiagnostics(uri: string, file: FileText): Diag[] {
    const base = this.bases.get(uri);
    if (!base || this.roles.roleOf(uri).role !== 'manifest') return [];
    const found = changeDiagnostics(file.text, base, this.registry);
    return found.length > 0 ? applySettings(file, found, { rules: this.settings.rules }) : found;
  }

  /** The cross-document diagnostics of an indexed file, settings and disable comments applied. */
  crossDiagnostics(uri: string, file: FileText, cross: CrossFileOptions): Diag[] {
    // A patch or a template is no resource of its own: its names are partial or masked.
    const role = this.roles.roleOf(uri).role;
    if (role !== 'manifest' && role !== 'kustomization') return [];
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
   * open document's current version, else the indexed file. `withRendered` false leaves out the problems
   * of the overlays that render it (see rendersIn), for a first publish while they are computed.
   */
  fileDiagnostics(uri: string, file?: ParsedFile, cross?: CrossFileOptions, withRendered = true): Diag[] {
    return this.diagnosticsWithRendered(uri, file, cross, withRendered).all;
  }

  /**
   * `fileDiagnostics` with the problems of the overlays that render the file told apart (`rendered`, among
   * `all`): a publish keeps them to carry over to an edit's first publish (lsp/carriedRendered.ts).
   */
  diagnosticsWithRendered(
    uri: string,
    file?: ParsedFile,
    cross?: CrossFileOptions,
    withRendered = true,
  ): { all: Diag[]; rendered: Diag[] } {
    const f = file ?? this.open.get(uri)?.file ?? this.indexed.get(uri);
    if (!f) return { all: [], rendered: [] };
    const role = this.roles.roleOf(uri);
    const own = this.withCrdConflicts(uri, f, this.ownDiagnostics(uri, f), cross?.display);
    // A patch's or a kustomization's values in the overlays that use them.
    const overlays = role.role === 'patch' ? role.overlays : role.role === 'kustomization' ? [uri] : [];
    const inOverlays = withRendered && overlays.length > 0 ? this.inOverlaysOf(uri, f, overlays, own) : [];
    // An overlay's broken owner references, once, on its kustomization.
    const renamed =
      withRendered && role.role === 'kustomization'
        ? applySettings(f, this.ownerRenamed(uri, f.text), { rules: this.settings.rules })
        : [];
    const renderedOwn = renamed.length > 0 ? [...inOverlays, ...renamed] : inOverlays;
    const cross_ = cross ? this.crossDiagnostics(uri, f, cross) : [];
    const changed = this.changeDiagnostics(uri, f);
    const other = changed.length > 0 ? [...cross_, ...changed] : cross_;
    const shown = other.length > 0 ? [...own, ...other] : own;
    // A base resource's values in the overlays that render it: what they get wrong there is shown here.
    const renderedBase = cross && withRendered && role.role === 'manifest' ? this.inOverlays(uri, f, shown) : [];
    const rendered = renderedBase.length > 0 ? [...renderedOwn, ...renderedBase] : renderedOwn;
    const all =
      rendered.length > 0 || other.length > 0
        ? [...shown, ...rendered].sort((a, b) => a.start - b.start || a.end - b.end)
        : own;
    // A message that names a template's masked action names it as written (the fix's data is left as is).
    return { all: all.some((d) => isMasked(d.message)) ? all.map(messageAsWritten) : all, rendered };
  }

  /**
   * The problems of the overlays' rendered results whose value was written in a resource file (a base),
   * not already among its diagnostics. Kustomizations that only list resources render nothing new.
   */
  private inOverlays(uri: string, f: ParsedFile, shown: readonly Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    const each: { overlay: string; diags: Diag[] }[] = [];
    for (const k of this.roles.kustomizations().sort()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      const rendered = this.renderOverlay(k);
      if (!this.renderings.get(k)?.written.has(uri)) continue;
      each.push({ overlay: overlayName(k), diags: this.renderedFor(uri, f, k, shown, rendered) });
    }
    const out = mergeOverlays(each);
    return out.length > 0 ? applySettings(f, out, { rules: this.settings.rules }) : out;
  }

  /** Renderings kept per kustomization with the texts they read: used again while none changed. */
  private readonly renderings = new Map<
    string,
    { reads: Map<string, string | undefined>; rendered: Rendered; written: Set<string> }
  >();

  private renderOverlay(kustomization: string): Rendered {
    const hit = this.renderings.get(kustomization);
    if (hit && [...hit.reads].every(([u, t]) => this.userText(u) === t)) return hit.rendered;
    const reads = new Map<string, string | undefined>();
    const rendered = renderKustomization(
      kustomization,
      (u) => {
        const t = this.userText(u);
        reads.set(u, t);
        return t;
      },
      this.resourceDocs,
      this.renderMemo,
    );
    // The files its values were written in (a quick "does this overlay concern that file?"), when asked:
    // an edit of a patch renders again without asking.
    let written: Set<string> | undefined;
    const memo = this.renderMemo;
    this.renderings.set(kustomization, {
      reads,
      rendered,
      get written() {
        if (!written) {
          written = new Set<string>();
          for (const o of rendered.origins) for (const u of memo.urisOf(o)) written.add(u);
        }
        return written;
      },
    });
    return rendered;
  }

  /**
   * A file's own diagnostics (no cross-document ones), as what it is: a patch's fields are checked but
   * nothing is missing; a template is checked with its actions masked; a kustomization says what it does
   * not render, and its inline patches are checked as patch files are.
   */
  /** A file's diagnostics with the warnings on its CRDs that define a kind another CRD defines differently. */
  private withCrdConflicts(uri: string, f: ParsedFile, own: Diag[], display = defaultDisplay): Diag[] {
    const conflicts = this.crdConflicts.get(uri);
    if (!conflicts) return own;
    // Two files of one name (`crds.yaml` in two folders) are told apart by their whole path.
    const name = (u: string) =>
      u === uri ? 'this file' : display(u) === display(uri) ? decodeURI(u.replace(/^file:\/\//, '')) : display(u);
    const found = conflicts.map((c): Diag => {
      const [start, end] = conflictSpan(f.text, c);
      return {
        code: 'crd-kind-conflict',
        start,
        end,
        message: `Kind ${c.kind} of group ${c.group} is defined by two CRDs that differ: ${name(c.other)}. The kinds are taken from the first CRD by file path (${name(c.used)}); keep one definition, the one the cluster has.`,
      };
    });
    const applied = applySettings(f, found, { rules: this.settings.rules });
    return applied.length > 0 ? [...own, ...applied].sort((a, b) => a.start - b.start || a.end - b.end) : own;
  }

  private ownDiagnostics(uri: string, f: ParsedFile): Diag[] {
    const rules = this.settings.rules;
    const role = this.roles.roleOf(uri);
    if (role.role === 'patch') {
      const targets = role.overlays.map((k, i) => ({ target: role.targets[i], overlay: overlayName(k) }));
      return patchFileDiagnostics(f, targets, { rules });
    }
    if (role.role === 'template') {
      const mask = this.masks.get(f) ?? maskTemplate(f.text);
      return applySettings(
        { text: mask.text, lines: f.lines },
        templateDiagnostics(mask, (t) => validateFile(this.parse(t))),
        { rules },
      );
    }
    const own = validateFile(f, { rules });
    if (role.role !== 'kustomization') return own;
    const inline = kustomizationDiagnostics(
      f.text,
      this.registry,
      (t) => validateFile(this.parse(t), { partial: true }),
      { uri, isFile: (u) => this.userText(u) !== undefined },
      this.kustomizationReads,
    );
    return withProblems(own, applySettings(f, inline, { rules }));
  }

  /**
   * Whether a file's diagnostics include problems of Kustomize overlays that render it: a patch's and a
   * kustomization's do, and a resource file's when an overlay that transforms it reads it (its last
   * rendering says so, kept even if another file changed since: asking never renders on the way to a
   * first publish, except an overlay never rendered yet).
   */
  rendersIn(uri: string): boolean {
    if (!this.renderOverlays) return false;
    const role = this.roles.roleOf(uri).role;
    if (role === 'patch' || role === 'kustomization') return true;
    if (role !== 'manifest') return false;
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      if (!this.renderings.has(k)) this.renderOverlay(k);
      if (this.renderings.get(k)?.reads.has(uri)) return true;
    }
    return false;
  }

  /** Completion at `offset` of an open or indexed file (editorQueries.ts); `trigger`: the character typed. */
  completion(uri: string, file: ParsedFile, offset: number, trigger?: string): CompletionResult {
    return completionQuery(this, uri, file, offset, trigger);
  }

  /** Hover at `offset` of a file (editorQueries.ts): its markdown and the offsets it is about. */
  hover(uri: string, file: ParsedFile, offset: number): { markdown: string; start: number; end: number } | undefined {
    return hoverQuery(this, uri, file, offset);
  }

  /** For a hover in a patch file: what the field at `offset` renders to in its overlay (markdown). */
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined {
    const role = this.roles.roleOf(uri);
    if (role.role !== 'patch' || !this.renderOverlays) return undefined;
    // In each overlay that uses the patch (the first few: a hover stays short).
    const parts = role.overlays
      .slice(0, 5)
      .map((k) => renderedValueMarkdown(uri, file, offset, k, () => this.renderOverlay(k)))
      .filter((m): m is string => m !== undefined);
    return parts.length > 0 ? parts.join('\n\n---\n\n') : undefined;
  }

  /**
   * The documents of each resource file an overlay's rendering read, by uri, kept while the text stays the
   * same, and document by document while it changes: an edit of one document of a large file parses that
   * document alone, and every other document stays the same object (its origins follow it through its
   * anchor when the edit moves it), so the rendering steps kept for it (renderMemo) are used again.
   */
  private readonly renderDocs = new Map<
    string,
    { text: string; docs: readonly Doc[]; byChunk: Map<object, { docs: readonly Doc[]; anchor: Anchor; pass: number }> }
  >();

  /** Counts the passes of resourceDocs over a file's chunks (an entry seen in this pass is a repeated text). */
  private docsPass = 0;

  /** The steps of the overlays' renderings, by the identity of their inputs (see RenderMemo). */
  private renderMemo = new RenderMemo(this.kustomizationReads);

  private resourceDocs = (uri: string, text: string): readonly Doc[] => {
    const hit = this.renderDocs.get(uri);
    if (hit?.text === text) return hit.docs;
    // The file's chunks as the store split them (the open or indexed file's, already split): each chunk's
    // key is the same object while its text is, so nothing is split or compared by text again. The table
    // of the last text is updated in place (an edit changes a chunk or two of a thousand), its entries of
    // chunks gone dropped once they are a quarter of it.
    const f = this.open.get(uri)?.file ?? this.indexed.get(uri);
    const chunks = f && f.text === text ? f.docs : this.parse(text).docs;
    const byChunk = hit?.byChunk ?? new Map<object, { docs: readonly Doc[]; anchor: Anchor; pass: number }>();
    const pass = ++this.docsPass;
    const docs: Doc[] = [];
    let kept = 0;
    for (const c of chunks) {
      let e = byChunk.get(c.key);
      if (e?.pass === pass) {
        // A text written twice in the file: the second copy has documents of its own (an anchor each).
        const anchor = { offset: c.offset };
        for (const d of resourceDocuments(c.text, uri, anchor)) docs.push(d);
        continue;
      }
      if (!e) {
        const anchor = { offset: c.offset };
        e = { docs: resourceDocuments(c.text, uri, anchor), anchor, pass };
        byChunk.set(c.key, e);
      }
      e.pass = pass;
      e.anchor.offset = c.offset;
      kept++;
      for (const d of e.docs) docs.push(d);
    }
    if (byChunk.size > kept + (kept >> 2)) for (const [k, e] of byChunk) if (e.pass !== pass) byChunk.delete(k);
    this.renderDocs.set(uri, { text, docs, byChunk });
    return docs;
  };

  /**
   * All the problems of the rendered resources `touched`: each alone (validated as a whole manifest) and
   * together, the overlay's rendered resources as their whole workspace. Nothing "not found" is reported
   * (an owner may be elsewhere: Kustomize does not rename owner names, and the cluster may hold them); what
   * the resources prove wrong together (owner kinds, limits a child takes from its parent, cycles,
   * duplicates) is. Kept per rendered resource: a resource whose text did not change keeps its own
   * problems, and its cross-document ones unless a changed resource is one it depends on (the index's
   * `dependents`), so an edit checks again what it changed, not the whole overlay.
   */
  private renderedChecks(
    kustomization: string,
    texts: readonly string[],
    touched: readonly number[],
    overlay: string,
    written: readonly (string | undefined)[],
  ): Diag[][] {
    const index = this.renderedIndex(kustomization, texts, written);
    const { slots } = this.renderedIndexes.get(kustomization)!;
    return touched.map((i) => {
      const slot = slots[i];
      slot.own ??= validateFile(slot.file);
      slot.cross ??= checkFile(index, renderedUri(i), {
        complete: false,
        ownerResolution: 'off',
        display: () => overlay,
      });
      if (slot.cross.length === 0) return slot.own;
      // The same array while its parts are (renderedDiagnostics keeps what it placed by it).
      const c = slot.combined;
      if (c && c.own === slot.own && c.cross === slot.cross) return c.all;
      const all = [...slot.own, ...slot.cross];
      slot.combined = { own: slot.own, cross: slot.cross, all };
      return all;
    });
  }

  /**
   * The references an overlay's renaming breaks (Kustomize does not rewrite owner names), as one problem
   * on its kustomization (kustomize/ownerConfig.ts), less those its kustomizations' `configurations:` teach
   * Kustomize; none where one of them gives Kustomize CRD schemas (`crds`, `openapi`: not read here).
   */
  private ownerRenamed(kustomization: string, text: string): Diag[] {
    const refs = this.renamedRefs(kustomization);
    if (!refs) return [];
    const d = ownerRenamedDiag(text, refs.broken);
    return d ? [d] : [];
  }

  /** The renamed references of an overlay, those its configurations teach left out (undefined: not told). */
  private renamedRefs(kustomization: string): { broken: RenamedRef[]; taught: NameReference[] } | undefined {
    if (!this.renderOverlays) return undefined;
    const text = this.userText(kustomization);
    // Where the renaming is written: an overlay of a renaming base is told by the base's kustomization.
    if (text === undefined || !RENAMES.test(text)) return undefined;
    const rendered = this.renderOverlay(kustomization);
    if (rendered.resources.length === 0) return undefined;
    const taught: NameReference[] = [];
    for (const [u, t] of this.renderings.get(kustomization)?.reads ?? []) {
      if (!isKustomizationUri(u) || t === undefined) continue;
      if (SCHEMAS.test(t)) return undefined;
      for (const p of configurationPaths(t)) {
        const at = resolveFrom(u, p);
        const config = at === undefined ? undefined : this.userText(at);
        if (config !== undefined) for (const n of readNameReferences(config)) taught.push(n);
      }
    }
    const toText = this.renderedText(kustomization);
    const index = this.renderedIndex(
      kustomization,
      rendered.resources.map((r) => toText(r)),
      rendered.written,
    );
    const r = this.renderedIndexes.get(kustomization)!;
    const missing: number[] = [];
    r.slots.forEach((slot, i) => slot.renamed === undefined && missing.push(i));
    if (missing.length > 0) {
      const found = renamedReferences(index, renderedUri, rendered.written, missing, r);
      missing.forEach((i, n) => (r.slots[i].renamed = found[n]));
    }
    const broken: RenamedRef[] = [];
    for (const slot of r.slots) for (const ref of slot.renamed ?? []) if (!isTaught(taught, ref)) broken.push(ref);
    return { broken, taught };
  }

  /**
   * The quick fix of an overlay's kustomize-owner-renamed: a configuration file teaching Kustomize the
   * fields its renaming breaks (next to the kustomization, where its load restrictor accepts it), and the
   * edit listing it under `configurations:`. Undefined when there is nothing to teach.
   */
  ownerConfigFix(
    kustomization: string,
  ): { create: { uri: string; text: string }; edit: Edit; base: string } | undefined {
    const refs = this.renamedRefs(kustomization);
    const text = this.userText(kustomization);
    if (!refs || refs.broken.length === 0 || text === undefined) return undefined;
    // A name no file has: a file of that name may teach other kinds already.
    let path = 'kustomizeconfig/owner-references.yaml';
    const taken = (p: string) => {
      const u = resolveFrom(kustomization, p);
      return u === undefined || this.userText(u) !== undefined;
    };
    for (let n = 2; taken(path) && n < 100; n++) path = `kustomizeconfig/owner-references-${n}.yaml`;
    const uri = resolveFrom(kustomization, path);
    const edit = addConfigurationEdit(text, path);
    if (!uri || !edit) return undefined;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { create: { uri, text: ownerConfigText(refs.broken, eol) }, edit, base: text };
  }

  /**
   * The index of an overlay's rendered resources (`texts`, resource `i` under `renderedUri(i)`). One per
   * overlay, kept: an edit changes a few rendered resources, and only those are indexed again (held, so
   * their parsed chunks stay while they are the overlay's). What is kept of each resource's checks
   * (renderedChecks) goes when it may have changed: its own with its text, its cross-document ones when a
   * resource it depends on changed (the index's `dependents`), the renamed references of all when a
   * resource's name, kind or namespace changed, rendered or as written.
   */
  private renderedIndex(
    kustomization: string,
    texts: readonly string[],
    written?: readonly (string | undefined)[],
  ): WorkspaceIndex {
    let r = this.renderedIndexes.get(kustomization);
    if (!r) this.renderedIndexes.set(kustomization, (r = { index: createWorkspaceIndex(this.registry), slots: [] }));
    const { index, slots } = r;
    const uri = renderedUri;
    const changed: string[] = [];
    const keys: string[] = [];
    const identities = (i: number) =>
      (index.get(uri(i))?.manifests ?? []).map((m) => `${m.kind}\u0000${m.namespace}\u0000${m.name}`).join('\u0001');
    let renamedStale = false;
    texts.forEach((t, i) => {
      if (slots[i]?.text === t) return;
      const before = identities(i);
      const parsed = this.parse(t);
      this.store.hold(parsed);
      if (slots[i]) this.store.release(slots[i].file);
      slots[i] = { text: t, file: parsed };
      for (const k of index.set(uri(i), parsed)) keys.push(k);
      changed.push(uri(i));
      if (identities(i) !== before) renamedStale = true;
    });
    for (let i = texts.length; i < slots.length; i++) {
      this.store.release(slots[i].file);
      for (const k of index.remove(uri(i))) keys.push(k);
      changed.push(uri(i));
      renamedStale = true;
    }
    slots.length = texts.length;
    if (written) {
      // Compared name by name: most are the same strings as the last rendering's.
      const was = r.written;
      if (!was || was.length !== written.length || written.some((n, i) => n !== was[i])) renamedStale = true;
      r.written = written;
    }
    if (changed.length > 0)
      for (const u of index.dependents(changed, keys)) {
        const slot = slots[Number(u.slice('rendered:///'.length))];
        if (slot) {
          slot.cross = undefined;
          slot.renamed = undefined;
        }
      }
    if (renamedStale) {
      for (const slot of slots) slot.renamed = undefined;
      r.renamed = undefined;
    }
    return index;
  }

  /**
   * The owner trees of the overlays' rendered results (kustomize/overlayGraph.ts): every kustomization that
   * changes what it lists, rendered, its resources under their rendered names.
   */
  overlayGraphs(): GraphNode[] {
    if (!this.renderOverlays) return [];
    const out: GraphNode[] = [];
    // A kustomization another one lists (a base) is no overlay: its resources are shown where they are
    // written, and as each overlay that lists it renders them.
    const listed = new Set<string>();
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined) continue;
      for (const r of readKustomization(text, this.kustomizationReads).resources) {
        const at = resolveFrom(k, r);
        if (at) listed.add(at.replace(/\/+$/, ''));
      }
    }
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text) || listed.has(k.slice(0, k.lastIndexOf('/')))) continue;
      const rendered = this.renderOverlay(k);
      if (rendered.resources.length === 0) continue;
      const toText = this.renderedText(k);
      const index = this.renderedIndex(
        k,
        rendered.resources.map((r) => toText(r)),
        rendered.written,
      );
      const graph = overlayGraph({
        kustomization: k,
        name: overlayName(k),
        index,
        uriOf: renderedUri,
        count: rendered.resources.length,
        origins: rendered.origins,
        lines: (u) => (this.open.get(u)?.file ?? this.indexed.get(u))?.lines,
        nameSpan: (u, start) => this.index.get(u)?.manifests.find((m) => m.span[0] === start)?.nameSpan,
      });
      for (const n of graph) out.push(n);
    }
    return out;
  }

  /**
   * A rendered resource as YAML, by its JSON (far quicker to write than YAML): most resources of an
   * overlay are the same from one rendering to the next. One table per overlay, of its last rendering.
   */
  private renderedText(kustomization: string): (resource: JsonObject) => string {
    const last = this.renderedYaml.get(kustomization) ?? new Map<string, string>();
    const next = new Map<string, string>();
    this.renderedYaml.set(kustomization, next);
    return (resource) => {
      // A resource the rendering steps handed back unchanged (RenderMemo) is the same object: its text too.
      const known = this.renderedYamlOf.get(resource);
      if (known !== undefined) return known;
      const json = JSON.stringify(resource);
      const yaml = next.get(json) ?? last.get(json) ?? stringify(resource, { lineWidth: 0 });
      next.set(json, yaml);
      this.renderedYamlOf.set(resource, yaml);
      return yaml;
    };
  }

  private readonly renderedYamlOf = new WeakMap<JsonObject, string>();

  private readonly renderedYaml = new Map<string, Map<string, string>>();

  /** Where the problems of each rendered resource are (renderedDiagnostics), per overlay, for a while. */
  private renderedPointers(kustomization: string): Map<string, { starts: string; at: string[] }> {
    let m = this.renderedPointerTables.get(kustomization);
    // Bounded: a table that grew past two renderings' worth starts again.
    if (!m || m.size > 20_000) this.renderedPointerTables.set(kustomization, (m = new Map()));
    return m;
  }

  private readonly renderedPointerTables = new Map<string, Map<string, { starts: string; at: string[] }>>();

  /** Per file: the rendered problems placed in it, by resource (renderedDiagnostics' `placed`). */
  private placedIn(uri: string): WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>> {
    let m = this.placedTables.get(uri);
    if (!m) {
      // Bounded: the files with rendered problems asked for lately.
      if (this.placedTables.size > 256) this.placedTables.clear();
      this.placedTables.set(uri, (m = new WeakMap()));
    }
    return m;
  }

  private readonly placedTables = new Map<string, WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>>>();

  /**
   * Per overlay: the index of its rendered resources, and of each its text, parsed file and, once checked,
   * its own and its cross-document problems.
   */
  private readonly renderedIndexes = new Map<
    string,
    {
      index: WorkspaceIndex;
      slots: {
        text: string;
        file: ParsedFile;
        own?: Diag[];
        cross?: Diag[];
        renamed?: RenamedRef[];
        combined?: { own: Diag[]; cross: Diag[]; all: Diag[] };
      }[];
      /** The names the resources were written with, as last indexed. */
      written?: readonly (string | undefined)[];
      /** The resources the overlay renamed, by written name (renamedReferences), while no identity changes. */
      renamed?: RenamedByName;
    }
  >();

  /**
   * The text of a file the analysis neither holds open nor indexed, for a rendering that reads it (the CLI
   * checking a patch named alone reads its overlay's base this way). None by default.
   */
  readUnindexed: (uri: string) => string | undefined = () => undefined;

  /** The workspace's kustomizations and the files they read, for rename (kustomize/renameInOverlays.ts). */
  overlayWorkspace(): OverlayWorkspace {
    return { kustomizations: this.roles.kustomizations(), read: (u) => this.userText(u) };
  }

  /** The text of a file as the user wrote it: the open document's, else the indexed one, else read. */
  private userText(uri: string): string | undefined {
    const f = this.open.get(uri)?.file;
    return f ? (this.masks.get(f)?.text ?? f.text) : (this.indexedText(uri) ?? this.readUnindexed(uri));
  }

  /**
   * The problems of the overlays' rendered results (`kustomizations`) that the values of a patch (or a
   * kustomization's inline patches) cause, settings applied, those its own diagnostics show left out
   * (kustomize/renderedDiagnostics.ts).
   */
  private inOverlaysOf(uri: string, f: ParsedFile, kustomizations: readonly string[], own: Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    // Each overlay that uses the file, checked alone; the same problem in several is shown once, naming them.
    const rendered = mergeOverlays(
      kustomizations.map((k) => {
        const r = this.renderOverlay(k);
        // What stops kubectl from building it, where written here (a patch's line: naming the overlay).
        const build = buildDiagnostics(r, uri, k === uri ? undefined : overlayName(k), f.text);
        const found = this.renderedFor(uri, f, k, own, r);
        return { overlay: overlayName(k), diags: build.length > 0 ? [...build, ...found] : found };
      }),
    );
    return rendered.length > 0 ? applySettings(f, rendered, { rules: this.settings.rules }) : rendered;
  }

  /** The problems of an overlay's rendered result placed in `uri` (kustomize/renderedDiagnostics.ts). */
  private renderedFor(uri: string, f: ParsedFile, kustomization: string, own: readonly Diag[], r: Rendered): Diag[] {
    return renderedDiagnostics({
      rendered: r,
      kustomization,
      file: uri,
      lines: f.lines,
      own,
      read: (u) => this.userText(u),
      documents: this.resourceDocs,
      validate: (t) => validateFile(this.parse(t)),
      // The rendered resources are held by the overlay's index: parsed and checked once (renderedChecks).
      check: (texts, touched, overlay) => this.renderedChecks(kustomization, texts, touched, overlay, r.written),
      urisOf: (origins) => this.renderMemo.urisOf(origins),
      toText: this.renderedText(kustomization),
      pointers: this.renderedPointers(kustomization),
      placed: this.placedIn(uri),
    });
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

/** Diagnostics and more problems, in position order (the first array itself when there are none). */
const withProblems = (diags: Diag[], more: Diag[]): Diag[] =>
  more.length === 0 ? diags : [...diags, ...more].sort((a, b) => a.start - b.start || a.end - b.end);

/** A fresh analysis (the default inputs: the built-in kinds, the default settings). */
export const createAnalysis = (inputs: AnalysisInputs = {}): Analysis => new Analysis(inputs);

/** A diagnostic whose message reads a masked action as the user wrote it. */
const messageAsWritten = (d: Diag): Diag => (isMasked(d.message) ? { ...d, message: asWritten(d.message) } : d);
