// Markdown as GitHub renders it, for the tests of the README and the docs pages: prose and heading anchors.

/** The text a reader sees as prose: fenced blocks and code spans left out (their `[x](y)` is no link). */
export const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
