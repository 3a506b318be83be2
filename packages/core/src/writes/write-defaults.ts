/**
 * The defaults of the writes (`patch$`, `updateWith$`, `retryOnConflict`), each with its reason.
 *
 * @example
 * ```ts
 * import { writeDefaults } from '@rxkube/core';
 * console.log(writeDefaults.conflictRetry.attempts); // 20
 * ```
 */
export const writeDefaults = {
  /** A JSON merge patch (RFC 7386): understood for every kind, custom resources included. */
  patchType: 'merge',
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
} as const;
