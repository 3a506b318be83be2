import type { Figure } from '../report/figure.js';

/**
 * One figure per section, metric and client: the best of the repeated measurements (lowest time,
 * highest rate), the usual way to filter out interference from other processes on a shared
 * machine. The note says how many runs it is the best of.
 *
 * @example
 * ```ts
 * const figures = bestOf(allRounds);
 * ```
 */
export function bestOf(figures: readonly Figure[]): Figure[] {
  const groups = new Map<string, Figure[]>();
  for (const f of figures) {
    const key = `${f.section}\u0000${f.metric}\u0000${f.client}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()].map((group) => {
    const best = group.reduce((a, b) =>
      (a.better === 'lower' ? b.value < a.value : b.value > a.value) ? b : a,
    );
    return group.length > 1 ? { ...best, note: `best of ${group.length}` } : best;
  });
}
