// What the editor shows of the overlays' rendered results beside their diagnostics: on a hover in a patch,
// what the field renders to in each overlay that uses it; and the owner trees of every overlay's rendered
// resources (kustomize/overlayGraph.ts). Both read the renderings and indexes the checks keep.
import type { GraphNode } from '../../../protocol/customRequests';
import type { ParsedFile } from '../../core/parse';
import { readKustomization, resolveFrom } from '../../workspace/kustomize/kustomization';
import { overlayGraph } from '../../workspace/kustomize/overlayGraph';
import { overlayName } from '../../workspace/kustomize/renderedDiagnostics';
import { renderedValueMarkdown } from '../../workspace/kustomize/renderedHover';
import { TRANSFORMS, type OverlayInputs } from './inputs';
import { renderedUri, type RenderedIndexes } from './renderedIndexes';
import type { RenderedTexts } from './renderedTexts';
import type { Renderings } from './renderings';

export class OverlayViews {
  constructor(
    private readonly inputs: OverlayInputs,
    private readonly renderings: Renderings,
    private readonly indexes: RenderedIndexes,
    private readonly texts: RenderedTexts,
  ) {
    this.renderOverlays = inputs.render;
  }

  private readonly renderOverlays: boolean;

  /** For a hover in a patch file: what the field at `offset` renders to in its overlay (markdown). */
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined {
    const role = this.inputs.roles().roleOf(uri);
    if (role.role !== 'patch' || !this.renderOverlays) return undefined;
    // In each overlay that uses the patch (the first few: a hover stays short).
    const parts = role.overlays
      .slice(0, 5)
      .map((k) => renderedValueMarkdown(uri, file, offset, k, () => this.renderings.render(k)))
      .filter((m): m is string => m !== undefined);
    return parts.length > 0 ? parts.join('\n\n---\n\n') : undefined;
  }

  /**
   * The owner trees of the overlays' rendered results: every kustomization that changes what it lists,
   * rendered, its resources under their rendered names.
   */
  overlayGraphs(): GraphNode[] {
    if (!this.renderOverlays) return [];
    const out: GraphNode[] = [];
    // A kustomization another one lists (a base) is no overlay: its resources are shown where they are
    // written, and as each overlay that lists it renders them.
    const listed = new Set<string>();
    for (const k of this.inputs.roles().kustomizations()) {
      const text = this.inputs.userText(k);
      if (text === undefined) continue;
      for (const r of readKustomization(text, this.inputs.reads).resources) {
        const at = resolveFrom(k, r);
        if (at) listed.add(at.replace(/\/+$/, ''));
      }
    }
    for (const k of this.inputs.roles().kustomizations()) {
      const text = this.inputs.userText(k);
      if (text === undefined || !TRANSFORMS.test(text) || listed.has(k.slice(0, k.lastIndexOf('/')))) continue;
      const rendered = this.renderings.render(k);
      if (rendered.resources.length === 0) continue;
      const toText = this.texts.of(k);
      const index = this.indexes.index(
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
        lines: (u) => this.inputs.fileOf(u)?.lines,
        nameSpan: (u, start) =>
          this.inputs
            .index()
            .get(u)
            ?.manifests.find((m) => m.span[0] === start)?.nameSpan,
      });
      for (const n of graph) out.push(n);
    }
    return out;
  }
}
