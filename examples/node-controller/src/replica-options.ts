import type { CrashLoopControllerOptions } from './crash-loop-controller.js';

/**
 * Options of `replica$`.
 *
 * @example
 * ```ts
 * import type { ReplicaOptions } from './replica-options.js';
 * const options: ReplicaOptions = { identity: 'host-a-4242', leaseNamespace: 'default', controller: { act: true } };
 * ```
 */
export interface ReplicaOptions {
  /** This replica's identity in the Lease, unique among the replicas. */
  readonly identity: string;
  /** Namespace of the Lease `rxkube-node-controller`. */
  readonly leaseNamespace: string;
  /** Lease timings; unset: the library's defaults (15 s / 10 s / 2 s). */
  readonly timings?: {
    readonly leaseDurationMs: number;
    readonly renewDeadlineMs: number;
    readonly retryPeriodMs: number;
  };
  /**
   * Share the pods between the replicas (`shardMembership$`): every replica acts on its own.
   * Default false: one leader acts (`leaderElection$`).
   */
  readonly shards?: boolean;
  /** Stops taking pods; the running reconciles finish, then a `stopped` event. */
  readonly drain?: AbortSignal;
  /** Ends the replica: it stops leading or leaves the group, releases its Lease and completes. */
  readonly signal?: AbortSignal;
  readonly controller: CrashLoopControllerOptions;
}
