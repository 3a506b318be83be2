import { FakeApiServer, seededRandom } from '@rxkube/testing';
import type { ChurnContext } from './churn-context.js';
import type { ChurningClusterOptions } from './churning-cluster-options.js';
import type { EmbeddedCluster } from './embedded-cluster.js';
import type { FaultSchedule } from './fault-schedule.js';

/**
 * Starts a `FakeApiServer`, lets `churn` seed it, then runs one churn write per tick, plus the
 * faults of the schedule: dropped watches (resume) and compacted history (410 Gone, relist).
 *
 * @example
 * ```ts
 * import { startChurningCluster } from './start-churning-cluster.js';
 * const cluster = await startChurningCluster({
 *   seed: 1,
 *   churnIntervalMs: 40,
 *   faults: { dropWatchesEveryTicks: 120, compactEveryTicks: 300, stallTicks: 10 },
 *   churn: ({ server }) => (tick) => server.faults.endWatches(),
 * });
 * await cluster.stop();
 * ```
 */
export async function startChurningCluster(
  options: ChurningClusterOptions,
): Promise<EmbeddedCluster> {
  const random = seededRandom(options.seed);
  const server = await FakeApiServer.start();
  const context: ChurnContext = {
    server,
    pick: (items) => {
      const item = items[Math.floor(random() * items.length)];
      if (item === undefined) throw new Error('the churn picked from an empty list');
      return item;
    },
  };
  const step = options.churn(context);
  const faults = options.faults === false ? undefined : faultInjector(server, options.faults);

  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    faults?.(tick);
    step(tick);
  }, options.churnIntervalMs);
  return {
    server,
    async stop() {
      clearInterval(timer);
      await server.close();
    },
  };
}

function faultInjector(server: FakeApiServer, schedule: FaultSchedule): (tick: number) => void {
  let stalled = false;
  return (tick) => {
    if (tick % schedule.dropWatchesEveryTicks === schedule.dropWatchesEveryTicks / 2) {
      server.faults.destroyWatches({ midLine: true });
    }
    const phase = tick % schedule.compactEveryTicks;
    if (phase === schedule.compactEveryTicks / 2) {
      server.faults.stallWatches();
      stalled = true;
    } else if (stalled && phase === schedule.compactEveryTicks / 2 + schedule.stallTicks) {
      server.faults.compact();
      server.faults.endWatches();
      server.faults.stallWatches({ stalled: false });
      stalled = false;
    }
  };
}
