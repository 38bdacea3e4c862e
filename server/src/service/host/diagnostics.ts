// The diagnostics query (issue 32's "one pipeline"): a file's diagnostics exactly as the editor (open or
// closed files) and the CLI show them, assembled here and nowhere else: its own checks as what the file is
// (a manifest, a patch, a kustomization, a Helm template; a file too large to check in full), the problems
// of the Kustomize overlays that render it (host/overlays.ts), the cross-document ones (workspace/), those of
// its change against its committed version (changes/), CRD kind conflicts (host/crdKinds.ts); the settings'
// severities and the disable comments applied, in position order. The analysis (service/analysis.ts) owns
// the inputs and answers `fileDiagnostics` through this.
import type { Diag } from '../core/diag';
import { textLength, type ChunkStore, type ParsedFile } from '../core/parse';
import type { FileRoles } from '../workspace/fileRoles';
import { isMasked, maskTemplate, type MaskedTemplate } from '../workspace/helm/mask';
import { asWritten } from '../workspace/helm/unmask';
import { templateDiagnostics } from '../workspace/helm/templateDiagnostics';
import { kustomizationDiagnostics, patchFileDiagnostics } from '../workspace/kustomize/patchDiagnostics';
import type { KustomizationReads } from '../workspace/kustomize/kustomization';
import type { FileKind } from '../workspace/kustomize/buildErrors';
import { overlayName } from '../workspace/kustomize/renderedDiagnostics';
import { overPatchLimitDiag, unreadAsOverlay } from '../workspace/kustomize/textLimit';
import type { Settings } from '../core/settings';
import { toUserSpans, type DocumentSource } from '../core/source';
import { isTooLarge, largeFileDiagnostics } from '../checks/tooLarge';
import { validateFile } from '../checks/validate';
import { settingsOf } from '../core/ruleSettings';
import { checkFile, defaultDisplay } from '../workspace/checks';
import { kustomizeObjectNames } from '../workspace/kustomize/objectNames';
import type { ObjectFacts } from '../workspace/rules/crossFileContext';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { changeDiagnostics, creationChangeDiagnostics, type BaseVersion } from '../checks/changes/check';
import type { CrdKinds } from './crdKinds';
import type { Overlays } from './overlays';

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

/** Which of a file's diagnostics a query asks for (see `FileDiagnostics.fileDiagnostics`). */
export type DiagnosticsPart = 'all' | 'first' | 'cross';

/** A file's text and line index: all that settings and disable comments need. */
export type FileText = Pick<ParsedFile, 'text' | 'lines'>;

/** What the query reads of the analysis that owns the inputs (each a current value: the kinds change). */
export interface DiagnosticsInputs {
  settings(): Settings;
  roles(): FileRoles;
  store(): ChunkStore;
  index(): WorkspaceIndex;
  /** The open document's current version, else the indexed file. */
  fileOf(uri: string): ParsedFile | undefined;
  /** A template's mask, when `file` is one. */
  maskOf(file: ParsedFile): MaskedTemplate | undefined;
  userText(uri: string): string | undefined;
  /** Whether the analysis holds a file (open or indexed), without reading its text. */
  exists(uri: string): boolean;
  /** What a uri is on disk, for the entries of kustomizations (undefined: not known). */
  fileKind(uri: string): FileKind | undefined;
  baseOf(uri: string): BaseVersion | undefined;
  readonly overlays: Overlays;
  readonly crds: CrdKinds;
  /** Kustomization texts read once for the roles, the checks and the render. */
  readonly reads: KustomizationReads;
}

/** The one Information of a file not compared with its committed version, on its first line. */
function notCompared(text: string, base: BaseVersion): Diag {
  const eol = text.indexOf('\n');
  const end = eol < 0 ? Math.min(text.length, 200) : Math.min(eol, 200);
  return {
    code: 'not-compared',
    message: `Not compared with ${base.ref}${base.commit ? ` (${base.commit})` : ''}: ${base.notCompared}. Changes to write-once fields, owners, names and transition rules are not checked in this file.`,
    start: 0,
    end: end > 0 && text[end - 1] === '\r' ? end - 1 : end,
  };
}

export class FileDiagnostics {
  constructor(private readonly inputs: DiagnosticsInputs) {}

  /** The kustomizations' facts about ConfigMaps and Secrets, with the texts they were read from. */
  private objectFactsRead?: {
    version: number;
    /** Each file read: its text, or (a resource file only looked for) whether it is there. */
    reads: Map<string, string | boolean | undefined>;
    facts: ObjectFacts;
  };

