import type { LeaseTimingOptions } from './lease-timing-options.js';

/**
 * Options of `leaderElection$`; defaults in `leaderElectionDefaults`. Durations must satisfy
 * `leaseDurationMs > renewDeadlineMs > retryPeriodMs`, as client-go requires.
 *
 * @example
 * ```ts
 * import type { LeaderElectionOptions } from '@rxkube/core/controller';
 * const options: LeaderElectionOptions = { namespace: 'kube-system', name: 'my-controller', identity: 'host-a-4242' };
 * ```
 */
export interface LeaderElectionOptions extends LeaseTimingOptions {
  /** Namespace of the Lease. */
  readonly namespace: string;
  /** Name of the Lease (created when missing): one per controller, shared by all its replicas. */
  readonly name: string;
  /** This replica's identity, unique among the replicas (e.g. host name and process id). */
  readonly identity: string;
  /**
   * When unsubscribed (or `signal` aborts) while leading, write the lease free so another replica
   * takes over at once instead of after `leaseDurationMs`. Default false.
   */
  readonly releaseOnCancel?: boolean;
  /**
   * Ends the election gracefully: stop leading at once, release the lease if `releaseOnCancel`
   * (waiting for that write), emit `{ leading: false }` and complete. Unsubscribing also
   * releases, but cannot wait for the write to finish.
   */
  readonly signal?: AbortSignal;
}
