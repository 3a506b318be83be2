import type { Figure } from '../report/figure.js';
import { median } from '../report/median.js';

/** `median of N`, and how often each note of the runs (e.g. which floor) was given. */
function noteOf(group: readonly Figure[]): string {
  const counts = new Map<string, number>();
  for (const f of group)
    if (f.note !== undefined) counts.set(f.note, (counts.get(f.note) ?? 0) + 1);
  const parts = group.length > 1 ? [`median of ${group.length}`] : [];
  for (const [note, count] of counts) parts.push(group.length > 1 ? `${note} ×${count}` : note);
  return parts.join('; ');
}

const groupKey = (f: Figure) => `${f.section}\u0000${f.metric}\u0000${f.client}`;

/**
 * Combines the repetitions of each figure (by `round`): the median value, and the median of the
 * per-run ratios to the `baseline` client's figure of the same run, with their lowest and highest
 * as the spread. Pairing each run with its own baseline keeps the ratio honest on a shared
 * machine, where a whole run can be slowed down by other work.
 *
 * @example
 * ```ts
 * const figures = withSpread(allRounds, 'floor'); // ratio 0.97, spread [0.93, 1.02]
 * ```
 */
export function withSpread(
  figures: readonly Figure[],
  baseline: string,
  baselineOf: (figure: Figure) => { readonly section: string; readonly client: string } = (f) => ({
    section: f.section,
    client: baseline,
  }),
): Figure[] {
  const groups = new Map<string, Figure[]>();
  for (const f of figures) groups.set(groupKey(f), [...(groups.get(groupKey(f)) ?? []), f]);
  return [...groups.values()].map((group) => {
    const [first] = group;
    if (first === undefined) throw new Error('a group of figures without a figure');
    const base = baselineOf(first);
    const baseRows = groups.get(`${base.section}\u0000${first.metric}\u0000${base.client}`) ?? [];
    const ratios: number[] = [];
    for (const f of group) {
      const b = baseRows.find((r) => r.round === f.round);
      if (b !== undefined && b.value !== 0) ratios.push(f.value / b.value);
    }
    const { round: _round, ...rest } = first;
    const combined: Figure = {
      ...rest,
      value: median(group.map((f) => f.value)),
      ...(group.length > 1 || first.note !== undefined ? { note: noteOf(group) } : {}),
    };
    if (ratios.length === 0) return combined;
    return {
      ...combined,
      ratio: median(ratios),
      baseline,
      spread: [Math.min(...ratios), Math.max(...ratios)],
    };
  });
}