  /**
   * What the kustomizations and charts say of the workspace's ConfigMaps and Secrets (rules/kubeReferences.ts):
   * read again when a kustomization, a patch it names or a chart changed, else the same object (its identity
   * keeps the cross-document results: crossCache.ts).
   */
  private objectFacts(): ObjectFacts {
    const roles = this.inputs.roles();
    const hit = this.objectFactsRead;
    const same = ([u, t]: [string, string | boolean | undefined]) =>
      typeof t === 'boolean' ? this.inputs.exists(u) === t : this.inputs.userText(u) === t;
    if (hit && hit.version === roles.version && [...hit.reads].every(same)) return hit.facts;
    const reads = new Map<string, string | boolean | undefined>();
    const names = kustomizeObjectNames(
      roles.kustomizations().sort(),
      (u) => {
        const t = this.inputs.userText(u);
        reads.set(u, t);
        return t;
      },
      this.inputs.reads,
      (u) => {
        const there = this.inputs.exists(u);
        if (!reads.has(u)) reads.set(u, there);
        return there ? '' : undefined;
      },
    );
    const facts: ObjectFacts = {
      stamp: {},
      generated: (kind, name) => names.plugins || names.generated.has(`${kind}/${name}`),
      literal: (uri, kind, name) =>
        roles.roleOf(uri).role === 'manifest' &&
        !names.anyEverywhere &&
        !names.anyIn.has(uri) &&
        !names.changed.has(`${kind}/${name}`) &&
        !names.changed.has(`*/${name}`),
    };
    this.objectFactsRead = { version: roles.version, reads, facts };
    return facts;
  }

  /** What a manifest's change against its committed version does (as found: the query applies the settings). */
  private changeDiagnostics(uri: string, file: ParsedFile): Diag[] {
    const base = this.inputs.baseOf(uri);
    if (this.inputs.roles().roleOf(uri).role !== 'manifest') return [];
    // Not compared (caps, a refused repository, git's time limit): said once, on the file's first line.
    if (base?.notCompared !== undefined) return [notCompared(file.text, base)];
    // No committed version: the file's objects are created as they stand (CRD rules with optionalOldSelf).
    return base
      ? changeDiagnostics(file.text, base, this.inputs.store().registry, this.inputs.store().kubernetesMinor)
      : creationChangeDiagnostics(file.docs, this.inputs.store().registry, this.inputs.store());
  }

  /** The cross-document diagnostics of an indexed file (as found: the query applies the settings). */
  private crossDiagnostics(uri: string, file: FileText, cross: CrossFileOptions): Diag[] {
    // A patch or a template is no resource of its own: its names are partial or masked.
    const role = this.inputs.roles().roleOf(uri).role;
    if (role !== 'manifest' && role !== 'kustomization') return [];
    const found = checkFile(this.inputs.index(), uri, {
      ownerResolution: this.inputs.settings().ownerResolution,
      complete: cross.complete,
      display: cross.display,
      objects: this.objectFacts(),
    });
    return found;
  }

  /**
   * The diagnostics query: a file's diagnostics exactly as the editor (open or closed files) and the CLI show
   * them, and the only place they are assembled: its own checks (as what the file is: a manifest, a patch, a
   * kustomization, a template; a file over `maxDocumentSize` gets its one message and its syntax errors),
   * the problems of the Kustomize overlays that render it, and with `cross` the cross-document ones and
   * those of its change against its committed version; settings and disable comments applied, in position
   * order. `file` defaults to the open document's current version, else the indexed file. `part`: `first`
   * leaves out the overlays' problems (a first publish while they are computed); `cross` gives only the
   * cross-document ones (closed files in the `openFiles` problems scope).
   */
  fileDiagnostics(uri: string, file?: ParsedFile, cross?: CrossFileOptions, part: DiagnosticsPart = 'all'): Diag[] {
    const f = file ?? this.inputs.fileOf(uri);
    if (!f) return [];
    const mask = this.inputs.maskOf(f);
    const { maxDocumentSize, rules } = this.inputs.settings();
    // The length alone (a version made from an edit's changes has no whole text to read: core/fileText.ts).
    if (isTooLarge(mask?.text ?? { length: textLength(f) }, maxDocumentSize))
      return part === 'cross' ? [] : largeFileDiagnostics(mask?.text ?? f.text, maxDocumentSize, { rules });
    if (part === 'cross')
      return cross ? sortByPosition(this.settleFor(uri, f)(this.crossDiagnostics(uri, f, cross))) : [];
    return this.diagnosticsWithRendered(uri, f, cross, part === 'all').all;
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
    const f = file ?? this.inputs.fileOf(uri);
    if (!f) return { all: [], rendered: [] };
    const { maxDocumentSize, rules } = this.inputs.settings();
    const mask = this.inputs.maskOf(f);
    // Too large to check in full: its one message and its syntax errors (the length alone, as above).
    if (isTooLarge(mask?.text ?? { length: textLength(f) }, maxDocumentSize))
      return { all: largeFileDiagnostics(mask?.text ?? f.text, maxDocumentSize, { rules }), rendered: [] };
    const role = this.inputs.roles().roleOf(uri);
    // Every part is found as it is, and the settings (severities, `off`, disable comments: the comments read
    // once) applied here, once each; the whole list is sorted once, at the end.
    const settle = this.settleFor(uri, f);
    const conflicts = this.inputs.crds.conflictsIn(uri, () => f.text, cross?.display ?? defaultDisplay);
    const own = settle(withProblems(this.ownDiagnostics(uri, f), conflicts));
    // A patch's or a kustomization's values in the overlays that use them.
    const overlays = role.role === 'patch' ? role.overlays : role.role === 'kustomization' ? [uri] : [];
    const inOverlays =
      withRendered && overlays.length > 0 ? settle(this.inputs.overlays.inOverlaysOf(uri, f, overlays, own)) : [];
    // An overlay's broken owner references, once, on its kustomization.
    const renamed =
      withRendered && role.role === 'kustomization' ? settle(this.inputs.overlays.ownerRenamed(uri, f.text)) : [];
    const cross_ = cross ? this.crossDiagnostics(uri, f, cross) : [];
    const other = settle(withProblems(cross_, this.changeDiagnostics(uri, f)));
    const shown = withProblems(own, other);
    // A base resource's values in the overlays that render it: what they get wrong there is shown here.
    const renderedBase =
      cross && withRendered && role.role === 'manifest' ? settle(this.inputs.overlays.inOverlays(uri, f, shown)) : [];
    const rendered = withProblems(withProblems(inOverlays, renamed), renderedBase);
    const all = sortByPosition(withProblems(shown, rendered));
    // A message that names a template's masked action names it as written (the fix's data is left as is).
    return { all: all.some((d) => isMasked(d.message)) ? all.map(messageAsWritten) : all, rendered };
  }

