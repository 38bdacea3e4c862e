// Order statistics of timing samples.

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const p95 = (values: readonly number[]): number => percentile(values, 95);

/** The median of the ratios a[i] / b[i]: pairs measured together, so a drift of the machine cancels out. */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  return median(Array.from({ length: n }, (_, i) => a[i] / b[i]));
}
