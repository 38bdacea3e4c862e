// The host (rust-analyzer's AnalysisHost): every input goes in as a change (`apply`: texts opened, changed
// and closed, files on disk, settings, CRD sources, committed versions: host/changes.ts), what changes left
// to do is done in slices (`work`), and queries come out (a file's diagnostics, completion, hover, the
// overlays). lsp/, cli/ and mcp/ hold it as host/hostApi.ts's `Host` (`createHost`), never as this class. It
// owns the state through the owners in host/: the documents and who holds a chunk (documents.ts, held here),
// the CRDs' kinds (crdKinds.ts), the Kustomize overlays (overlays.ts), the one diagnostics query
// (diagnostics.ts) and fix-all (fixAll.ts); here are the inputs, the switch to a new registry (new store and
// index, every file analysed again) and the queries, each delegating. The language server holds one, the
// CLI one per run, a test as many as it likes.
import { builtinRegistry, type Registry } from '../model/registry';
import type { GraphNode } from '../protocol/customRequests';
import { CrdKinds } from './host/crdKinds';
import { Documents } from './host/documents';
import type { Diag } from './core/diag';
import type { Edit } from './core/edits';
import { ChunkStore, type ParsedFile, type WorkCounters } from './core/parse';
import type { FileRole } from './workspace/fileRoles';
import { definesRoles } from './workspace/fileRoles';
import { Overlays } from './host/overlays';
import { resolveFrom } from './workspace/kustomize/kustomization';
import type { FileKind } from './workspace/kustomize/buildErrors';
import { configurationPaths } from './workspace/kustomize/ownerConfig';
import type { OverlayWorkspace } from './workspace/kustomize/renameInOverlays';
import type { Rendered } from './workspace/kustomize/render';
import { completionQuery, hoverQuery, type CompletionResult } from './editorQueries';
import { DEFAULT_SETTINGS, type Settings } from './core/settings';
import { kubernetesMinor, NEWEST_RELEASED_MINOR } from './core/kubernetesVersion';
import type { DocumentSource } from './core/source';
import { isTooLarge } from './checks/tooLarge';
import { createWorkspaceIndex } from './workspace/checks';
import { countOverDocs } from './core/docCount';
import { WORKSPACE_SCOPE } from './core/scope';
import { changedAt, type BaseVersion } from './checks/changes/check';
import type { WorkspaceIndex } from './workspace/workspaceIndex';
import type { KubeDescriptionSource } from './features/kubeHover';
import type { Change } from './host/changes';
import type { DiagnosticsQuery, FileView, Host, WorkStep } from './host/hostApi';
import type { FactsSetup } from './host/takeFacts';
import { takeFacts } from './host/takeFacts';
import { entryOf } from './host/ingest';
import { headOf } from './checks/identity';

/** A Kustomize configuration file teaching name references. */
const NAME_REFERENCES = /^nameReference\s*:/m;
/** Whether a document (by its content key) has a `nameReference:` line, looked at once. */
const namesReferences = new WeakMap<object, boolean>();

/**
 * Whether a file teaches name references. From its documents when parsed (a line is inside one document),
 * each looked at once: an edit of a large file looks at the documents split again, not at its whole text.
 */
function teachesNameReferences(file: ParsedFile | string): boolean {
  if (typeof file === 'string') return NAME_REFERENCES.test(file);
  return countOverDocs(file, namesReferencing, docNamesReferences) > 0;
}

function docNamesReferences(d: { readonly text: string; readonly key: object }): number {
  let has = namesReferences.get(d.key);
  if (has === undefined) namesReferences.set(d.key, (has = NAME_REFERENCES.test(d.text)));
  return has ? 1 : 0;
}
/** How many documents of a file version have a `nameReference:` line (see core/docCount.ts). */
const namesReferencing = new WeakMap<object, number>();

/** The minor of the settings' Kubernetes release (readSettings has checked it; the newest otherwise). */
const minorOf = (s: Settings): number => kubernetesMinor(s.kubernetesVersion ?? '') ?? NEWEST_RELEASED_MINOR;

