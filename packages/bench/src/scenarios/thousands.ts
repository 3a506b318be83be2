/**
 * `10k`, `50k`, `1.5k`: a count as it appears in section titles.
 *
 * @example
 * ```ts
 * thousands(50_000); // '50k'
 * ```
 */
export function thousands(count: number): string {
  return count >= 1000 ? `${Number((count / 1000).toFixed(1))}k` : String(count);
}
