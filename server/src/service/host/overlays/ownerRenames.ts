// The owner references an overlay's renaming breaks (Kustomize does not rewrite owner names): one problem on
// its kustomization (kustomize/ownerConfig.ts), and its quick fix, a configuration file teaching Kustomize
// the fields. Found on the overlay's rendered index (renderedIndexes.ts), which keeps each resource's
// renamed references while no name, kind or namespace changes.
import type { Diag } from '../../core/diag';
import type { Edit } from '../../core/edits';
import { isKustomizationUri, resolveFrom } from '../../workspace/kustomize/kustomization';
import {
  addConfigurationEdit,
  configurationPaths,
  isTaught,
  ownerConfigText,
  ownerRenamedDiag,
  readNameReferences,
  type NameReference,
} from '../../workspace/kustomize/ownerConfig';
import { renamedReferences, type RenamedRef } from '../../workspace/kustomize/renamedReferences';
import type { OverlayInputs } from './inputs';
import { renderedUri, type RenderedIndexes } from './renderedIndexes';
import type { RenderedTexts } from './renderedTexts';
import type { Renderings } from './renderings';

/** A kustomization that renames what it lists. */
const RENAMES = /^(?:namePrefix|nameSuffix)\s*:/m;

/** A kustomization giving Kustomize schemas (then it may rewrite owner names: not second-guessed). */
const SCHEMAS = /^(?:crds|openapi)\s*:/m;

export class OwnerRenames {
  constructor(
    private readonly inputs: OverlayInputs,
    private readonly renderings: Renderings,
    private readonly indexes: RenderedIndexes,
    private readonly texts: RenderedTexts,
  ) {
    this.renderOverlays = inputs.render;
  }

  private readonly renderOverlays: boolean;

  /**
   * The references an overlay's renaming breaks, as one problem on its kustomization, less those its
   * kustomizations' `configurations:` teach Kustomize; none where one of them gives Kustomize CRD schemas
   * (`crds`, `openapi`: not read here).
   */
  ownerRenamed(kustomization: string, text: string): Diag[] {
    const refs = this.renamedRefs(kustomization);
    if (!refs) return [];
    const d = ownerRenamedDiag(text, refs.broken);
    return d ? [d] : [];
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
    const text = this.inputs.userText(kustomization);
    if (!refs || refs.broken.length === 0 || text === undefined) return undefined;
    // A name no file has: a file of that name may teach other kinds already.
    let path = 'kustomizeconfig/owner-references.yaml';
    const taken = (p: string) => {
      const u = resolveFrom(kustomization, p);
      return u === undefined || this.inputs.userText(u) !== undefined;
    };
    for (let n = 2; taken(path) && n < 100; n++) path = `kustomizeconfig/owner-references-${n}.yaml`;
    const uri = resolveFrom(kustomization, path);
    const edit = addConfigurationEdit(text, path);
    if (!uri || !edit) return undefined;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { create: { uri, text: ownerConfigText(refs.broken, eol) }, edit, base: text };
  }

  /** The renamed references of an overlay, those its configurations teach left out (undefined: not told). */
  private renamedRefs(kustomization: string): { broken: RenamedRef[]; taught: NameReference[] } | undefined {
    if (!this.renderOverlays) return undefined;
    const text = this.inputs.userText(kustomization);
    // Where the renaming is written: an overlay of a renaming base is told by the base's kustomization.
    if (text === undefined || !RENAMES.test(text)) return undefined;
    const rendered = this.renderings.render(kustomization);
    if (rendered.resources.length === 0) return undefined;
    const taught: NameReference[] = [];
    for (const [u, t] of this.renderings.last(kustomization)?.reads ?? []) {
      if (!isKustomizationUri(u) || t === undefined) continue;
      if (SCHEMAS.test(t)) return undefined;
      for (const p of configurationPaths(t)) {
        const at = resolveFrom(u, p);
        const config = at === undefined ? undefined : this.inputs.userText(at);
        if (config !== undefined) for (const n of readNameReferences(config)) taught.push(n);
      }
    }
    const toText = this.texts.of(kustomization);
    const index = this.indexes.index(
      kustomization,
      rendered.resources.map((r) => toText(r)),
      rendered.written,
    );
    const r = this.indexes.entry(kustomization)!;
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
}
