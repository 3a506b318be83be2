import type { Figure } from '../report/figure.js';

/** The labels of the plain clients, each a candidate for the headline floor. */
export const FLOOR_LABELS: readonly string[] = ['floor (Buffer split)', 'old floor (setEncoding)'];

/**
 * Adds the headline `floor` of every run: for each section, metric and round, the better of the
 * plain clients' figures (the lower time, CPU or heap; the higher rate), so that rxkube is
 * measured against the fastest plain client of that very run. Each `floor` figure's `note` names
 * the client it was taken from. The plain clients' own figures stay, under their labels.
 *
 * @example
 * ```ts
 * const figures = withSpread(withFastestFloor(allRounds), 'floor');
 * ```
 */
export function withFastestFloor(figures: readonly Figure[]): Figure[] {
  const best = new Map<string, Figure>();
  for (const f of figures) {
    if (!FLOOR_LABELS.includes(f.client)) continue;
    const key = `${f.section}\u0000${f.metric}\u0000${f.round ?? 0}`;
    const seen = best.get(key);
    const better =
      seen === undefined || (f.better === 'lower' ? f.value < seen.value : f.value > seen.value);
    if (better) best.set(key, f);
  }
  const floors = [...best.values()].map(
    (f): Figure => ({ ...f, client: 'floor', note: `from ${f.client}` }),
  );
  return [...floors, ...figures];
}
