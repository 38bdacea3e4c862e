// What the editor (lsp/), the CLI (cli/) and the MCP server (mcp/) hold of the host: this interface, not the
// class (issue 46; rust-analyzer's AnalysisHost). One writer, `apply`, takes every change of the inputs in order;
// `work` does, in slices the caller bounds, what a change left to do (CRDs to read, kinds to build, files to
// index again with them); everything else is a query. The lint refuses an import of the class itself outside
// service/ (eslint.config.mjs), and test/lint/hostApi.test.ts keeps this interface small.
import type { Registry } from '../../model/registry';
import type { Diag } from '../core/diag';
import type { Edit } from '../core/edits';
import type { ParsedFile, WorkCounters } from '../core/parse';
import type { DocumentText } from '../core/fileText';
import type { Settings } from '../core/settings';
import type { BaseVersion } from '../checks/changes/check';
import type { largeFileSteps } from '../checks/tooLarge';
import type { FileRole } from '../workspace/fileRoles';
import type { Rendered } from '../workspace/kustomize/render';
import type { CompletionResult } from '../editorQueries';
import type { Change } from './changes';
import type { CrossFileOptions, DiagnosticsPart } from './diagnostics';
import type { Entry } from './ingest';
import type { FactsSetup } from './takeFacts';

/** A file as the host holds it. */
export interface FileView {
  readonly uri: string;
  /** What the file is to the workspace (a manifest, a kustomization, a patch, a template). */
  readonly role: FileRole;
  /** The open document's current version. */
  readonly open: ParsedFile | undefined;
  /** The indexed file, as parsed for what it is (a template's mask, with its mask known). */
  readonly indexed: ParsedFile | undefined;
  /** Indexed, or queued to be indexed again with new kinds. */
  readonly held: boolean;
  /** The scope it was indexed in (the workspace folders', or another). */
  readonly scope: string | undefined;
  /** Its text as the user wrote it (a template's, not its mask): the open document's, else the indexed one. */
  userText(): string | undefined;
  /** The text a version of the file was made from, as the user wrote it (a template's, not its mask). */
  textOf(file: ParsedFile): string;
  /** How a text of this file would enter (host/ingest.ts): too large, unread, a template, partial, whole. */
  entry(text: string | { readonly length: number; getText(): string }): Entry;
  /**
   * A manifest of the file (its open version, else the indexed one) is of a kind the host does not know now:
   * while CRDs are still to be found or read, its diagnostics would be incomplete (lsp/publish.ts waits).
   */
  readonly unknownKinds: boolean;
  /** Its diagnostics include problems of Kustomize overlays that render it. */
  readonly rendersIn: boolean;
  /**
   * A kustomization: the files its overlay's last rendering read (itself, its bases' kustomizations, their
   * resources and patches); none before it is rendered (`Host.overlay`). What an edit of one of them concerns.
   */
  readonly overlayReads: readonly string[];
  /** The committed version it is compared with, if any. */
  readonly base: BaseVersion | undefined;
  /** "HEAD (abc1234)" where the document at `offset` differs from its committed version. */
  comparedAt(text: string | (() => string), offset: number): string | undefined;
  /** The open document's current version was made from `source` as it is now (its revision). */
  openFrom(source: DocumentText): boolean;
}

/** The diagnostics query's options (host/diagnostics.ts). */
export interface DiagnosticsQuery {
  /** The file's version asked about (default: the open document's, else the indexed one). */
  file?: ParsedFile;
  cross?: CrossFileOptions;
  /** `first`: the overlays' problems left out (a first publish while they are computed); `cross`: only those. */
  part?: DiagnosticsPart;
}

/** The slices of `work`: CRD documents read, the kinds built from them, files indexed again with them. */
export type WorkStep = 'crds' | 'kinds' | 'reindex';

export interface Host {
  /**
   * Takes changes of the inputs, in order (texts opened, changed and closed; files with their scope; CRD
   * files; committed versions; settings); returns the files whose diagnostics they may change.
   */
  apply(changes: Change | readonly Change[]): Set<string>;
  /**
   * Does what changes left to do, until `stop` says so (`next`: the file it would index now): `crds` reads
   * the CRD documents taken; `kinds` builds the kinds from them (the files are queued to be indexed again);
   * `reindex` indexes the queued files. Returns whether the step is done (`kinds`: whether they changed).
   */
  work(step: WorkStep, stop?: (next?: { uri: string; text: string }) => boolean): boolean;
  /**
   * A file's diagnostics, exactly as the editor (open or closed) and the CLI show them (`all`), and among them
   * the problems of the overlays that render it (`rendered`: a publish carries them to an edit's first one).
   */
  diagnostics(uri: string, query?: DiagnosticsQuery): { all: Diag[]; rendered: Diag[] };
  /** The diagnostics of a text too large to check in full, in steps (its YAML syntax, in slices). */
  largeFileSteps(text: string): ReturnType<typeof largeFileSteps>;
  completion(uri: string, file: ParsedFile, offset: number, trigger?: string): CompletionResult;
  hover(uri: string, file: ParsedFile, offset: number): { markdown: string; start: number; end: number } | undefined;
  file(uri: string): FileView;
  /** The files held (indexed, or queued to be indexed again), in a scope if given. */
  files(scope?: string): string[];
  /**
   * The kinds known, the manifests indexed, whether CRD documents taken are still to be read or built into
   * the kinds (`work`), and how much work the analysis did (a test reads it).
   */
  status(): { kinds: Registry; manifests: number; crdsPending: boolean; counters: Readonly<WorkCounters> };
  readonly settings: Settings;
  /** What a worker thread is told to compute facts the host can take (its settings and CRDs, in order). */
  factsSetup(): FactsSetup;
  /** A Helm template's mask made in steps (the scan's slices); the last step gives the file as parsed. */
  templateSteps(text: string): Generator<string | void, ParsedFile>;
  /**
   * A text parsed in the host's store, not held: as the file `as` would enter (ingest.ts), else plainly
   * (`cache: false`: its trees kept out of the shared cache).
   */
  parse(text: string, options?: { as?: string; cache?: boolean }): ParsedFile;
  /** Runs `fn` with the trees it parses dropped when it returns (one tree for a request's queries). */
  readOnce<T>(fn: () => T): T;
  /**
   * A Kustomize overlay by its kustomization: rendered as `kubectl kustomize` renders it, and the quick fix of
   * its kustomize-owner-renamed (the configuration teaching its name references).
   */
  overlay(kustomization: string): {
    rendered(): Rendered;
    ownerConfigFix(): { create: { uri: string; text: string }; edit: Edit; base: string } | undefined;
  };
}
