// The candidates of a "did you mean": every near name, best first (the one the message names first).
import { distance, orderTie } from '../../core/suggest';

/** Candidates within about one edit in five characters of `word`, nearest first, at most `max`. */
export function nearAll(word: string, candidates: Iterable<string>, max = 3): string[] {
  const lw = word.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 5));
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const d = c.toLowerCase() === lw ? 0 : distance(lw, c.toLowerCase());
    if (d <= limit) scored.push({ c, d });
  }
  // Stable: among equals, the nearest in order where the values are (orderTie), else the candidates' own
  // order, as `nearest` picks.
  const tie = orderTie(word);
  return scored
    .sort((a, b) => a.d - b.d || tie(a.c, b.c))
    .slice(0, max)
    .map((s) => s.c);
}
