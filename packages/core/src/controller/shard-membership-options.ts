import type { SchedulerLike } from 'rxjs';

/**
 * Options of `shardMembership$`; the timings have the meanings and defaults of
 * `leaderElection$` (`leaderElectionDefaults`) and must satisfy
 * `leaseDurationMs > renewDeadlineMs > retryPeriodMs`.
 *
 * @example
 * ```ts
 * import type { ShardMembershipOptions } from '@rxkube/core/controller';
 * const options: ShardMembershipOptions = { namespace: 'kube-system', group: 'my-controller', identity: 'host-a-4242' };
 * ```
 */
// The timings, `releaseOnCancel`, `signal` and `scheduler` have the names of
// `LeaderElectionOptions` on purpose (one vocabulary for both uses of Leases), but each field's
// doc says what it means for a member, not a leader: the two interfaces stay separate.
export interface ShardMembershipOptions {
  /** Namespace of the members' Leases. */
  readonly namespace: string;
  /**
   * The group: every replica of one controller gives the same. Each member's Lease carries it as
   * the label `rxkube.dev/shard-group`. 1 to 63 lower-case letters, digits and `-`.
   */
  readonly group: string;
  /** This replica's identity, unique among the live replicas (e.g. host name and process id). */
  readonly identity: string;
  /** How long a member's Lease holds after its last observed renewal. Default 15 000. */
  readonly leaseDurationMs?: number;
  /** A member that could not renew for this long owns nothing until it renews. Default 10 000. */
  readonly renewDeadlineMs?: number;
  /** How often a member renews its Lease and reads the group's. Default 2 000. */
  readonly retryPeriodMs?: number;
  /**
   * When unsubscribed (or `signal` aborts), delete this member's Lease so the others take its
   * keys at their next read instead of after `leaseDurationMs`. Default false.
   */
  readonly releaseOnCancel?: boolean;
  /**
   * Leaves gracefully: own nothing at once, wait for the runs it stopped (`waitUntil`) while
   * renewing, delete the Lease if `releaseOnCancel`, emit and complete.
   */
  readonly signal?: AbortSignal;
  /** Timers run here; tests pass a virtual one. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}
