import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import type { Figure } from '../report/figure.js';
import { lowerIsBetter } from '../report/lower-is-better.js';
import type { BenchContext } from './bench-context.js';
import { burstsLabel, eachBurstText } from './burst-labels.js';
import { COLLECTOR_METRIC, collectorPerEvent, collectorText } from './collector-figures.js';
import { inTurn } from './in-turn.js';
import { seed, syncedBursts } from './server-requests.js';
import { withClient } from './with-client.js';
import { withFastestFloor } from './with-fastest-floor.js';
import { withSpread } from './with-spread.js';

const CLIENTS: readonly BenchClientSpec[] = [
  { kind: 'floor' },
  { kind: 'string-floor' },
  { kind: 'rxkube' },
  { kind: 'rxkube', transport: 'node-http' },
  { kind: 'rxkube', decoder: 'ndjson' },
  { kind: 'client-node' },
];

/**
 * Watch throughput: a synced cache of `pods`, then `events` MODIFIED events as fast as the
 * socket takes them; events per second until the cache shows the last one.
 *
 * @example
 * ```ts
 * const figures = await watchScenario(context);
 * ```
 */
export async function watchScenario(context: BenchContext): Promise<Figure[]> {
  const { pods, events, bursts: count } = context.config.watch;
  const seeded = await seed(context, pods);
  const section = `Watch, ${burstsLabel(count, events)} MODIFIED events`;
  const figures: Figure[] = [];
  for (let round = 0; round < context.config.repeats; round++) {
    for (const spec of inTurn(CLIENTS, round)) {
      await withClient(context, 'watch', spec, seeded.url, async (client) => {
        const { total: result, each } = await syncedBursts(
          context,
          client,
          events,
          count,
          `watch-${client.label}`,
        );
        const perSecond = (result.events / result.applyMs) * 1000;
        const perBurst = eachBurstText(each, (b) => ((b.events / b.applyMs) * 1000).toFixed(0));
        context.log(
          `watch: ${client.label}: ${perSecond.toFixed(0)} events/s${perBurst}, ${((result.cpuMs / result.events) * 1000).toFixed(1)} µs CPU/event, ${collectorText(result)} (server wrote at ${((result.events / result.serverWriteMs) * 1000).toFixed(0)}/s)`,
        );
        const common = { section, client: client.label, round } as const;
        figures.push(
          { ...common, metric: 'events/s', value: perSecond, unit: 'events/s', better: 'higher' },
          lowerIsBetter(common, 'CPU / event', (result.cpuMs / result.events) * 1000, 'µs'),
          lowerIsBetter(common, COLLECTOR_METRIC, collectorPerEvent(result), 'µs'),
        );
      });
    }
  }
  return withSpread(withFastestFloor(figures), 'floor');
}
