// "Did you mean" suggestions for unknown keys, kinds and values.

export function distance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > 3) return 99;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

/** The closest candidate, when it is close enough to be a likely typo. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const lw = word.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === lw) return c;
    const d = distance(lw, c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  // About one edit in five characters: a likely typo, not a guess.
  const limit = Math.max(1, Math.floor(word.length / 5));
  return bestD <= limit ? best : undefined;
}

/** The `n` candidates closest to `word` (edit distance, then name), for a short "nearest names" list. */
export function closest(word: string, candidates: readonly string[], n: number): string[] {
  const lw = word.toLowerCase();
  const scored = candidates.map((c) => {
    const lc = c.toLowerCase();
    // A shared prefix counts: `acces` is closer to `accessTier` than to `kind`.
    let prefix = 0;
    while (prefix < lw.length && prefix < lc.length && lw[prefix] === lc[prefix]) prefix++;
    const d = Math.abs(lw.length - lc.length) > 3 ? 50 + Math.abs(lw.length - lc.length) : distance(lw, lc);
    return { c, score: d - 2 * prefix };
  });
  return scored
    .sort((a, b) => a.score - b.score || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .slice(0, n)
    .map((x) => x.c);
}

/** `a`, `b` or `c` (or `and`) — lists at most `max` items, then "…". */
export function listOf(items: string[], max = 12, conjunction: 'or' | 'and' = 'or'): string {
  const q = items.map((i) => `\`${i}\``);
  if (q.length > max) return `${q.slice(0, max).join(', ')}, … (${q.length} in all)`;
  if (q.length <= 1) return q.join('');
  return `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
}
