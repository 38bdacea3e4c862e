// An edit of a file that Kustomize overlays render (a patch, a base, a kustomization) is published in two
// steps, as its open is: first its own and cross-document problems with the overlays' rendered problems of
// the previous version carried over (moved with the text around the edit, dropped in the documents the
// edit touched), then, in the next round, everything computed afresh. Rendering an overlay and checking its
// result is most of the cost of such an edit and grows with the overlay; the user's own mistake shows at
// once, and the rendered problems never leave and come back while typing.
import type { Diag } from '../service/core/diag';
import type { ParsedFile } from '../service/core/parse';

/** What the last whole publish of a document showed of its overlays, and the documents of its text. */
export interface RenderedShown {
  /** The identity and place of each document (chunk) of the text the problems were computed on. */
  chunks: { key: object; offset: number; text: string }[];
  rendered: Diag[];
}

/** What a whole publish showed of the overlays (`rendered`), with the documents of the text it was on. */
export function renderedShown(file: ParsedFile, rendered: readonly Diag[]): RenderedShown {
  return {
    chunks: file.docs.map((c) => ({ key: c.key, offset: c.offset, text: c.text })),
    rendered: [...rendered],
  };
}

/**
 * The last rendered problems placed in the new text: the documents before and after the edited ones are
 * the same chunks (the store keys a chunk by its text), so a problem in them moves with its document. Where
 * as many documents were edited as there are now (one edited document, most often), a problem in one moves
 * with the text around the edit, and one whose text the edit touched is dropped until the problems are
 * computed afresh.
 */
export function carriedOver(prev: RenderedShown, file: ParsedFile): Diag[] {
  const was = prev.chunks;
  const now = file.docs;
  let head = 0;
  while (head < was.length && head < now.length && was[head].key === now[head].key) head++;
  let tail = 0;
  while (
    tail < was.length - head &&
    tail < now.length - head &&
    was[was.length - 1 - tail].key === now[now.length - 1 - tail].key
  )
    tail++;
  // Old offset → new offset, or undefined where the edit changed the text.
  const moves: { from: number; to: number; shift: number }[] = [];
  const wasEnd = (i: number) => was[i].offset + was[i].text.length;
  if (head > 0) moves.push({ from: 0, to: wasEnd(head - 1), shift: 0 });
  const edited = was.length - head - tail;
  if (edited > 0 && edited === now.length - head - tail)
    for (let i = head; i < head + edited; i++) {
      const a = was[i].text;
      const b = now[i].text;
      let p = 0;
      const n = Math.min(a.length, b.length);
      while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
      let q = 0;
      while (q < n - p && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
      // Never between a CR and its LF, nor inside a surrogate pair: the kept parts end and start on whole lines.
      const cut = Math.max(a.lastIndexOf('\n', p - 1) + 1, 0);
      moves.push({ from: was[i].offset, to: was[i].offset + cut, shift: now[i].offset - was[i].offset });
      const rest = a.indexOf('\n', a.length - q);
      if (rest >= 0)
        moves.push({
          from: was[i].offset + rest + 1,
          to: wasEnd(i),
          shift: now[i].offset + b.length - a.length - was[i].offset,
        });
    }
  if (tail > 0)
    moves.push({
      from: was[was.length - tail].offset,
      to: Infinity,
      shift: now[now.length - tail].offset - was[was.length - tail].offset,
    });
  const out: Diag[] = [];
  for (const d of prev.rendered) {
    const m = moves.find((x) => d.start >= x.from && d.end <= x.to);
    if (!m) continue;
    if (m.shift === 0) out.push(d);
    else {
      const { data: _data, ...rest } = d;
      out.push({ ...rest, start: d.start + m.shift, end: d.end + m.shift });
    }
  }
  return out;
}