export interface AnalysisInputs {
  /** The kinds the analysis knows (default: the built-in ones). */
  registry?: Registry;
  settings?: Settings;
  /** Kustomize overlays are rendered and their results checked (default); patches are checked either way. */
  renderOverlays?: boolean;
  /**
   * The text of a file the analysis neither holds open nor indexed, for a rendering that reads it (the CLI
   * checking a patch named alone reads its overlay's base this way). None by default.
   */
  readUnindexed?: (uri: string) => string | undefined;
  /**
   * What a uri is on disk (`kubectl kustomize` reads the disk): a kustomization's entry naming nothing is
   * an Error only where this says `missing`. Unknown by default (then nothing is said).
   */
  fileKind?: (uri: string) => FileKind | undefined;
  /** The files the `helmTemplates` setting makes Helm templates (besides a chart's `templates/`). */
  templateFiles?: (uri: string) => boolean;
  /**
   * The descriptions hover shows for Kubernetes' own kinds' fields, asked for at the first such hover (the
   * server reads the file the build made; none by default: the facts alone).
   */
  kubeDescriptions?: KubeDescriptionSource;
}

export type { Change } from './host/changes';

import { FileDiagnostics, type CrossFileOptions, type DiagnosticsPart } from './host/diagnostics';
export type { CrossFileOptions, DiagnosticsPart, FileText } from './host/diagnostics';
export type { BuildError, JsonObject, Rendered } from './workspace/kustomize/render';

export class Analysis implements Host {
  /** The kinds known: the built-in ones, and those of the CRDs read (`applyCrds`). */
  get registry(): Registry {
    return this.store.registry;
  }
  /** The settings in force (changed by `apply({ kind: 'settings' })`). */
  get settings(): Settings {
    return this.current.settings;
  }
  /** The chunks of every file this analysis has parsed (content-keyed, see parse.ts); new with each registry. */
  get store(): ChunkStore {
    return this.current.store;
  }
  /** Every manifest of the indexed files; new with each registry (read it only). */
  get index(): WorkspaceIndex {
    return this.current.index;
  }
  /** What changes with the inputs: the settings, and the store and index made with each registry. */
  private readonly current: { settings: Settings; store: ChunkStore; index: WorkspaceIndex };
  /** The kinds of the CRDs read (host/crdKinds.ts). */
  private readonly crds: CrdKinds;
  /** The registry given at creation: CRDs are added to it. */
  private readonly baseRegistry: Registry;
  /** See AnalysisInputs.renderOverlays. */
  readonly renderOverlays: boolean;
  readonly kubeDescriptions: KubeDescriptionSource | undefined;

  /**
   * The documents: open, indexed, their roles and masks, and who holds a chunk (host/documents.ts). Read
   * inside service/ only: lsp/ and cli/ see the host through host/hostApi.ts.
   */
  readonly docs: Documents;

  constructor(inputs: AnalysisInputs = {}) {
    this.docs = new Documents({
      store: () => this.store,
      index: () => this.index,
      settings: () => this.settings,
      setCrdFile: (uri, text) => this.setCrdFile(uri, text),
    });
    this.renderOverlays = inputs.renderOverlays ?? true;
    this.baseRegistry = inputs.registry ?? builtinRegistry();
    this.crds = new CrdKinds(this.baseRegistry);
    const minor = minorOf(inputs.settings ?? DEFAULT_SETTINGS);
    // The built-in kinds of Kubernetes the registry knows are the targeted release's.
    const registry = this.baseRegistry.atRelease(minor);
    this.current = {
      settings: inputs.settings ?? DEFAULT_SETTINGS,
      store: new ChunkStore(registry, () => this.apiDomain(), minor),
      index: createWorkspaceIndex(registry),
    };
    if (inputs.readUnindexed) this.readUnindexed = inputs.readUnindexed;
    const onDisk = inputs.fileKind;
    if (inputs.templateFiles) this.docs.roles.templateFiles = inputs.templateFiles;
    this.kubeDescriptions = inputs.kubeDescriptions;
    this.overlays = new Overlays({
      render: this.renderOverlays,
      userText: (u) => this.userText(u),
      fileOf: (u) => this.docs.open.get(u)?.file ?? this.docs.indexed.get(u),
      store: () => this.store,
      roles: () => this.docs.roles,
      settings: () => this.settings,
      index: () => this.index,
      reads: this.docs.kustomizationReads,
    });
    this.diagnosticsQuery = new FileDiagnostics({
      settings: () => this.settings,
      roles: () => this.docs.roles,
      store: () => this.store,
      index: () => this.index,
      fileOf: (u) => this.docs.open.get(u)?.file ?? this.docs.indexed.get(u),
      maskOf: (f) => this.docs.masks.get(f),
      userText: (u) => this.userText(u),
      exists: (u) => this.docs.open.has(u) || this.docs.indexed.has(u),
      // An open or indexed file is there, whatever the disk says (an editor's new file, not yet saved).
      fileKind: (u) => (this.userText(u) !== undefined ? 'file' : onDisk?.(u)),
      baseOf: (u) => this.bases.get(u),
      overlays: this.overlays,
      crds: this.crds,
      reads: this.docs.kustomizationReads,
    });
  }

