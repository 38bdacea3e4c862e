// Per overlay, the index of its rendered resources and what is kept of each one's checks: its text, parsed
// file, own problems, cross-document problems and the owner references its renaming breaks. One index per
// overlay, kept: an edit changes a few rendered resources, and only those are indexed and checked again.
// Each kept result is dropped here, beside the index, when what it depends on may have changed.
import type { Registry } from '../../../model/registry';
import type { Diag } from '../../core/diag';
import type { ParsedFile } from '../../core/parse';
import { validateFile } from '../../checks/validate';
import { checkFile, createWorkspaceIndex } from '../../workspace/checks';
import type { RenamedByName, RenamedRef } from '../../workspace/kustomize/renamedReferences';
import type { ObjectFacts } from '../../workspace/rules/crossFileContext';
import type { WorkspaceIndex } from '../../workspace/workspaceIndex';
import type { OverlayInputs } from './inputs';

/** The uri a rendered resource has in its overlay's index (never a file's: no file is named so). */
export const renderedUri = (i: number) => `rendered:///${i}`;

/** What a rendered overlay's objects are to the references between them (kubeReferences.ts): never certain. */
const RENDERED_OBJECTS: ObjectFacts = Object.freeze({
  stamp: 'rendered',
  generated: () => false,
  literal: () => false,
});

/** One rendered resource of an overlay's index, and what is kept of its checks. */
export interface RenderedSlot {
  text: string;
  file: ParsedFile;
  own?: Diag[];
  cross?: Diag[];
  renamed?: RenamedRef[];
  combined?: { own: Diag[]; cross: Diag[]; all: Diag[] };
}

/** An overlay's index of its rendered resources. */
export interface RenderedIndex {
  index: WorkspaceIndex;
  slots: RenderedSlot[];
  /** The names the resources were written with, as last indexed. */
  written?: readonly (string | undefined)[];
  /** The resources the overlay renamed, by written name (renamedReferences), while no identity changes. */
  renamed?: RenamedByName;
}

export class RenderedIndexes {
  constructor(private readonly inputs: OverlayInputs) {}

  private readonly byOverlay = new Map<string, RenderedIndex>();

  private get registry(): Registry {
    return this.inputs.store().registry;
  }

  /** The kinds changed: the rendered resources were parsed with the old ones. */
  reset(): void {
    this.byOverlay.clear();
  }

  /** A kustomization gone: its rendered resources are no longer held. */
  forget(uri: string): void {
    const rendered = this.byOverlay.get(uri);
    if (rendered) for (const t of rendered.slots) this.inputs.store().release(t.file);
    this.byOverlay.delete(uri);
  }

  /** The index of an overlay as last indexed (after `index`). */
  entry(kustomization: string): RenderedIndex | undefined {
    return this.byOverlay.get(kustomization);
  }

  /**
   * The index of an overlay's rendered resources (`texts`, resource `i` under `renderedUri(i)`), indexing
   * again only the resources whose text changed (held, so their parsed chunks stay while they are the
   * overlay's). What is kept of each resource's checks goes when it may have changed: its own with its
   * text, its cross-document ones when a resource it depends on changed (the index's `dependents`), the
   * renamed references of all when a resource's name, kind or namespace changed, rendered or as written.
   */
  index(kustomization: string, texts: readonly string[], written?: readonly (string | undefined)[]): WorkspaceIndex {
    const store = this.inputs.store();
    let r = this.byOverlay.get(kustomization);
    if (!r) this.byOverlay.set(kustomization, (r = { index: createWorkspaceIndex(this.registry), slots: [] }));
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
      const parsed = store.parseFile(t);
      store.hold(parsed);
      if (slots[i]) store.release(slots[i].file);
      slots[i] = { text: t, file: parsed };
      for (const k of index.set(uri(i), parsed)) keys.push(k);
      changed.push(uri(i));
      if (identities(i) !== before) renamedStale = true;
    });
    for (let i = texts.length; i < slots.length; i++) {
      store.release(slots[i].file);
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
   * All the problems of the rendered resources `touched`: each alone (validated as a whole manifest) and
   * together, the overlay's rendered resources as their whole workspace. Nothing "not found" is reported
   * (an owner may be elsewhere: Kustomize does not rename owner names, and the cluster may hold them); what
   * the resources prove wrong together (owner kinds, limits a child takes from its parent, cycles,
   * duplicates) is. Kept per rendered resource: a resource whose text did not change keeps its own
   * problems, and its cross-document ones unless a changed resource is one it depends on (the index's
   * `dependents`), so an edit checks again what it changed, not the whole overlay.
   */
  checks(
    kustomization: string,
    texts: readonly string[],
    touched: readonly number[],
    overlay: string,
    written: readonly (string | undefined)[],
  ): Diag[][] {
    const index = this.index(kustomization, texts, written);
    const { slots } = this.byOverlay.get(kustomization)!;
    return touched.map((i) => {
      const slot = slots[i];
      slot.own ??= validateFile(slot.file);
      slot.cross ??= checkFile(index, renderedUri(i), {
        complete: false,
        ownerResolution: 'off',
        display: () => overlay,
        // A rendered built-in kind is not Kustomize's own result (no strategic merge, no name references
        // followed): no key or port of its ConfigMaps, Secrets and Services is judged there.
        objects: RENDERED_OBJECTS,
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
}
