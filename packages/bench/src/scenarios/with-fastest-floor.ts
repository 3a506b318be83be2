import type { Figure } from '../report/figure.js';
import { median } from '../report/median.js';

/** The labels of the plain clients, each a candidate for the headline floor. */
export const FLOOR_LABELS: readonly string[] = ['floor (Buffer split)', 'old floor (setEncoding)'];

/**
 * Adds the headline `floor` of every run: for each section and metric, the plain client whose
 * median over the runs is the better one (the lower time, CPU or heap; the higher rate), each of
 * its runs then the floor of that run, so that rxkube is paired run by run with the fastest plain
 * client. Each `floor` figure's `note` names the client it was taken from. The plain clients' own
 * figures stay, under their labels.
 *
 * The choice is made once per metric, not run by run: the better of two noisy figures of each run
 * would favour the floor by their noise alone.
 *
 * @example
 * ```ts
 * const figures = withSpread(withFastestFloor(allRounds), 'floor');
 * ```
 */
export function withFastestFloor(figures: readonly Figure[]): Figure[] {
  const candidates = new Map<string, Map<string, Figure[]>>();
  for (const f of figures) {
    if (!FLOOR_LABELS.includes(f.client)) continue;
    const key = `${f.section}\u0000${f.metric}`;
    const byClient = candidates.get(key) ?? new Map<string, Figure[]>();
    byClient.set(f.client, [...(byClient.get(f.client) ?? []), f]);
    candidates.set(key, byClient);
  }
  const floors: Figure[] = [];
  for (const byClient of candidates.values()) {
    let best: { readonly median: number; readonly runs: readonly Figure[] } | undefined;
    for (const runs of byClient.values()) {
      const [first] = runs;
      if (first === undefined) continue;
      const m = median(runs.map((f) => f.value));
      const better =
        first.better === 'lower' ? m < (best?.median ?? Infinity) : m > (best?.median ?? -Infinity);
      if (better) best = { median: m, runs };
    }
    for (const f of best?.runs ?? [])
      floors.push({ ...f, client: 'floor', note: `from ${f.client}` });
  }
  return [...floors, ...figures];
}