  // The documents' own members that service/ and its tests read on the analysis (lsp/ and cli/ see the host's
  // interface instead: host/hostApi.ts).
  parse(text: string, options: { as?: string; cache?: boolean } = {}): ParsedFile {
    return options.as !== undefined ? this.docs.parseAs(options.as, text) : this.docs.parse(text, options);
  }
  indexFile(...a: Parameters<Documents['indexFile']>): string[] {
    return this.docs.indexFile(...a);
  }
  openFile(...a: Parameters<Documents['openFile']>): ParsedFile {
    return this.docs.openFile(...a);
  }
  closeFile(uri: string): void {
    this.docs.closeFile(uri);
  }
  parseAs(...a: Parameters<Documents['parseAs']>): ParsedFile {
    return this.docs.parseAs(...a);
  }
  roleOf(uri: string): FileRole {
    return this.docs.roleOf(uri);
  }
  readOnce<T>(fn: () => T): T {
    return this.store.readOnce(fn);
  }
  get counters(): Readonly<WorkCounters> {
    return this.store.counters;
  }
  indexedFile(uri: string): ParsedFile | undefined {
    return this.docs.indexedFile(uri);
  }
  openFileOf(uri: string): ParsedFile | undefined {
    return this.docs.openFileOf(uri);
  }
  analyze(...a: Parameters<Documents['analyze']>): ParsedFile {
    return this.docs.analyze(...a);
  }
  reindexPending(...a: Parameters<Documents['reindexPending']>): boolean {
    return this.docs.reindexPending(...a);
  }

  /** The Kustomize overlays, rendered and checked (host/overlays.ts): every rendering cache is in there. */
  private readonly overlays: Overlays;

  /** The one diagnostics query (host/diagnostics.ts). */
  private readonly diagnosticsQuery: FileDiagnostics;

  /** The API domain of apiVersions the checks write: the `apiDomain` setting, else the workspace's most used. */
  private apiDomain(): string | undefined {
    return this.settings.apiDomain || this.index.domains()[0];
  }

  /**
   * Applies changes of the inputs, in order; returns the files whose diagnostics they may change (each file
   * itself and those depending on what it defines or reads: a file's dependents in the index, the files of
   * the overlays it renders in, the files whose role it decides). CRD changes take effect at `work('kinds')`.
   */
  apply(changes: Change | readonly Change[]): Set<string> {
    if (!Array.isArray(changes)) return this.applyOne(changes as Change);
    const out = new Set<string>();
    for (const c of changes as readonly Change[]) for (const u of this.applyOne(c)) out.add(u);
    return out;
  }

