/**
 * The defaults of `eventRecorder`: client-go's event correlator figures, each with its reason.
 *
 * @example
 * ```ts
 * import { eventRecorderDefaults } from '@rxkube/core/controller';
 * console.log(eventRecorderDefaults.windowMs); // 600000
 * ```
 */
export const eventRecorderDefaults = {
  /**
   * The same reason on the same object within this window increments the existing Event's
   * `count` instead of creating another one: client-go's 10-minute aggregation interval.
   */
  windowMs: 600_000,
  /**
   * Per involved object, a token bucket of 25 Events refilled by one every 5 minutes (client-go's
   * spam filter): a controller stuck in a loop cannot flood the API server or `kubectl describe`.
   */
  burst: 25,
  refillEveryMs: 300_000,
  /** Events remembered for aggregation and rate limiting (least recently used go first), as client-go's LRU of 4096. */
  cacheSize: 4096,
  /**
   * Writes waiting to be sent; beyond this, new Events are dropped (reported as `dropped`) so a
   * slow or unreachable API server never makes `record` block or memory grow.
   */
  maxPending: 1000,
} as const;
