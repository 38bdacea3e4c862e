// The shape of an expression: its text with the contents of string literals blanked out (same length,
// so every offset is kept). Rules repeat the same expression with other label values
// (`job="api-1"`, `job="api-2"`, …) and destination expressions the same access with other literal
// suffixes; the checks here never depend on what a string says, except where noted, so a shape found
// clean stands for every expression of that shape. Only clean results are shared: an expression whose
// shape has a problem is checked on its own text, so messages quote what was written.

/**
 * `keep(i)` tells which literals must stay as written (PromQL regex matchers, whose content decides
 * whether they match the empty string). Returns undefined when the text cannot be blanked safely
 * (an unterminated literal, or a `#` comment that could hold a quote).
 */
export function shapeOf(
  text: string,
  quotes: string,
  keep?: (before: string) => boolean,
  comments = false,
): string | undefined {
  if (comments && text.includes('#')) return undefined;
  let out = '';
  let i = 0;
  let last = 0;
  while (i < text.length) {
    const c = text[i];
    if (!quotes.includes(c)) {
      i++;
      continue;
    }
    const triple = c !== '`' && text.startsWith(c.repeat(3), i) ? 3 : 1;
    const close = c.repeat(triple);
    let j = i + triple;
    while (j < text.length && !text.startsWith(close, j)) j += text[j] === '\\' && c !== '`' ? 2 : 1;
    if (j >= text.length) return undefined;
    const start = i + triple;
    // Empty literals stay empty: emptiness can matter (`{job=""}`).
    if (j > start && !keep?.(text.slice(0, i))) {
      out += text.slice(last, start) + 'x'.repeat(j - start);
      last = j;
    }
    i = j + triple;
  }
  return out + text.slice(last);
}