  private applyOne(change: Change): Set<string> {
    switch (change.kind) {
      case 'open': {
        const file = this.docs.openFile(change.uri, change.version, change.text);
        return change.index === undefined ? new Set([change.uri]) : this.updateFile(change.uri, file, change.index);
      }
      case 'close':
        this.docs.closeFile(change.uri);
        return new Set([change.uri]);
      case 'file': {
        const { uri, file, scope } = change;
        if (file === undefined) {
          const keys = this.unindexFile(uri);
          return this.index.dependents([uri, ...(definesRoles(uri) ? this.docs.reroled : [])], keys);
        }
        // A text read from disk enters as ingest.ts decides; an open document's parsed version as it is.
        const parsed =
          typeof file === 'string'
            ? this.docs.ingest(uri, file, {
                analyse: change.analyse === true,
                cache: change.cache,
                facts: change.facts && change.facts.stamp === this.stamp ? change.facts : undefined,
                lines: change.lines,
              })
            : file;
        if (change.affected === false) {
          this.docs.indexFile(uri, parsed, scope);
          return new Set();
        }
        return this.updateFile(uri, parsed, scope);
      }
      case 'settings': {
        const before = minorOf(this.settings);
        this.current.settings = change.settings;
        this.stamp++;
        // Which CEL libraries a CRD rule may use changed: every cached verdict of a CRD or of a manifest of its
        // kinds may change, so the caches are made again (as for new kinds). The caller checks every file again.
        if (minorOf(change.settings) !== before) this.setRegistry(this.registry);
        return new Set();
      }
      case 'crd':
        this.setCrdFile(change.uri, change.text);
        return new Set();
      case 'base':
        this.setBase(change.uri, change.base);
        return new Set([change.uri]);
      case 'outline':
        this.docs.outlined.add(change.uri);
        return new Set();
      case 'templates':
        this.docs.roles.templateFiles = change.match;
        return new Set();
      case 'rescan':
        this.docs.reindexQueue.clear();
        return new Set();
      case 'hold':
        // Only into the store it was parsed in (new kinds made a new one: the old is garbage).
        if (change.file.store !== this.store) return new Set();
        if (change.held) this.store.hold(change.file);
        else this.store.release(change.file);
        return new Set();
      case 'facts':
        if (change.file.store === this.store && change.facts.stamp === this.stamp)
          takeFacts(this, change.file, change.facts.facts, change.facts.kinds, change.facts.partial);
        return new Set();
    }
  }

  /**
   * The kinds and settings the caches were made with, counted: a worker's facts computed for others are
   * not taken (FactsSetup.stamp).
   */
  private stamp = 0;

  /** See Host.work. */
  work(step: WorkStep, stop: (next?: { uri: string; text: string }) => boolean = () => false): boolean {
    if (step === 'crds') return this.readCrds(() => stop());
    if (step === 'kinds') return this.applyCrds({ deferIndex: true });
    return this.docs.reindexPending(stop);
  }

  /** See Host.diagnostics. */
  diagnostics(uri: string, query: DiagnosticsQuery = {}): { all: Diag[]; rendered: Diag[] } {
    return this.diagnosticsWithRendered(uri, query.file, query.cross, true, query.part);
  }

  largeFileSteps(text: string) {
    return this.docs.largeFileSteps(text);
  }

  /** See Host.file. */
  file(uri: string): FileView {
    const { docs } = this;
    // Its answers read the host now (`this` in arrow functions: the view's getters have their own).
    const ask = {
      userText: () => this.userText(uri),
      max: () => this.settings.maxDocumentSize,
      rendersIn: () => this.rendersIn(uri),
      unknownKinds: () => this.unknownKinds(uri),
      base: () => this.bases.get(uri),
      comparedAt: (text: string | (() => string), offset: number) => this.comparedAt(uri, text, offset),
      overlayReads: () => this.overlays.readsOf(uri),
    };
    return {
      uri,
      get role() {
        return docs.roleOf(uri);
      },
      get open() {
        return docs.openFileOf(uri);
      },
      get indexed() {
        return docs.indexedFile(uri);
      },
      get held() {
        return docs.holdsFile(uri);
      },
      get scope() {
        return docs.scopes.get(uri);
      },
      userText: ask.userText,
      textOf: (f) => docs.userTextOf(f) ?? f.text,
      entry: (text) => entryOf(docs.roleOf(uri).role, text, ask.max()),
      get rendersIn() {
        return ask.rendersIn();
      },
      get unknownKinds() {
        return ask.unknownKinds();
      },
      get base() {
        return ask.base();
      },
      comparedAt: ask.comparedAt,
      get overlayReads() {
        return ask.overlayReads();
      },
      openFrom: (source) => docs.openFrom(uri, source),
    };
  }

