import type { BurstResult } from './server-requests.js';

/**
 * The metric of the main thread's pauses for the garbage collector per event. A client that keeps
 * every object it parses has the young generation's collections copy each one, and move it to the
 * old generation if it is still kept at the next, so this figure grows with the cache.
 */
export const COLLECTOR_METRIC = 'collector pauses / event';

/**
 * The collector's pauses of a burst, for the log: the pauses, the young-generation ones among
 * them, and the time per event.
 *
 * @example
 * ```ts
 * context.log(`watch: rxkube: ${collectorText(result)}`);
 * // "collector 31 pauses, 267 ms (young 250 ms), 8.9 µs/event"
 * ```
 */
export function collectorText(result: BurstResult): string {
  const young = result.youngCollectorMs;
  const perEvent = collectorPerEvent(result).toFixed(1);
  return `collector ${result.collections} pauses, ${result.collectorMs.toFixed(0)} ms (young ${young.toFixed(0)} ms), ${perEvent} µs/event`;
}

/**
 * The collector's pauses per event of a burst, in µs: the value of {@link COLLECTOR_METRIC}.
 *
 * @example
 * ```ts
 * figures.push({ ...common, metric: COLLECTOR_METRIC, value: collectorPerEvent(result) });
 * ```
 */
export function collectorPerEvent(result: BurstResult): number {
  return (result.collectorMs / result.events) * 1000;
}
