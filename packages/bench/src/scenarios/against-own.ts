import type { Figure } from '../report/figure.js';
import { withSpread } from './with-spread.js';

/**
 * One client's figures at every size (labelled `<client> at <size>`), each run against the same
 * client's figure of that run at the `smallest` size: how the client's own cost grows with the
 * cache. Figures of other clients are left out.
 *
 * @example
 * ```ts
 * const figures = againstOwn(all, 'floor (Buffer split)', '1k'); // "… at 100k": 1.49× "… at 1k"
 * ```
 */
export function againstOwn(figures: readonly Figure[], client: string, smallest: string): Figure[] {
  const baseline = `${client} at ${smallest}`;
  return withSpread(
    figures.filter((f) => f.client.startsWith(`${client} at `)),
    baseline,
    (f) => ({ section: f.section, client: baseline }),
  );
}