  /** See FileView.unknownKinds: a manifest's (not a template's, a patch's or a kustomization's) documents. */
  private unknownKinds(uri: string): boolean {
    if (this.docs.roleOf(uri).role !== 'manifest') return false;
    const file = this.docs.openFileOf(uri) ?? this.docs.indexedFile(uri);
    if (!file) return false;
    return file.docs.some((d) => {
      const head = headOf(d.text);
      return head !== undefined && this.registry.lookup(head.apiVersion, head.kind).status === 'notOurs';
    });
  }

  /** See Host.files. */
  files(scope?: string): string[] {
    const all = this.docs.heldFiles();
    if (scope === undefined) return all;
    return all.filter((u) => (this.docs.scopes.get(u) ?? this.docs.reindexQueue.get(u)?.scope) === scope);
  }

  /** See Host.status. */
  status() {
    // Each read when asked (the manifests are counted over the index: not on every edit's flush).
    const ask = { index: () => this.index, crds: () => this.crds, store: () => this.store, kinds: () => this.registry };
    return {
      get kinds() {
        return ask.kinds();
      },
      get manifests() {
        return ask.index().manifestCount;
      },
      get crdsPending() {
        return ask.crds().changed;
      },
      get counters() {
        return ask.store().counters;
      },
    };
  }

  /** See Host.factsSetup. */
  factsSetup(): FactsSetup {
    return { settings: this.settings, crds: this.crdSources(), stamp: this.stamp };
  }

  templateSteps(text: string) {
    return this.docs.templateSteps(text);
  }

  /** See Host.overlay. */
  overlay(kustomization: string) {
    return {
      rendered: () => this.overlays.renderOverlay(kustomization),
      ownerConfigFix: () => this.overlays.ownerConfigFix(kustomization),
    };
  }

  /**
   * Takes the CRD documents of a file (an indexed file's, or one the `crds` setting names; none: the file
   * holds no CRD any more). The registry follows at `applyCrds`.
   */
  setCrdFile(uri: string, text: string | ParsedFile | undefined): void {
    this.crds.set(uri, text);
  }

  /**
   * Reads the CRD documents not read yet, one at a time until `stop()` says so (host/crdKinds.ts); whether
   * all are read. `applyCrds` reads the rest.
   */
  readCrds(stop: () => boolean = () => false): boolean {
    return this.crds.read(stop);
  }

  /**
   * The CRD documents the current registry was built from, each file's as one text, in the order taken:
   * another analysis that takes them in that order has the same kinds (host/crdKinds.ts `sources`).
   */
  crdSources(): { uri: string; text: string }[] {
    return [...this.crds.builtSources];
  }

  /** The CRDs read changed since the registry was last built. */
  get crdsChanged(): boolean {
    return this.crds.changed;
  }

  /**
   * Builds the registry again from the CRDs read, when they changed; then every open and indexed file is
   * analysed again with it (their kinds may have changed). Returns whether the registry changed. With
   * `deferIndex`, the indexed files are only queued: the index holds them again as `reindexPending` goes.
   */
  applyCrds(options: { deferIndex?: boolean } = {}): boolean {
    const registry = this.crds.build();
    if (!registry || registry === this.registry) return false;
    this.setRegistry(registry, options.deferIndex === true);
    return true;
  }

