import type { BackoffPolicy } from './backoff-policy.js';

/**
 * The defaults of retrying and relisting (`retryWithBackoff`, `relistOnGone`, `retryOnConflict`
 * and the collections and writes built on them), each with its reason. `collectionDefaults` and
 * `writeDefaults` show the same values where their options use them.
 *
 * @example
 * ```ts
 * import { recoveryDefaults } from '@rxkube/core';
 * console.log(recoveryDefaults.backoff.maxMs); // 30000
 * ```
 */
export const recoveryDefaults = {
  /**
   * Exponential backoff with full jitter (client-go's and kube-rs's figures): 800 ms doubling to
   * 30 s, reset after two minutes without a failure.
   */
  backoff: { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 'full', resetAfterMs: 120_000 },
  /**
   * Delay before a relist after 410 Gone, client-go's: a random time in [d, 2d) with d = 800 ms
   * for the first, doubling for each 410 that follows within two minutes, up to 30 s; so a fleet
   * hit by one apiserver restart spreads its LISTs over about a second instead of one instant.
   */
  relistBackoff: { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 1, resetAfterMs: 120_000 },
  /**
   * How `updateWith$` and `retryOnConflict` retry a 409 Conflict. Modelled on client-go's
   * `retry.DefaultRetry` (5 steps of 10 ms, jitter 0.1), which assumes a conflict is rare and
   * short-lived. Under contention it gives up too soon: ten writers of one object, measured
   * against FakeApiServer, needed up to 12 attempts for one write with doubling delays, and up to
   * 33 with DefaultRetry's flat ones. So rxkube keeps the 10 ms first delay, doubles it per
   * attempt (as client-go's `DefaultBackoff` grows), spreads each delay over `[d, 2d)` so writers
   * that collided do not collide again in lockstep, and allows 20 attempts: 13 to 27 s of
   * retrying in all before the conflict is passed on. A conflict passed on is never a lost
   * update: nothing was written.
   */
  conflictRetry: {
    /** Attempts in all, the first included: 20. */
    attempts: 20,
    /** The first delay: client-go's 10 ms. */
    initialMs: 10,
    /** Growth per attempt: 2. */
    factor: 2,
    /** The longest single delay: 1 s. */
    maxMs: 1_000,
    /** Each delay `d` becomes `d × (1 + jitter × random)`: 1, i.e. anywhere in `[d, 2d)`. */
    jitter: 1,
  },
} as const satisfies {
  readonly backoff: BackoffPolicy;
  readonly relistBackoff: BackoffPolicy;
  readonly conflictRetry: BackoffPolicy & { readonly attempts: number };
};
