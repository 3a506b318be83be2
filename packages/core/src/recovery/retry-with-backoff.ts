import {
  defer,
  type MonoTypeOperatorFunction,
  type Observable,
  retry,
  type SchedulerLike,
  tap,
} from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import { afterDelay } from '../time/after-delay.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { backoffDelay } from './backoff-delay.js';
import type { BackoffPolicy } from './backoff-policy.js';
import { backoffPolicyOf } from './internal/backoff-policy-of.js';
import { nextAttempt } from './internal/next-attempt.js';
import { recoveryDefaults } from './recovery-defaults.js';

/** What `retryWithBackoff` reports before each retry. */
export interface RetryInfo {
  /** 1 for the first retry after a failure, 2 for the next, … (reset after a healthy period). */
  readonly attempt: number;
  /** How long it waits before resubscribing. */
  readonly delayMs: number;
  /** The error that is being retried. */
  readonly error: unknown;
}

/** Configuration of {@link retryWithBackoff}. */
export interface RetryWithBackoffConfig {
  /** The cap of the first delay. Default 800 ms. */
  readonly initialMs?: number;
  /** The largest cap. Default 30 000 ms. */
  readonly maxMs?: number;
  /** How much the cap grows per attempt. Default 2. */
  readonly factor?: number;
  /** A source that ran this long without failing starts again from attempt 1. Default 120 000 ms. */
  readonly resetAfterMs?: number;
  /** How each delay is spread (see `BackoffPolicy.jitter`). Default `'full'`: `[0, d)`. */
  readonly jitter?: BackoffPolicy['jitter'];
  /**
   * Which errors are retried. Default: `KubeError`s whose `retryable` is true (network, 5xx, 429,
   * stalled or empty watches, undecodable lines). Others are passed on.
   */
  readonly shouldRetry?: (error: unknown) => boolean;
  /** Told before each retry, e.g. to report health. */
  readonly onRetry?: (info: RetryInfo) => void;
  /** A number in [0, 1); the jitter's source. Default `Math.random`. */
  readonly random?: () => number;
  /** Where the delays run. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}

/**
 * Retries transient failures with exponential backoff and full jitter: before attempt `n` it waits
 * a random time in `[0, min(maxMs, initialMs × factor^(n-1)))`, and at least the server's
 * `Retry-After` when the error carries one (`retryAfterMs`). After `resetAfterMs` without a
 * failure the attempts count from 1 again. Non-retryable errors pass through at once.
 *
 * It resubscribes to the same source: for a watch, read the resume version when subscribing
 * (`defer`), or each retry would replay from the original version.
 *
 * @example
 * ```ts
 * import { defer, tap } from 'rxjs';
 * import { retryWithBackoff, watch$ } from '@rxkube/core';
 * import { asResourceVersion } from '@rxkube/core/transport';
 * let from = asResourceVersion('12345'); // the last version processed (first the LIST's): a retry resumes there
 * defer(() => watch$(client, ref, { resourceVersion: from }))
 *   .pipe(
 *     tap((event) => {
 *       const version = event.type === 'BOOKMARK' ? event.resourceVersion : event.object.metadata?.resourceVersion;
 *       if (version !== undefined) from = asResourceVersion(version);
 *     }),
 *     retryWithBackoff({ onRetry: ({ attempt, delayMs }) => console.log(attempt, delayMs) }),
 *   )
 *   .subscribe();
 * // Output (after two transient failures):
 * // 1 512.3
 * // 2 1203.9
 * ```
 */
export function retryWithBackoff<T>(
  config: RetryWithBackoffConfig = {},
): MonoTypeOperatorFunction<T> {
  const policy = backoffPolicyOf(recoveryDefaults.backoff, config, 'retryWithBackoff');
  const shouldRetry = config.shouldRetry ?? isRetryable;
  const random = config.random ?? Math.random;
  const scheduler = config.scheduler ?? monotonicScheduler;

  return (source: Observable<T>) =>
    defer(() => {
      let attempt = 0;
      let healthySince = scheduler.now();
      return source.pipe(
        retry({
          delay: (error: unknown) => {
            if (!shouldRetry(error)) throw error;
            attempt = nextAttempt(policy, attempt, healthySince, scheduler.now());
            const retryAfterMs = isKubeError(error) ? (error.retryAfterMs ?? 0) : 0;
            const delayMs = Math.max(backoffDelay(policy, attempt, random), retryAfterMs);
            config.onRetry?.({ attempt, delayMs, error });
            return afterDelay(delayMs, scheduler).pipe(
              tap(() => {
                healthySince = scheduler.now();
              }),
            );
          },
        }),
      );
    });
}

function isRetryable(error: unknown): boolean {
  return isKubeError(error) && error.retryable;
}
