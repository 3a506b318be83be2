/**
 * The work queue of `controller$` as numbers, carried by every report: watch them as values
 * (a gauge of `depth`, a counter of `retries`) instead of parsing logs.
 *
 * @example
 * ```ts
 * import type { WorkQueueStats } from '@rxkube/core/controller';
 * const backlog = (s: WorkQueueStats) => s.depth + s.delayed;
 * ```
 */
export interface WorkQueueStats {
  /** Keys waiting to run now (not running, not delayed): client-go's `depth`. */
  readonly depth: number;
  /** Keys running now (at most `concurrency`). */
  readonly running: number;
  /** Keys waiting for a later run: backoff after a failure, or `requeueAfterMs`. */
  readonly delayed: number;
  /** Failed runs that were requeued since the controller started. */
  readonly retries: number;
  /**
   * Keys that needed a run since the controller started: a change to a key that already waits
   * adds nothing (client-go's `workqueue_adds_total`).
   */
  readonly adds: number;
}
