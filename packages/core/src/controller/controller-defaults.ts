/**
 * The defaults of `controller$`, each with its reason. One place, so no code path carries a magic
 * number.
 *
 * @example
 * ```ts
 * import { controllerDefaults } from '@rxkube/core/controller';
 * console.log(controllerDefaults.backoff.maxMs); // 1000000
 * ```
 */
export const controllerDefaults = {
  /** One key at a time, as a client-go controller started with one worker. */
  concurrency: 1,
  /**
   * Per-key exponential backoff of failed reconciles: 5 ms doubling up to 1000 s, client-go's
   * `DefaultControllerRateLimiter` (`ItemExponentialFailureRateLimiter(5ms, 1000s)`). A key's
   * failure count is forgotten after a run that succeeds or asks for `requeueAfterMs`.
   */
  backoff: { baseMs: 5, maxMs: 1_000_000 },
  /**
   * Overall limit on retries of failed keys, a token bucket of 10 per second with a burst of 100,
   * as client-go's default (`BucketRateLimiter{10 qps, 100 burst}`): when many keys fail at once,
   * their retries are spread out instead of hammering the API server. A retry waits for the
   * longer of its key's backoff and the bucket.
   */
  rateLimit: { perSecond: 10, burst: 100 },
  /** No periodic resync: changes come from the watches, as client-go's default of 0. */
  resyncMs: 0,
  /** The work queue's `name` in its metrics when none is given. */
  name: 'controller',
} as const;
