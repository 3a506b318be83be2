/**
 * The defaults of the example's replicas, each with its reason.
 *
 * @example
 * ```ts
 * import { replicaDefaults } from './replica-defaults.js';
 * console.log(replicaDefaults.embedded.replicas); // 2
 * ```
 */
export const replicaDefaults = {
  embedded: {
    /** Two replicas in one process: one leads, one waits — the hand-over is the point of the demo. */
    replicas: 2,
    /** The leader crashes (stops renewing without releasing) this long after the start. */
    crashLeaderAfterMs: 6_000,
    /** Short lease timings, so the hand-over happens within seconds of the crash. */
    timings: { leaseDurationMs: 4_000, renewDeadlineMs: 3_000, retryPeriodMs: 1_000 },
  },
  /** With `--shards` on the embedded server: three replicas share the pods, one crashes. */
  shards: { replicas: 3 },
  /** One replica per process on a real cluster: run the command again (elsewhere) for more. */
  real: { replicas: 1 },
  /**
   * A graceful stop (SIGTERM, SIGINT, `--duration`): the running reconciles get this long to
   * finish before they are aborted — well within Kubernetes' default termination grace of 30 s.
   */
  drainMs: 10_000,
  /** Then releasing the Lease(s) gets this long (one write each). */
  releaseMs: 5_000,
} as const;
