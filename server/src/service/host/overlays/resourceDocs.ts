// The documents of each resource file an overlay's rendering reads, by uri, kept while the text stays the
// same, and document by document while it changes: an edit of one document of a large file parses that
// document alone, and every other document stays the same object (its origins follow it through its
// anchor when the edit moves it), so the rendering steps kept for it (RenderMemo) are used again. Its own
// cache, apart from the renderings that read it: it is keyed by file, they by kustomization.
import { resourceDocuments, type Anchor, type Doc } from '../../workspace/kustomize/render';
import type { OverlayInputs } from './inputs';

type ByChunk = Map<object, { docs: readonly Doc[]; anchor: Anchor; pass: number }>;

export class ResourceDocs {
  constructor(private readonly inputs: OverlayInputs) {}

  private readonly byUri = new Map<string, { text: string; docs: readonly Doc[]; byChunk: ByChunk }>();

  /** Counts the passes of `read` over a file's chunks (an entry seen in this pass is a repeated text). */
  private pass = 0;

  /** The kinds changed: every file's documents are read again. */
  reset(): void {
    this.byUri.clear();
  }

  /** A file (or kustomization) gone: its documents are no longer held. */
  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  /** The documents of a resource file's text (a function: the renderings and their checks are handed it). */
  readonly read = (uri: string, text: string): readonly Doc[] => {
    const hit = this.byUri.get(uri);
    if (hit?.text === text) return hit.docs;
    // The file's chunks as the store split them (the open or indexed file's, already split): each chunk's
    // key is the same object while its text is, so nothing is split or compared by text again. The table
    // of the last text is updated in place (an edit changes a chunk or two of a thousand), its entries of
    // chunks gone dropped once they are a quarter of it.
    const f = this.inputs.fileOf(uri);
    const chunks = f && f.text === text ? f.docs : this.inputs.store().parseFile(text).docs;
    const byChunk: ByChunk = hit?.byChunk ?? new Map();
    const pass = ++this.pass;
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
    this.byUri.set(uri, { text, docs, byChunk });
    return docs;
  };
}
