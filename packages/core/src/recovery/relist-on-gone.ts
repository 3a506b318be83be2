import {
  defer,
  type MonoTypeOperatorFunction,
  type Observable,
  of,
  retry,
  type SchedulerLike,
} from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import type { ResourceVersionExpiredError } from '../errors/resource-version-expired-error.js';
import { afterDelay } from '../time/after-delay.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { recoveryDefaults } from './recovery-defaults.js';

/** Configuration of {@link relistOnGone}. */
export interface RelistOnGoneConfig {
  /** Told before each resubscription, e.g. to report health or count relists. */
  readonly onRelist?: (error: ResourceVersionExpiredError) => void;
  /**
   * A 410 that comes within this long of the previous relist is part of a storm: the relist is
   * delayed with backoff instead of immediate. Default 120 000 ms.
   */
  readonly resetAfterMs?: number;
  /** Backoff for relists in a storm: the delay before the n-th is `min(maxMs, initialMs × 2^(n-2))`. */
  readonly initialMs?: number;
  readonly maxMs?: number;
  /** Where the delays run. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}

/**
 * Turns 410 Gone (`ResourceVersionExpiredError`) into a resubscription of the source, which is
 * expected to LIST afresh: the version it would resume from is older than the server's history,
 * and only a new snapshot can tell what was missed. Every other error passes through.
 *
 * The first relist is immediate. Should 410s keep coming (a relist storm, as after API-server
 * restarts), each further relist waits with exponential backoff until the source has run for
 * `resetAfterMs` without one.
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
  const defaults = recoveryDefaults.backoff;
  const resetAfterMs = config.resetAfterMs ?? defaults.resetAfterMs;
  const initialMs = config.initialMs ?? defaults.initialMs;
  const maxMs = config.maxMs ?? defaults.maxMs;
  const scheduler = config.scheduler ?? monotonicScheduler;

  return (source: Observable<T>) =>
    defer(() => {
      let consecutive = 0;
      let lastRelistAt = Number.NEGATIVE_INFINITY;
      return source.pipe(
        retry({
          delay: (error: unknown) => {
            if (!isGone(error)) throw error;
            const now = scheduler.now();
            consecutive = now - lastRelistAt < resetAfterMs ? consecutive + 1 : 1;
            lastRelistAt = now;
            config.onRelist?.(error);
            if (consecutive === 1) return of(0);
            return afterDelay(Math.min(maxMs, initialMs * 2 ** (consecutive - 2)), scheduler);
          },
        }),
      );
    });
}

function isGone(error: unknown): error is ResourceVersionExpiredError {
  return isKubeError(error) && error.reason === 'ResourceVersionExpired';
}
