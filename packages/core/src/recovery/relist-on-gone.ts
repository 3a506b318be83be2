import {
  defer,
  type MonoTypeOperatorFunction,
  type Observable,
  retry,
  type SchedulerLike,
} from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import type { ResourceVersionExpiredError } from '../errors/resource-version-expired-error.js';
import { afterDelay } from '../time/after-delay.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { backoffDelay } from './backoff-delay.js';
import type { BackoffPolicy } from './backoff-policy.js';
import { backoffPolicyOf } from './internal/backoff-policy-of.js';
import { nextAttempt } from './internal/next-attempt.js';
import { recoveryDefaults } from './recovery-defaults.js';

/** Configuration of {@link relistOnGone}. */
export interface RelistOnGoneConfig {
  /** Told before each resubscription, e.g. to report health or count relists. */
  readonly onRelist?: (error: ResourceVersionExpiredError) => void;
  /**
   * A 410 that comes within this long of the previous relist is part of a storm: its relist waits
   * longer. Default 120 000 ms.
   */
  readonly resetAfterMs?: number;
  /** The delay before the first relist (before jitter). Default 800 ms. */
  readonly initialMs?: number;
  /** The longest delay (before jitter). Default 30 000 ms. */
  readonly maxMs?: number;
  /** Growth of the delay per relist in a storm. Default 2. */
  readonly factor?: number;
  /** How each delay is spread (see `BackoffPolicy.jitter`). Default 1: `[d, 2d)`. */
  readonly jitter?: BackoffPolicy['jitter'];
  /** A number in [0, 1); the jitter's source. Default `Math.random`. */
  readonly random?: () => number;
  /** Where the delays run. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}

/**
 * Turns 410 Gone (`ResourceVersionExpiredError`) into a resubscription of the source, which is
 * expected to LIST afresh: the version it would resume from is older than the server's history,
 * and only a new snapshot can tell what was missed. Every other error passes through.
 *
 * It waits as a collection does before it relists (`recoveryDefaults.relistBackoff`, client-go's):
 * a random time in [0.8, 1.6) s, so that a fleet hit by the same API-server restart does not LIST
 * in one instant. Should 410s keep coming (a relist storm), each further relist waits twice as
 * long, up to 30 s, until the source has run for `resetAfterMs` without one.
 *
 * @example
 * ```ts
 * import { defer, switchMap, concat, of } from 'rxjs';
 * import { list$, watch$, relistOnGone } from '@rxkube/core';
 * defer(() => list$(client, ref))
 *   .pipe(
 *     switchMap((listed) => concat(of(listed), watch$(client, ref, { resourceVersion: listed.resourceVersion }))),
 *     relistOnGone({ onRelist: () => console.log('relisting') }),
 *   )
 *   .subscribe();
 * // Output (when the watch answers 410 Gone):
 * // relisting
 * ```
 */
export function relistOnGone<T>(config: RelistOnGoneConfig = {}): MonoTypeOperatorFunction<T> {
  const policy = backoffPolicyOf(recoveryDefaults.relistBackoff, config, 'relistOnGone');
  const random = config.random ?? Math.random;
  const scheduler = config.scheduler ?? monotonicScheduler;

  return (source: Observable<T>) =>
    defer(() => {
      let relists = 0;
      let lastRelistAt = Number.NEGATIVE_INFINITY;
      return source.pipe(
        retry({
          delay: (error: unknown) => {
            if (!isGone(error)) throw error;
            const now = scheduler.now();
            relists = nextAttempt(policy, relists, lastRelistAt, now);
            lastRelistAt = now;
            config.onRelist?.(error);
            return afterDelay(backoffDelay(policy, relists, random), scheduler);
          },
        }),
      );
    });
}

function isGone(error: unknown): error is ResourceVersionExpiredError {
  return isKubeError(error) && error.reason === 'ResourceVersionExpired';
}
