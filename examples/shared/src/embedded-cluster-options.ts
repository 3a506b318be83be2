/**
 * Options of each example's `startEmbeddedCluster`; defaults in its `embeddedClusterDefaults`.
 *
 * @example
 * ```ts
 * import type { EmbeddedClusterOptions } from './embedded-cluster-options.js';
 * const options: EmbeddedClusterOptions = { pods: 50, churnIntervalMs: 10 };
 * ```
 */
export interface EmbeddedClusterOptions {
  /** Pods created before the churn starts. */
  readonly pods?: number;
  /** Time between two writes of the churn. */
  readonly churnIntervalMs?: number;
  /** Seed of the churn's random choices. */
  readonly seed?: number;
  /** Inject faults (dropped watches, 410 Gone). Default true. */
  readonly faults?: boolean;
}
