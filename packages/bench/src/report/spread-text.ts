import type { Figure } from './figure.js';

/**
 * A ratio's run-to-run spread as text: ` (0.93–1.02)`, or nothing for a single run.
 *
 * @example
 * ```ts
 * `${f.ratio.toFixed(2)}×${spreadText(f)}`; // '0.97× (0.93–1.02)'
 * ```
 */
export function spreadText(figure: Figure): string {
  const spread = figure.spread;
  if (spread === undefined || spread[0] === spread[1]) return '';
  return ` (${spread[0].toFixed(2)}–${spread[1].toFixed(2)})`;
}
