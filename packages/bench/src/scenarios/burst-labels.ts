import type { BurstResult } from './server-requests.js';
import { thousands } from './thousands.js';

/**
 * How a section names its measured events: `30k` for one burst, `3 × 30k` for three bursts of
 * 30k each.
 *
 * @example
 * ```ts
 * burstsLabel(3, 30_000); // '3 × 30k'
 * ```
 */
export function burstsLabel(count: number, events: number): string {
  return `${count > 1 ? `${count} × ` : ''}${thousands(events)}`;
}

/**
 * Each burst's own figure for the log, ` (bursts: a, b, c)`, or nothing for a single burst.
 *
 * @example
 * ```ts
 * const text = eachBurstText(each, (b) => ((b.events / b.applyMs) * 1000).toFixed(0));
 * ```
 */
export function eachBurstText(
  each: readonly BurstResult[],
  figure: (burst: BurstResult) => string,
): string {
  return each.length > 1 ? ` (bursts: ${each.map(figure).join(', ')})` : '';
}
