import type { LeaseTimingOptions } from './lease-timing-options.js';

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
// `releaseOnCancel` and `signal` have the names of `LeaderElectionOptions` (one vocabulary for
// both uses of Leases), with what they mean for a member, not a leader.
export interface ShardMembershipOptions extends LeaseTimingOptions {
  /** Namespace of the members' Leases. */
  readonly namespace: string;
  /**
   * The group: every replica of one controller gives the same. Each member's Lease carries it as
   * the label `rxkube.dev/shard-group`. 1 to 63 lower-case letters, digits and `-`.
   */
  readonly group: string;
  /** This replica's identity, unique among the live replicas (e.g. host name and process id). */
  readonly identity: string;
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
}
