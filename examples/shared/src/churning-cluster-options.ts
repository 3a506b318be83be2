import type { ChurnContext } from './churn-context.js';
import type { FaultSchedule } from './fault-schedule.js';

/**
 * Options of `startChurningCluster`. Every field is required: each example keeps its own
 * defaults, with their reasons, in its `embeddedClusterDefaults`.
 *
 * @example
 * ```ts
 * import type { ChurningClusterOptions } from './churning-cluster-options.js';
 * const options: ChurningClusterOptions = {
 *   seed: 1,
 *   churnIntervalMs: 40,
 *   faults: false,
 *   churn: ({ server }) => (tick) => server.faults.endWatches(),
 * };
 * ```
 */
export interface ChurningClusterOptions {
  /** Seed of the churn's random choices: same seed, same churn. */
  readonly seed: number;
  /** Time between two ticks of the churn. */
  readonly churnIntervalMs: number;
  /** When to inject faults, or `false` for none. */
  readonly faults: FaultSchedule | false;
  /** Seeds the server, and returns the write of one tick (called after that tick's faults). */
  readonly churn: (context: ChurnContext) => (tick: number) => void;
}
