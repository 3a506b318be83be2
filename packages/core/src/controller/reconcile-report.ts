import type { WorkQueueStats } from './work-queue-stats.js';

/**
 * The outcome of one reconcile, as `controller$` emits it.
 *
 * - `done`: the reconcile completed; its key's failure count is forgotten.
 * - `requeued`: the reconcile asked to run again after `requeueAfterMs`.
 * - `failed`: the reconcile threw or errored; the key runs again after `retryAfterMs`
 *   (per-key exponential backoff and the overall rate limit), or at once if it changed meanwhile.
 *
 * @example
 * ```ts
 * import type { ReconcileReport } from '@rxkube/core/controller';
 * const line = (r: ReconcileReport) => `${r.key} ${r.outcome} #${r.attempt} in ${r.durationMs} ms`;
 * ```
 */
export interface ReconcileReport {
  readonly key: string;
  readonly outcome: 'done' | 'requeued' | 'failed';
  /** 1 for the first run since the key's last success, then 2, 3, … for retries. */
  readonly attempt: number;
  /** How long the reconcile took, on the controller's scheduler. */
  readonly durationMs: number;
  /**
   * How long the key waited for this run: from when it needed one (a change, a due retry) to its
   * start — client-go's `workqueue_queue_duration_seconds`.
   */
  readonly queuedMs: number;
  /** The reconcile's error, when `outcome` is `failed`. */
  readonly error?: unknown;
  /** When `outcome` is `requeued`: the delay asked for. */
  readonly requeueAfterMs?: number;
  /** When `outcome` is `failed`: the delay before the retry (unless the key changes first). */
  readonly retryAfterMs?: number;
  /** The work queue right after this outcome. */
  readonly queue: WorkQueueStats;
}
