import type { ChurningClusterOptions } from './churning-cluster-options.js';
import type { EmbeddedCluster } from './embedded-cluster.js';
import type { EmbeddedClusterOptions } from './embedded-cluster-options.js';
import type { FaultSchedule } from './fault-schedule.js';
import { startChurningCluster } from './start-churning-cluster.js';

/** What an example's embedded cluster does unless told otherwise: its seed, tick and faults. */
export interface ExampleClusterDefaults extends FaultSchedule {
  readonly seed: number;
  readonly churnIntervalMs: number;
}

/**
 * An example's embedded cluster: {@link startChurningCluster} with the user's options
 * (`--seed`, the tick, `faults: false`) over the example's own defaults.
 *
 * @example
 * ```ts
 * import { startExampleCluster } from './start-example-cluster.js';
 * const defaults = { seed: 1, churnIntervalMs: 40, dropWatchesEveryTicks: 120, compactEveryTicks: 300, stallTicks: 10 };
 * const cluster = await startExampleCluster({ faults: false }, defaults, () => () => {});
 * await cluster.stop();
 * ```
 */
export function startExampleCluster(
  options: EmbeddedClusterOptions,
  defaults: ExampleClusterDefaults,
  churn: ChurningClusterOptions['churn'],
): Promise<EmbeddedCluster> {
  return startChurningCluster({
    seed: options.seed ?? defaults.seed,
    churnIntervalMs: options.churnIntervalMs ?? defaults.churnIntervalMs,
    faults: (options.faults ?? true) ? defaults : false,
    churn,
  });
}
