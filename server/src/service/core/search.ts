// Binary search over sorted offsets (line starts, line breaks, a decoded value's offsets): one implementation,
// each caller saying which side of an equal offset it wants, instead of a loop written again per file.

/** The index of the last of `sorted` that is at most `x`; 0 when none is (the first line holds what precedes it). */
export function lastAtMost(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The index of the first of `sorted[0, end)` that is at least `x`; `end` when none is. */
export function firstAtLeast(sorted: ArrayLike<number>, x: number, end = sorted.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