  /**
   * The settings of a file's diagnostics as one function: severities, `off`, and the disable comments of the
   * text the user wrote (a template's, not its mask), read once for all the parts of the query.
   */
  private settleFor(uri: string, f: ParsedFile): (diags: Diag[]) => Diag[] {
    const mask = this.inputs.roles().roleOf(uri).role === 'template' ? this.inputs.maskOf(f) : undefined;
    return settingsOf(mask ? { text: mask.text } : f, { rules: this.inputs.settings().rules });
  }

  /**
   * A file's own diagnostics (no cross-document ones), as what it is, as found (the query applies the
   * settings): a patch's fields are checked but nothing is missing; a template is checked with its actions
   * masked; a kustomization says what it does not render, and its inline patches are checked as patch files
   * are.
   */
  private ownDiagnostics(uri: string, f: ParsedFile): Diag[] {
    const role = this.inputs.roles().roleOf(uri);
    // Too large to read (textLimit.ts): its one message; its text is not parsed.
    if ((role.role === 'patch' || role.role === 'kustomization') && unreadAsOverlay(role.role, f.text))
      return [overPatchLimitDiag(role.role, f.text)];
    if (role.role === 'patch') {
      const targets = role.overlays.map((k, i) => ({ target: role.targets[i], overlay: overlayName(k) }));
      return patchFileDiagnostics(f, targets, { settled: false });
    }
    if (role.role === 'template') {
      const mask = this.inputs.maskOf(f) ?? maskTemplate(f.text);
      return templateDiagnostics(mask, (t) => validateFile(this.inputs.store().parseFile(t)));
    }
    const own = validateFile(f, { settled: false });
    if (role.role !== 'kustomization') return own;
    const inline = kustomizationDiagnostics(
      f.text,
      this.inputs.store().registry,
      (t) => validateFile(this.inputs.store().parseFile(t), { partial: true }),
      {
        uri,
        // Built without the load restrictor (Flux, `--load-restrictor LoadRestrictionsNone`): any file is read.
        isFile: (u) =>
          this.inputs.settings().kustomizeLoadRestrictor !== 'none' && this.inputs.userText(u) !== undefined,
        kind: (u) => this.inputs.fileKind(u),
        read: (u) => this.inputs.userText(u),
      },
      this.inputs.reads,
    );
    return withProblems(own, inline);
  }

  /**
   * The own diagnostics of a document made from the user's text (a rendered overlay, a masked template:
   * source.ts), placed in the user's text; those on generated text that stands for nothing are left out,
   * and so are fixes (their edits are offsets in the made-up text).
   */
  sourceDiagnostics(source: DocumentSource): Diag[] {
    const own = validateFile(this.inputs.store().parseFile(source.text), { rules: this.inputs.settings().rules });
    return toUserSpans(
      source,
      own.map(({ data: _data, ...d }) => d),
    );
  }
}

/** Diagnostics and more problems (the first array itself when there are none), not sorted. */
const withProblems = (diags: Diag[], more: Diag[]): Diag[] => (more.length === 0 ? diags : [...diags, ...more]);

/** In position order: the query sorts once, at the end. */
const sortByPosition = (diags: Diag[]): Diag[] => diags.sort((a, b) => a.start - b.start || a.end - b.end);

/** A diagnostic whose message reads a masked action as the user wrote it. */
const messageAsWritten = (d: Diag): Diag => (isMasked(d.message) ? { ...d, message: asWritten(d.message) } : d);
