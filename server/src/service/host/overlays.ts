// The Kustomize overlays of an analysis, rendered as `kubectl kustomize` renders them (kustomize/render.ts)
// and checked: what each overlay's rendered result gets wrong, placed where its value was written (a patch,
// a kustomization, a base file: kustomize/renderedDiagnostics.ts), what stops kubectl's build, the owner
// references a renaming breaks, and the rendered owner trees. The one door the analysis (service/analysis.ts)
// and the diagnostics query (host/diagnostics.ts) use: it reads the user's files through `OverlayInputs` and
// is told when the kinds change (`reset`) or a kustomization goes (`forget`). An edit renders and checks
// only what changed; each cache sits in the part of host/overlays/ that fills it, with its invalidation
// beside it, and `reset`/`forget` here reach every one of them:
// - renderings.ts: each kustomization's last rendering and the texts it read, the steps by identity (RenderMemo);
// - resourceDocs.ts: each resource file's documents, kept document by document across edits;
// - renderedTexts.ts: each rendered resource's YAML, by its JSON;
// - renderedIndexes.ts: each overlay's index of its rendered resources and what is kept of their checks;
// - renderedProblems.ts: the rendered problems placed in a file, merged over the overlays;
// - ownerRenames.ts: the owner references a renaming breaks, and the configuration that fixes them;
// - views.ts: the hover in a patch and the overlays' owner trees.
import type { GraphNode } from '../../protocol/customRequests';
import type { Diag } from '../core/diag';
import type { Edit } from '../core/edits';
import type { ParsedFile } from '../core/parse';
import type { Rendered } from '../workspace/kustomize/render';
import type { OverlayInputs } from './overlays/inputs';
import { OwnerRenames } from './overlays/ownerRenames';
import { RenderedIndexes } from './overlays/renderedIndexes';
import { RenderedProblems } from './overlays/renderedProblems';
import { RenderedTexts } from './overlays/renderedTexts';
import { Renderings } from './overlays/renderings';
import { ResourceDocs } from './overlays/resourceDocs';
import { OverlayViews } from './overlays/views';

export { TRANSFORMS, type OverlayInputs } from './overlays/inputs';

export class Overlays {
  private readonly docs: ResourceDocs;
  private readonly renderings: Renderings;
  private readonly texts = new RenderedTexts();
  private readonly indexes: RenderedIndexes;
  private readonly problems: RenderedProblems;
  private readonly owners: OwnerRenames;
  private readonly views: OverlayViews;

  constructor(inputs: OverlayInputs) {
    this.docs = new ResourceDocs(inputs);
    this.renderings = new Renderings(inputs, this.docs);
    this.indexes = new RenderedIndexes(inputs);
    this.problems = new RenderedProblems(inputs, this.renderings, this.indexes, this.texts, this.docs);
    this.owners = new OwnerRenames(inputs, this.renderings, this.indexes, this.texts);
    this.views = new OverlayViews(inputs, this.renderings, this.indexes, this.texts);
  }

  /** Rendering steps computed (not found in the memo) so far: a test reads how much an edit rendered again. */
  get renderSteps(): number {
    return this.renderings.steps;
  }

  /** The kinds changed: rendered overlays were parsed with the old ones, and are rendered again on demand. */
  reset(): void {
    this.indexes.reset();
    this.texts.reset();
    this.problems.reset();
    this.renderings.reset();
    this.docs.reset();
  }

  /** A kustomization gone: its rendered resources are no longer held. */
  forget(uri: string): void {
    this.indexes.forget(uri);
    this.texts.forget(uri);
    this.problems.forget(uri);
    this.renderings.forget(uri);
    this.docs.forget(uri);
  }

  /** The files the last rendering of a kustomization read. */
  readsOf(kustomization: string): string[] {
    return this.renderings.readsOf(kustomization);
  }

  /** The kustomizations whose last rendering read a file. */
  readersOf(uri: string): string[] {
    return this.renderings.readersOf(uri);
  }

  /** A kustomization rendered as `kubectl kustomize` renders it (its last rendering while nothing it read changed). */
  renderOverlay(kustomization: string): Rendered {
    return this.renderings.render(kustomization);
  }

  /** The problems of the overlays that transform a resource file (a base), placed in it (renderedProblems.ts). */
  inOverlays(uri: string, f: ParsedFile, shown: readonly Diag[]): Diag[] {
    return this.problems.inOverlays(uri, f, shown);
  }

  /** The problems of the overlays a patch or a kustomization's inline patches cause (renderedProblems.ts). */
  inOverlaysOf(uri: string, f: ParsedFile, kustomizations: readonly string[], own: Diag[]): Diag[] {
    return this.problems.inOverlaysOf(uri, f, kustomizations, own);
  }

  /** Whether a file's diagnostics include problems of Kustomize overlays that render it (renderedProblems.ts). */
  rendersIn(uri: string): boolean {
    return this.problems.rendersIn(uri);
  }

  /** The references an overlay's renaming breaks, as one problem on its kustomization (ownerRenames.ts). */
  ownerRenamed(kustomization: string, text: string): Diag[] {
    return this.owners.ownerRenamed(kustomization, text);
  }

  /** The quick fix of an overlay's kustomize-owner-renamed (ownerRenames.ts). */
  ownerConfigFix(
    kustomization: string,
  ): { create: { uri: string; text: string }; edit: Edit; base: string } | undefined {
    return this.owners.ownerConfigFix(kustomization);
  }

  /** For a hover in a patch file: what the field at `offset` renders to in its overlay (views.ts). */
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined {
    return this.views.renderedHover(uri, file, offset);
  }

  /** The owner trees of the overlays' rendered results (views.ts). */
  overlayGraphs(): GraphNode[] {
    return this.views.overlayGraphs();
  }
}
