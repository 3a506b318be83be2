import { type MonoTypeOperatorFunction, retry, type SchedulerLike, throwError } from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import { afterDelay } from '../time/after-delay.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { backoffDelay } from './backoff-delay.js';
import { backoffPolicyOf } from './internal/backoff-policy-of.js';
import { recoveryDefaults } from './recovery-defaults.js';

/**
 * Configuration of {@link retryOnConflict}. Defaults in `recoveryDefaults.conflictRetry`.
 *
 * @example
 * ```ts
 * import type { RetryOnConflictConfig } from '@rxkube/core';
 * const config: RetryOnConflictConfig = { attempts: 5, initialMs: 10, factor: 1, jitter: 0.1 };
 * ```
 */
export interface RetryOnConflictConfig {
  /** Attempts in all, the first included; the conflict of the last one is passed on. Default 20. */
  readonly attempts?: number;
  /** The delay before the first retry. Default 10 ms. */
  readonly initialMs?: number;
  /** Growth of the delay per retry. Default 2. */
  readonly factor?: number;
  /** The longest delay. Default 1 000 ms. */
  readonly maxMs?: number;
  /** Each delay `d` becomes `d × (1 + jitter × random())`. Default 1. */
  readonly jitter?: number;
  /** Told before each retry. */
  readonly onRetry?: (info: { readonly attempt: number; readonly delayMs: number }) => void;
  /** A number in [0, 1); the jitter's source. Default `Math.random`. */
  readonly random?: () => number;
  /** Where the delays run. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}

/**
 * Resubscribes to the source when it fails with a conflict (a `KubeError` with reason
 * `'Conflict'`: a stale `resourceVersion`), after a short jittered delay, at most `attempts`
 * times in all. Every other error, and the conflict of the last attempt, passes on at once.
 *
 * The source must read the current object anew on each subscription, or the retry repeats the
 * same stale write: build it with `defer` or as `get$(…).pipe(switchMap(…))`. `updateWith$` is
 * this pattern ready-made. The delays are client-go's `DefaultRetry`-like: see
 * `recoveryDefaults.conflictRetry` for the values and why.
 *
 * @example
 * ```ts
 * import { get$, replace$, retryOnConflict } from '@rxkube/core';
 * import type { ConfigMap } from 'kubernetes-types/core/v1.js';
 * import { switchMap } from 'rxjs';
 * const configMaps = { version: 'v1', resource: 'configmaps', namespace: 'x' };
 * get$<ConfigMap>(client, configMaps, 'settings')
 *   .pipe(
 *     switchMap((cm) => replace$<ConfigMap>(client, configMaps, { ...cm, data: { ...cm.data, n: '1' } })),
 *     retryOnConflict(),
 *   )
 *   .subscribe((cm) => console.log(cm.metadata?.resourceVersion));
 * // Output: the version of the write that went through, after any conflicts
 * ```
 */
export function retryOnConflict<T>(
  config: RetryOnConflictConfig = {},
): MonoTypeOperatorFunction<T> {
  const { attempts: defaultAttempts, ...defaults } = recoveryDefaults.conflictRetry;
  const attempts = config.attempts ?? defaultAttempts;
  const policy = backoffPolicyOf(defaults, config, 'retryOnConflict');
  const random = config.random ?? Math.random;
  const scheduler = config.scheduler ?? monotonicScheduler;
  return retry<T>({
    count: Math.max(0, attempts - 1),
    delay: (error: unknown, retryCount: number) => {
      if (!isKubeError(error) || error.reason !== 'Conflict') return throwError(() => error);
      const delayMs = backoffDelay(policy, retryCount, random);
      config.onRetry?.({ attempt: retryCount, delayMs });
      return afterDelay(delayMs, scheduler);
    },
  });
}