  /** A new registry: new caches, every open and indexed file parsed and analysed again (`defer`: queued). */
  private setRegistry(kinds: Registry, defer = false): void {
    this.stamp++;
    const registry = kinds.atRelease(minorOf(this.settings));
    this.current.store = new ChunkStore(registry, () => this.apiDomain(), minorOf(this.settings));
    this.current.index = createWorkspaceIndex(registry);
    // Rendered overlays were parsed in the old store with the old kinds: rendered again on demand.
    this.overlays.reset();
    // The user's texts (a Helm template's, not its mask: parsed as what it is again).
    const userText = (file: ParsedFile) => this.docs.masks.get(file)?.text ?? file.text;
    const indexed = [
      ...[...this.docs.indexed].map(([uri, file]): [string, { text: string; scope: string | undefined }] => [
        uri,
        { text: userText(file), scope: this.docs.scopes.get(uri) },
      ]),
      ...this.docs.reindexQueue,
    ];
    this.docs.indexed.clear();
    this.docs.reindexQueue.clear();
    for (const [uri, entry] of indexed) this.docs.reindexQueue.set(uri, entry);
    if (!defer) this.docs.reindexPending();
    for (const [uri, hit] of this.docs.open) {
      const text = userText(hit.file);
      // As openFile does: a document too large to analyse is parsed on demand and not held (tooLarge.ts).
      if (isTooLarge(text, this.settings.maxDocumentSize)) {
        this.docs.open.set(uri, { version: hit.version, file: this.docs.parse(text, { cache: false }) });
        continue;
      }
      const file = this.docs.parseAs(uri, text, this.docs.outlined.has(uri));
      this.store.hold(file);
      this.docs.open.set(uri, { version: hit.version, file });
    }
  }

  /**
   * Rendering steps computed (not found in the memo of rendered overlays) so far: a test reads how much of
   * its overlays an edit rendered again.
   */
  get renderSteps(): number {
    return this.overlays.renderSteps;
  }

  /** `indexFile` and the files whose cross-document diagnostics may change, the file included. */
  updateFile(uri: string, file: ParsedFile | string, scope: string = WORKSPACE_SCOPE): Set<string> {
    const keys = this.docs.indexFile(uri, file, scope);
    // A kustomization or a Chart.yaml edited: the files it makes patches or templates read differently;
    // a kustomization or a patch edited: the files of the overlay it renders show its problems.
    const role = this.docs.roles.roleOf(uri);
    const overlays = role.role === 'patch' ? role.overlays : role.role === 'kustomization' ? [uri] : [];
    const read = overlays.flatMap((k) => this.overlays.readsOf(k));
    // A resource file edited: the kustomizations and patches of the overlays that render it.
    if (overlays.length === 0)
      for (const k of this.overlays.readersOf(uri)) read.push(k, ...this.docs.roles.patchesOf(k));
    // A Kustomize configuration file edited: the kustomizations listing it (the owner references it teaches).
    if (overlays.length === 0 && teachesNameReferences(file))
      for (const k of this.docs.roles.kustomizations()) {
        const text = this.userText(k);
        if (text !== undefined && configurationPaths(text).some((p) => resolveFrom(k, p) === uri)) read.push(k);
      }
    return this.index.dependents([uri, ...(definesRoles(uri) ? this.docs.reroled : []), ...read], keys);
  }

  /** Removes a file from the index; returns the name keys it defined. */
  unindexFile(uri: string): string[] {
    this.docs.reindexQueue.delete(uri);
    const before = this.docs.indexed.get(uri);
    if (before) this.store.release(before);
    this.docs.indexed.delete(uri);
    this.docs.scopes.delete(uri);
    this.setCrdFile(uri, undefined);
    const keys = this.index.remove(uri);
    if (definesRoles(uri)) keys.push(...this.docs.rolesChanged(this.docs.roles.update(uri, undefined)));
    this.overlays.forget(uri);
    return keys;
  }

  /** The committed version each file is compared with (changes/check.ts), as the host read it. */
  readonly bases = new Map<string, BaseVersion>();

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
  comparedAt(uri: string, text: string | (() => string), offset: number): string | undefined {
    const base = this.bases.get(uri);
    // The text read only with a committed version to compare (an open document's is joined on demand).
    return base && changedAt(typeof text === 'string' ? text : text(), base, offset)
      ? `${base.ref} (${base.commit})`
      : undefined;
  }

