// The split of a file into its YAML documents, at their markers: the one reading of where documents start.

/**
 * The document markers of a text (`---` or `...` at the start of a line), as a global regex. At the start of
 * a line as YAML counts lines: after LF (or CRLF). A lone CR is no line break to YAML (`a: 1\r---` is the
 * value `1\r---`), and a regex's `m` flag would also break lines at U+2028 and U+2029, which YAML reads as
 * ordinary characters, e.g. inside a comment.
 */
export const documentMarkers = (): RegExp => /(?<=^|\n)(---|\.\.\.)(?=[ \t\r\n]|$)/g;

/**
 * Splits a file into document chunks: a chunk starts at each `---` line and after each `...` line
 * (which stays with the document it ends).
 */
export function splitDocuments(text: string): { offset: number; text: string }[] {
  const bounds = [0];
  const marker = documentMarkers();
  let m: RegExpExecArray | null;
  while ((m = marker.exec(text))) {
    if (m[1] === '---') bounds.push(m.index);
    else {
      const eol = text.indexOf('\n', m.index);
      bounds.push(eol < 0 ? text.length : eol + 1);
    }
  }
  bounds.push(text.length);
  const chunks: { offset: number; text: string }[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    if (bounds[i + 1] > bounds[i]) chunks.push({ offset: bounds[i], text: text.slice(bounds[i], bounds[i + 1]) });
  }
  if (chunks.length === 0) chunks.push({ offset: 0, text: '' });
  return chunks;
}

/** The length of the longest YAML document of a text (one pass over its `---` / `...` markers). */
export function longestDocument(text: string): number {
  let longest = 0;
  let start = 0;
  for (const m of text.matchAll(documentMarkers())) {
    longest = Math.max(longest, m.index - start);
    start = m.index;
  }
  return Math.max(longest, text.length - start);
}
