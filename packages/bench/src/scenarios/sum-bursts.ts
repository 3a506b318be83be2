import type { BurstResult } from './server-requests.js';

/**
 * Bursts measured one after the other, as one: their events and times added up, so that the
 * rate over all of them weighs each event the same.
 *
 * @example
 * ```ts
 * const total = sumBursts([first, second, third]);
 * const perSecond = (total.events / total.applyMs) * 1000;
 * ```
 */
export function sumBursts(results: readonly BurstResult[]): BurstResult {
  const [first, ...rest] = results;
  if (first === undefined) throw new Error('no burst to add up');
  let total: BurstResult = first;
  for (const result of rest) {
    total = {
      events: total.events + result.events,
      applyMs: total.applyMs + result.applyMs,
      cpuMs: total.cpuMs + result.cpuMs,
      collectorMs: total.collectorMs + result.collectorMs,
      youngCollectorMs: total.youngCollectorMs + result.youngCollectorMs,
      collections: total.collections + result.collections,
      serverWriteMs: total.serverWriteMs + result.serverWriteMs,
    };
  }
  return total;
}