  /**
   * The diagnostics query: a file's diagnostics exactly as the editor (open or closed files) and the CLI show
   * them (host/diagnostics.ts), the only place they are assembled. `file` defaults to the open document's
   * current version, else the indexed file. `part`: `first` leaves out the overlays' problems (a first
   * publish while they are computed); `cross` gives only the cross-document ones (closed files in the
   * `openFiles` problems scope).
   */
  fileDiagnostics(uri: string, file?: ParsedFile, cross?: CrossFileOptions, part: DiagnosticsPart = 'all'): Diag[] {
    return this.diagnosticsQuery.fileDiagnostics(uri, file, cross, part);
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
    part: DiagnosticsPart = 'all',
  ): { all: Diag[]; rendered: Diag[] } {
    if (part !== 'all') return { all: this.fileDiagnostics(uri, file, cross, part), rendered: [] };
    return this.diagnosticsQuery.diagnosticsWithRendered(uri, file, cross, withRendered);
  }

  /** The own diagnostics of a document made from the user's text, placed in the user's text (source.ts). */
  sourceDiagnostics(source: DocumentSource): Diag[] {
    return this.diagnosticsQuery.sourceDiagnostics(source);
  }

  /**
   * Whether a file's diagnostics include problems of Kustomize overlays that render it (a patch, a
   * kustomization, a resource file an overlay that transforms it reads: host/overlays.ts).
   */
  rendersIn(uri: string): boolean {
    return this.overlays.rendersIn(uri);
  }

  /** For a hover in a patch file: what the field at `offset` renders to in its overlays (markdown). */
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined {
    return this.overlays.renderedHover(uri, file, offset);
  }

  /** The quick fix of an overlay's kustomize-owner-renamed (host/overlays.ts). */
  ownerConfigFix(
    kustomization: string,
  ): { create: { uri: string; text: string }; edit: Edit; base: string } | undefined {
    return this.overlays.ownerConfigFix(kustomization);
  }

  /** The owner trees of the overlays' rendered results. */
  overlayGraphs(): GraphNode[] {
    return this.overlays.overlayGraphs();
  }

  /**
   * An overlay rendered as `kubectl kustomize` renders it (host/overlays.ts, the rendering its checks use):
   * its resources and what stops (or may stop) the build. `kustomization`: the kustomization file's uri.
   */
  renderKustomization(kustomization: string): Rendered {
    return this.overlays.renderOverlay(kustomization);
  }

  /** Completion at `offset` of an open or indexed file (editorQueries.ts); `trigger`: the character typed. */
  completion(uri: string, file: ParsedFile, offset: number, trigger?: string): CompletionResult {
    return completionQuery(this, uri, file, offset, trigger);
  }

  /** Hover at `offset` of a file (editorQueries.ts): its markdown and the offsets it is about. */
  hover(uri: string, file: ParsedFile, offset: number): { markdown: string; start: number; end: number } | undefined {
    return hoverQuery(this, uri, file, offset);
  }

  /**
   * The text of a file the analysis neither holds open nor indexed, for a rendering that reads it (the CLI
   * checking a patch named alone reads its overlay's base this way). None by default.
   */
  private readonly readUnindexed: (uri: string) => string | undefined = () => undefined;

  /** The workspace's kustomizations and the files they read, for rename (kustomize/renameInOverlays.ts). */
  overlayWorkspace(): OverlayWorkspace {
    return { kustomizations: this.docs.roles.kustomizations(), read: (u) => this.userText(u) };
  }

  /** The text of a file as the user wrote it: the open document's, else the indexed one, else read. */
  private userText(uri: string): string | undefined {
    const f = this.docs.open.get(uri)?.file;
    return f ? (this.docs.masks.get(f)?.text ?? f.text) : (this.docs.indexedText(uri) ?? this.readUnindexed(uri));
  }
}

/** A host (host/hostApi.ts): what lsp/, cli/ and mcp/ hold — the interface, not the class. */
export const createHost = (inputs: AnalysisInputs = {}): Host => new Analysis(inputs);
export type { Host } from './host/hostApi';
