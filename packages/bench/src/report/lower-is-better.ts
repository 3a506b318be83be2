import type { Figure } from './figure.js';

/** Where a figure stands in the report: its section and client, and its round if repeated. */
export type FigurePlace = Pick<Figure, 'section' | 'client' | 'round'>;

/**
 * A figure of `place` for which less is better: a time, a size, a count.
 *
 * @example
 * ```ts
 * const place = { section: 'Initial sync, 10k pods', client: 'rxkube', round: 0 };
 * lowerIsBetter(place, 'time to synced', 1234, 'ms');
 * // { ...place, metric: 'time to synced', value: 1234, unit: 'ms', better: 'lower' }
 * ```
 */
export function lowerIsBetter(
  place: FigurePlace,
  metric: string,
  value: number,
  unit: string,
): Figure {
  return { ...place, metric, value, unit, better: 'lower' };
}
