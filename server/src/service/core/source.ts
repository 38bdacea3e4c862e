// A document source: the text the service analyses and a map of its offsets back to the text the user wrote.
// A plain file is its own source (the identity); a value of an embedded language is a source cut out of a
// YAML scalar (embedded/positionMap.ts); a document made from the user's text (a Kustomize overlay rendered
// in memory, a Helm template with its actions masked) is spliced from pieces of it and generated pieces.
// Diagnostics are computed on `text` and placed through `spanToUser`, so whatever the document is, what the
// user sees lands on what they wrote.
import type { Span } from './yamlNodes';

export interface DocumentSource {
  /** The text analysed. */
  readonly text: string;
  /** Where the character at a text offset was written; undefined for a generated character. */
  toUser(offset: number): number | undefined;
  /** The text offset of the first character written at or after a user offset (a cursor); undefined if none. */
  fromUser(userOffset: number): number | undefined;
  /**
   * The user's span of text characters `[from, to)`: from where the first was written to just after where
   * the last was; an empty span marks one character, so it stays visible. Undefined when the span lies in
   * generated text that stands for nothing the user wrote.
   */
  spanToUser(from: number, to: number): Span | undefined;
}

/** A plain file: the text is what the user wrote. */
export function identitySource(text: string): DocumentSource {
  const clamp = (o: number) => Math.max(0, Math.min(o, text.length));
  return {
    text,
    toUser: (o) => (o >= 0 && o <= text.length ? o : undefined),
    fromUser: (o) => (o >= 0 && o <= text.length ? o : undefined),
    spanToUser: (from, to) => {
      const s = clamp(from);
      const e = clamp(Math.max(to, from));
      return [s, e > s ? e : Math.min(s + 1, Math.max(text.length, s))];
    },
  };
}

/** A piece of a spliced document: copied from the user's text, or generated (standing for a span of it). */
export type Piece = { copied: number; length: number } | { generated: string; standsFor?: Span };

/**
 * A document spliced from pieces of the user's text and generated text: copied pieces map character for
 * character; a generated piece maps to the span it stands for (a masked template action: the whole action),
 * or nowhere. `user` is the text the copied offsets refer to.
 */
export function splicedSource(user: string, pieces: readonly Piece[]): DocumentSource {
  const parts: { at: number; text: string; piece: Piece }[] = [];
  let at = 0;
  for (const piece of pieces) {
    const text = 'copied' in piece ? user.slice(piece.copied, piece.copied + piece.length) : piece.generated;
    parts.push({ at, text, piece });
    at += text.length;
  }
  const text = parts.map((p) => p.text).join('');
  /** The part holding text offset `o` (the last part for the end of the text). */
  const partAt = (o: number) => {
    let lo = 0;
    let hi = parts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (parts[mid].at <= o) lo = mid;
      else hi = mid - 1;
    }
    return parts[lo];
  };
  const toUser = (o: number): number | undefined => {
    if (o < 0 || o > text.length || parts.length === 0) return undefined;
    const p = partAt(o);
    return 'copied' in p.piece ? p.piece.copied + (o - p.at) : p.piece.standsFor?.[0];
  };
  const endToUser = (o: number): number | undefined => {
    // The end of the character before `o`: it may close a generated piece that stands for a longer span.
    if (o <= 0) return toUser(0);
    const p = partAt(o - 1);
    return 'copied' in p.piece ? p.piece.copied + (o - p.at) : p.piece.standsFor?.[1];
  };
  return {
    text,
    toUser,
    fromUser: (u) => {
      for (const p of parts)
        if ('copied' in p.piece && u <= p.piece.copied + p.piece.length) return p.at + Math.max(0, u - p.piece.copied);
      return undefined;
    },
    spanToUser: (from, to) => {
      const s = toUser(from);
      if (s === undefined) return undefined;
      const e = to > from ? endToUser(to) : undefined;
      return [s, e !== undefined && e > s ? e : s + 1];
    },
  };
}

/** Diagnostics (or anything with a span) computed on a source's text, placed in the user's text. */
export function toUserSpans<T extends { start: number; end: number }>(
  source: DocumentSource,
  items: readonly T[],
): T[] {
  const out: T[] = [];
  for (const d of items) {
    const span = source.spanToUser(d.start, d.end);
    if (span) out.push({ ...d, start: span[0], end: span[1] });
  }
  return out;
}
