// Each kustomization's last rendering, as `kubectl kustomize` renders it (kustomize/render.ts), with the
// texts it read: used again while none of them changed, and each rendering step kept by the identity of its
// inputs (RenderMemo), so an edit renders again only what it changed. What a rendering read also tells
// which overlays a file's edit concerns (`readsOf`, `readersOf`).
import { RenderMemo, renderKustomization, type Rendered } from '../../workspace/kustomize/render';
import type { OverlayInputs } from './inputs';
import type { ResourceDocs } from './resourceDocs';

/** A kustomization's last rendering and the texts it read (undefined: the file was not there). */
export interface Rendering {
  reads: Map<string, string | undefined>;
  rendered: Rendered;
  /** The files its values were written in. */
  written: Set<string>;
}

export class Renderings {
  constructor(
    private readonly inputs: OverlayInputs,
    private readonly docs: ResourceDocs,
  ) {
    this.memo = new RenderMemo(inputs.reads);
  }

  /** The steps of the overlays' renderings, by the identity of their inputs (see RenderMemo). */
  readonly memo: RenderMemo;

  private readonly byKustomization = new Map<string, Rendering>();

  /** Rendering steps computed (not found in the memo) so far. */
  get steps(): number {
    return this.memo.stepsComputed;
  }

  /** The kinds changed: every overlay is rendered again on demand. */
  reset(): void {
    this.byKustomization.clear();
  }

  /** A kustomization gone: its rendering is no longer held. */
  forget(uri: string): void {
    this.byKustomization.delete(uri);
  }

  /** The last rendering of a kustomization, if it was rendered (it may be out of date). */
  last(kustomization: string): Rendering | undefined {
    return this.byKustomization.get(kustomization);
  }

  /** The files the last rendering of a kustomization read. */
  readsOf(kustomization: string): string[] {
    return [...(this.byKustomization.get(kustomization)?.reads.keys() ?? [])];
  }

  /** The kustomizations whose last rendering read a file. */
  readersOf(uri: string): string[] {
    const out: string[] = [];
    for (const [k, r] of this.byKustomization) if (r.reads.has(uri)) out.push(k);
    return out;
  }

  /** A kustomization rendered: its last rendering while no text it read changed, else a new one. */
  render(kustomization: string): Rendered {
    const hit = this.byKustomization.get(kustomization);
    if (hit && [...hit.reads].every(([u, t]) => this.inputs.userText(u) === t)) return hit.rendered;
    const reads = new Map<string, string | undefined>();
    const rendered = renderKustomization(
      kustomization,
      (u) => {
        const t = this.inputs.userText(u);
        reads.set(u, t);
        return t;
      },
      this.docs.read,
      this.memo,
    );
    // The files its values were written in (a quick "does this overlay concern that file?"), when asked:
    // an edit of a patch renders again without asking.
    let written: Set<string> | undefined;
    const memo = this.memo;
    this.byKustomization.set(kustomization, {
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
}
