// The problems of the overlays' rendered results as a file's diagnostics show them: placed where their value
// was written (a patch, a kustomization, a base file: kustomize/renderedDiagnostics.ts), with what stops
// kubectl's build, merged over the overlays that use the file, settings applied. The tables that keep the
// placing from one edit to the next (where each rendered resource's problems go, what was placed in each
// file) are held here, bounded.
import type { Diag } from '../../core/diag';
import type { ParsedFile } from '../../core/parse';
import { validateFile } from '../../checks/validate';
import {
  buildDiagnostics,
  mergeOverlays,
  overlayName,
  renderedDiagnostics,
  type Placed,
} from '../../workspace/kustomize/renderedDiagnostics';
import type { Origins, Rendered } from '../../workspace/kustomize/render';
import { TRANSFORMS, type OverlayInputs } from './inputs';
import type { RenderedIndexes } from './renderedIndexes';
import type { RenderedTexts } from './renderedTexts';
import type { Renderings } from './renderings';
import type { ResourceDocs } from './resourceDocs';

type Pointers = Map<string, { starts: string; at: string[] }>;
type PlacedTable = WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>>;

export class RenderedProblems {
  constructor(
    private readonly inputs: OverlayInputs,
    private readonly renderings: Renderings,
    private readonly indexes: RenderedIndexes,
    private readonly texts: RenderedTexts,
    private readonly docs: ResourceDocs,
  ) {
    this.renderOverlays = inputs.render;
  }

  private readonly renderOverlays: boolean;

  /** Where the problems of each rendered resource are (renderedDiagnostics), per overlay, for a while. */
  private readonly pointerTables = new Map<string, Pointers>();

  /** Per file: the rendered problems placed in it, by resource (renderedDiagnostics' `placed`). */
  private readonly placedTables = new Map<string, PlacedTable>();

  /** The kinds changed: where the rendered problems were is forgotten (what was placed is kept by identity). */
  reset(): void {
    this.pointerTables.clear();
  }

  /** A kustomization gone: its table of pointers goes. */
  forget(uri: string): void {
    this.pointerTables.delete(uri);
  }

  /**
   * The problems of the overlays' rendered results whose value was written in a resource file (a base),
   * not already among its diagnostics. Kustomizations that only list resources render nothing new.
   */
  inOverlays(uri: string, f: ParsedFile, shown: readonly Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    const each: { overlay: string; diags: Diag[] }[] = [];
    for (const k of this.inputs.roles().kustomizations().sort()) {
      const text = this.inputs.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      const rendered = this.renderings.render(k);
      if (!this.renderings.last(k)?.written.has(uri)) continue;
      each.push({ overlay: overlayName(k), diags: this.renderedFor(uri, f, k, shown, rendered) });
    }
    // As found: the query applies the settings (host/diagnostics.ts).
    return mergeOverlays(each);
  }

  /**
   * The problems of the overlays' rendered results (`kustomizations`) that the values of a patch (or a
   * kustomization's inline patches) cause, as found (the query applies the settings), those its own
   * diagnostics show left out
   * (kustomize/renderedDiagnostics.ts).
   */
  inOverlaysOf(uri: string, f: ParsedFile, kustomizations: readonly string[], own: Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    // Each overlay that uses the file, checked alone; the same problem in several is shown once, naming them.
    const rendered = mergeOverlays(
      kustomizations.map((k) => {
        const r = this.renderings.render(k);
        // What stops kubectl from building it, where written here (a patch's line: naming the overlay).
        const build = buildDiagnostics(r, uri, k === uri ? undefined : overlayName(k), f.text);
        const found = this.renderedFor(uri, f, k, own, r);
        return { overlay: overlayName(k), diags: build.length > 0 ? [...build, ...found] : found };
      }),
    );
    return rendered;
  }

  /**
   * Whether a file's diagnostics include problems of Kustomize overlays that render it: a patch's and a
   * kustomization's do, and a resource file's when an overlay that transforms it reads it (its last
   * rendering says so, kept even if another file changed since: asking never renders on the way to a
   * first publish, except an overlay never rendered yet).
   */
  rendersIn(uri: string): boolean {
    if (!this.renderOverlays) return false;
    const roles = this.inputs.roles();
    const role = roles.roleOf(uri).role;
    if (role === 'patch' || role === 'kustomization') return true;
    if (role !== 'manifest') return false;
    for (const k of roles.kustomizations()) {
      const text = this.inputs.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      if (!this.renderings.last(k)) this.renderings.render(k);
      if (this.renderings.last(k)?.reads.has(uri)) return true;
    }
    return false;
  }

  /** The problems of an overlay's rendered result placed in `uri` (kustomize/renderedDiagnostics.ts). */
  private renderedFor(uri: string, f: ParsedFile, kustomization: string, own: readonly Diag[], r: Rendered): Diag[] {
    return renderedDiagnostics({
      rendered: r,
      kustomization,
      file: uri,
      lines: f.lines,
      own,
      read: (u) => this.inputs.userText(u),
      documents: this.docs.read,
      validate: (t) => validateFile(this.inputs.store().parseFile(t)),
      // The rendered resources are held by the overlay's index: parsed and checked once (renderedIndexes.ts `checks`).
      check: (texts, touched, overlay) => this.indexes.checks(kustomization, texts, touched, overlay, r.written),
      urisOf: (origins) => this.renderings.memo.urisOf(origins),
      toText: this.texts.of(kustomization),
      pointers: this.pointers(kustomization),
      placed: this.placedIn(uri),
    });
  }

  private pointers(kustomization: string): Pointers {
    let m = this.pointerTables.get(kustomization);
    // Bounded: a table that grew past two renderings' worth starts again.
    if (!m || m.size > 20_000) this.pointerTables.set(kustomization, (m = new Map()));
    return m;
  }

  private placedIn(uri: string): PlacedTable {
    let m = this.placedTables.get(uri);
    if (!m) {
      // Bounded: the files with rendered problems asked for lately.
      if (this.placedTables.size > 256) this.placedTables.clear();
      this.placedTables.set(uri, (m = new WeakMap()));
    }
    return m;
  }
}
