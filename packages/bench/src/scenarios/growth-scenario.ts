import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import { clientLabel } from '../clients/client-label.js';
import type { Figure } from '../report/figure.js';
import { againstOwn } from './against-own.js';
import type { BenchContext } from './bench-context.js';
import { burstsLabel, eachBurstText } from './burst-labels.js';
import { COLLECTOR_METRIC, collectorPerEvent, collectorText } from './collector-figures.js';
import { inTurn } from './in-turn.js';
import { seed, syncedBursts } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withFastestFloor } from './with-fastest-floor.js';
import { withSpread } from './with-spread.js';

const CLIENTS: readonly BenchClientSpec[] = [
  { kind: 'floor' },
  { kind: 'string-floor' },
  { kind: 'rxkube' },
  { kind: 'rxkube', transform: 'drop-managed-fields' },
];

/** The section of a client's figures against its own at the smallest cache. */
function ownSection(spec: BenchClientSpec): string {
  if (spec.kind !== 'rxkube') {
    return 'Growth: each plain client per event against its own at the smallest cache';
  }
  // The headline section, which the targets read, holds rxkube as it comes.
  if (spec.transform === undefined) {
    return 'Growth: rxkube per event against its own at the smallest cache';
  }
  return 'Growth with managedFields dropped: rxkube per event against its own at the smallest cache';
}

/**
 * Growth: for each cache size, the wall time, CPU time and collector pauses per event of the same
 * burst. Each size's figures are compared with the floor at that size, and each client's with its
 * own at the smallest size of the same run (each run seeds and measures every size in turn).
 *
 * @example
 * ```ts
 * const figures = await growthScenario(context);
 * ```
 */
export async function growthScenario(context: BenchContext): Promise<Figure[]> {
  const { sizes, events, bursts: count } = context.config.growth;
  const perSize: Figure[] = [];
  // Every client's figures again, against its own at the smallest size: rxkube's, and the plain
  // clients', which show how much of the growth any client that keeps what it parses has.
  const own: Figure[] = [];
  // Every run goes through all sizes, so that rxkube's figure at a size and its figure at the
  // smallest, which the run's ratio pairs, are measured minutes apart at most, not a whole size's
  // runs apart.
  for (let round = 0; round < context.config.repeats; round++) {
    for (const size of sizes) {
      const seeded = await seed(context, size);
      const section = `Growth: cache of ${thousands(size)}, ${burstsLabel(count, events)} events`;
      for (const spec of inTurn(CLIENTS, round)) {
        await withClient(context, `growth-${thousands(size)}`, spec, seeded.url, async (client) => {
          const { total: result, each } = await syncedBursts(
            context,
            client,
            events,
            count,
            `growth-${size}-${round}`,
          );
          const perEvent = (result.applyMs / result.events) * 1000;
          const cpuPerEvent = (result.cpuMs / result.events) * 1000;
          const perBurst = eachBurstText(each, (b) => ((b.applyMs / b.events) * 1000).toFixed(1));
          context.log(
            `growth ${thousands(size)}: ${client.label}: ${perEvent.toFixed(1)} µs/event${perBurst}, ${cpuPerEvent.toFixed(1)} µs CPU/event, ${collectorText(result)}`,
          );
          const common = {
            section,
            client: client.label,
            unit: 'µs',
            better: 'lower',
            round,
          } as const;
          const figures = [
            { ...common, metric: 'time / event', value: perEvent },
            { ...common, metric: 'CPU / event', value: cpuPerEvent },
            {
              ...common,
              metric: COLLECTOR_METRIC,
              value: collectorPerEvent(result),
            },
          ];
          perSize.push(...figures);
          const self = {
            section: ownSection(spec),
            client: `${client.label} at ${thousands(size)}`,
          };
          own.push(...figures.map((f) => ({ ...f, ...self })));
        });
      }
    }
  }
  const [smallestSize] = sizes;
  if (smallestSize === undefined) throw new Error('the growth scenario has no sizes');
  const smallest = thousands(smallestSize);
  return [
    ...withSpread(withFastestFloor(perSize), 'floor'),
    ...CLIENTS.flatMap((spec) => againstOwn(own, clientLabel(spec), smallest)),
  ];
}
