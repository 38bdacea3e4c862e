// Diagnostic messages are written once, in markdown (hover and completion show markdown), and become plain
// text where they leave the language service as a diagnostic: an LSP `Diagnostic.message` is plain text
// (Problems would show the backticks raw), and so is a CLI line. This is the one conversion, used at both
// boundaries: code spans become single-quoted, emphasis markers go.

/** Plain text of a short markdown message: `` `x` `` → 'x', `**x**` / `*x*` → x, `\*` → *. */
export function plainText(markdown: string): string {
  let out = '';
  let i = 0;
  while (i < markdown.length) {
    const ch = markdown[i];
    if (ch === '\\' && i + 1 < markdown.length && /[\\`*_[\]]/.test(markdown[i + 1])) {
      out += markdown[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      // A code span opened by a run of n backticks ends at the next run of exactly n.
      let n = 1;
      while (markdown[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      let end = markdown.indexOf(fence, i + n);
      while (end >= 0 && markdown[end + n] === '`') end = markdown.indexOf(fence, end + n + 1);
      if (end < 0) {
        out += fence;
        i += n;
        continue;
      }
      let content = markdown.slice(i + n, end);
      if (n > 1 && content.startsWith(' ') && content.endsWith(' ') && content.trim()) content = content.slice(1, -1);
      out += `'${content}'`;
      i = end + n;
      continue;
    }
    if (ch === '*' && markdown[i + 1] === '*') {
      i += 2;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
