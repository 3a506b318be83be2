/**
 * The median of some values (the mean of the two middle ones for an even count).
 *
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * median([4, 1, 3, 2]); // 2.5
 * ```
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle];
  const lower = sorted[middle - 1];
  if (upper === undefined) throw new Error('the median of no values');
  if (sorted.length % 2 === 1) return upper;
  if (lower === undefined) throw new Error('the median of an even count without a lower middle');
  return (lower + upper) / 2;
}
