import type { SchedulerLike } from 'rxjs';

/**
 * The Lease timings that `leaderElection$` and `shardMembership$` share, with the meanings and
 * defaults of client-go's leader election (`leaderElectionDefaults`). They must satisfy
 * `leaseDurationMs > renewDeadlineMs > retryPeriodMs`.
 *
 * @example
 * ```ts
 * import type { LeaseTimingOptions } from '@rxkube/core/controller';
 * const quick: LeaseTimingOptions = { leaseDurationMs: 6_000, renewDeadlineMs: 4_000, retryPeriodMs: 1_000 };
 * ```
 */
export interface LeaseTimingOptions {
  /**
   * How long a Lease holds after its holder's last renewal, as others observe it; others judge
   * expiry by the duration recorded in the Lease. Default 15 000.
   */
  readonly leaseDurationMs?: number;
  /** A holder that could not renew for this long gives up what the Lease gave it. Default 10 000. */
  readonly renewDeadlineMs?: number;
  /** How often the Lease is renewed, and others' Leases read. Default 2 000. */
  readonly retryPeriodMs?: number;
  /** Timers run here; tests pass a virtual one. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}
