/**
 * The defaults of `leaderElection$`: client-go's recommended figures (those of
 * kube-controller-manager and kube-scheduler), each with its reason.
 *
 * @example
 * ```ts
 * import { leaderElectionDefaults } from '@rxkube/core/controller';
 * console.log(leaderElectionDefaults.leaseDurationMs); // 15000
 * ```
 */
export const leaderElectionDefaults = {
  /**
   * How long a lease holds after its last observed renewal. Followers wait this long (on their own
   * clock, from the moment they saw the renewal) before taking over: the worst-case hand-over
   * after a crash.
   */
  leaseDurationMs: 15_000,
  /**
   * A leader that could not renew for this long (since it sent its last successful renewal) stops
   * leading. Shorter than the lease, so it stops before anyone else may start: the margin
   * (5 s here) absorbs clock-rate differences and timer lateness.
   */
  renewDeadlineMs: 10_000,
  /** How often a leader renews its lease (a follower looks twice as often, see `leaderElection$`). */
  retryPeriodMs: 2_000,
  /** Keep the lease when unsubscribed unless asked: releasing needs one more write. */
  releaseOnCancel: false,
} as const;
