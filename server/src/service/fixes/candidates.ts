// The candidates of a "did you mean": every near name, best first (the one the message names first).
import { distance } from '../suggest';

/** Candidates within about one edit in five characters of `word`, nearest first, at most `max`. */
export function nearAll(word: string, candidates: Iterable<string>, max = 3): string[] {
  const lw = word.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 5));
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const d = c.toLowerCase() === lw ? 0 : distance(lw, c.toLowerCase());
    if (d <= limit) scored.push({ c, d });
  }
  // Stable: among equals, the candidates' own order, as `nearest` picks.
  return scored
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((s) => s.c);
}
