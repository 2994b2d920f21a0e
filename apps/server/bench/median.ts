/** The middle item by `by` (the upper middle of an even count); undefined when there is none. */
export function medianBy<T>(items: readonly T[], by: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];
}

/** The middle value (the upper middle of an even count); undefined when there is none. */
export function median(values: readonly number[]): number | undefined {
  return medianBy(values, (value) => value);
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
