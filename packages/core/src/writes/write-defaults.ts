/**
 * The defaults of the writes (`patch$`, `updateWith$`, `retryOnConflict`), each with its reason.
 *
 * @example
 * ```ts
 * import { writeDefaults } from '@rxkube/core';
 * console.log(writeDefaults.conflictRetry.attempts); // 10
 * ```
 */
export const writeDefaults = {
  /** A JSON merge patch (RFC 7386): understood for every kind, custom resources included. */
  patchType: 'merge',
  /**
   * How `updateWith$` and `retryOnConflict` retry a 409 Conflict. Modelled on client-go's
   * `retry.DefaultRetry` (5 steps of 10 ms, jitter 0.1: a conflict is rare and short-lived, so
   * retry soon), with two changes so that many writers of one object all get through: the delay
   * doubles per attempt (as in client-go's `DefaultBackoff`), and the jitter spreads each delay
   * over `[d, 2d)`, so writers that collided do not collide again in lockstep. Ten attempts wait
   * 3.3 to 6.5 s in all before the conflict is passed on.
   */
  conflictRetry: {
    /** Attempts in all, the first included: 10. */
    attempts: 10,
    /** The first delay: client-go's 10 ms. */
    initialMs: 10,
    /** Growth per attempt: 2. */
    factor: 2,
    /** The longest single delay: 1 s. */
    maxMs: 1_000,
    /** Each delay `d` becomes `d × (1 + jitter × random)`: 1, i.e. anywhere in `[d, 2d)`. */
    jitter: 1,
  },
} as const;
