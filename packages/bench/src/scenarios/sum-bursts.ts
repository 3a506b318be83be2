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
  if (results.length === 0) throw new Error('no burst to add up');
  let events = 0;
  let applyMs = 0;
  let cpuMs = 0;
  let serverWriteMs = 0;
  for (const result of results) {
    events += result.events;
    applyMs += result.applyMs;
    cpuMs += result.cpuMs;
    serverWriteMs += result.serverWriteMs;
  }
  return { events, applyMs, cpuMs, serverWriteMs };
}
