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

/** The numbers written in a value, and the rest with each number as `#` (`TLS1_2` → `TLS#_#`, [1, 2]). */
function numbersIn(s: string): { shape: string; numbers: number[] } {
  const numbers: number[] = [];
  const shape = s.toLowerCase().replace(/\d+/g, (n) => (numbers.push(Number(n)), '#'));
  return { shape, numbers };
}

/**
 * Among candidates equally near `word` in spelling, which comes first: values that differ only in their
 * numbers (versions, sizes) are ordered by how near their numbers are to the ones written, so `TLS1_3`
 * suggests `TLS1_2` (the nearest, the highest) rather than `TLS1_0` (the first listed, the weakest).
 * Negative when `a` is nearer; 0 when the values are not ordered that way (the candidates' own order stays).
 */
export function orderTie(word: string): (a: string, b: string) => number {
  const w = numbersIn(word);
  if (w.numbers.length === 0) return () => 0;
  const gap = (c: string): number[] | undefined => {
    const n = numbersIn(c);
    if (n.shape !== w.shape) return undefined;
    // The first number that differs decides (major before minor), then the next.
    return n.numbers.map((x, i) => Math.abs(x - w.numbers[i]));
  };
  return (a, b) => {
    const ga = gap(a);
    const gb = gap(b);
    if (!ga || !gb) return 0;
    for (let i = 0; i < ga.length; i++) if (ga[i] !== gb[i]) return ga[i] - gb[i];
    return 0;
  };
}

/** The closest candidate, when it is close enough to be a likely typo; ties go as `orderTie` says. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const lw = word.toLowerCase();
  const tie = orderTie(word);
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === lw) return c;
    const d = distance(lw, c.toLowerCase());
    if (d < bestD || (d === bestD && best !== undefined && tie(c, best) < 0)) {
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
  const tie = orderTie(word);
  return scored
    .sort((a, b) => a.score - b.score || tie(a.c, b.c) || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
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
