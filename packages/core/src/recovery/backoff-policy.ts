/**
 * How a run of failures is spaced out: the delay before attempt `n` is
 * `d = min(maxMs, initialMs × factor^(n-1))`, spread by `jitter`. Every retry of rxkube (a
 * collection's reconnects and relists, `retryWithBackoff`, `relistOnGone`, conflict retries, a
 * controller's failed keys) is one of these, computed by `backoffDelay`.
 *
 * @example
 * ```ts
 * import type { BackoffPolicy } from '@rxkube/core';
 * // client-go's relist delay after 410 Gone: [0.8, 1.6) s, doubling up to 30 s
 * const relists: BackoffPolicy = { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 1 };
 * ```
 */
export interface BackoffPolicy {
  /** The delay before the first retry (before jitter), in ms. */
  readonly initialMs: number;
  /** No delay is longer (before jitter), in ms. */
  readonly maxMs: number;
  /** Each further attempt multiplies the delay by this. */
  readonly factor: number;
  /**
   * How the delay `d` is spread, so that many clients failing together do not retry together:
   * - `'full'`: uniformly in `[0, d)` ("full jitter": client-go's and kube-rs's watch backoff);
   * - a number `j ≥ 0`: uniformly in `[d, d × (1 + j))` (client-go's `wait.Backoff.Jitter`); 0
   *   waits exactly `d`.
   */
  readonly jitter: 'full' | number;
  /** After this long without a failure, attempts count from 1 again (in ms). */
  readonly resetAfterMs?: number;
}
