import type { StartReply } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import type { Figure } from '../report/figure.js';
import type { BenchContext } from './bench-context.js';
import { burst, seed } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withFastestFloor } from './with-fastest-floor.js';
import { withSpread } from './with-spread.js';

const CLIENTS: readonly BenchClientSpec[] = [
  { kind: 'floor' },
  { kind: 'string-floor' },
  { kind: 'rxkube' },
];
const SELF_SECTION = 'Growth: rxkube per event against its own at the smallest cache';

/**
 * Growth: for each cache size, the wall and CPU time per event of the same burst. Each size's
 * figures are compared with the floor at that size, and rxkube's with rxkube's at the smallest
 * size.
 *
 * @example
 * ```ts
 * const figures = await growthScenario(context);
 * ```
 */
export async function growthScenario(context: BenchContext): Promise<Figure[]> {
  const { sizes, events } = context.config.growth;
  const perSize: Figure[] = [];
  const sizeOf = new Map<string, number>();
  for (const size of sizes) {
    const seeded = await seed(context, size);
    const section = `Growth: cache of ${thousands(size)}, ${thousands(events)} events`;
    sizeOf.set(section, size);
    for (let round = 0; round < context.config.repeats; round++) {
      for (const spec of CLIENTS) {
        await withClient(context, `growth-${thousands(size)}`, spec, seeded.url, async (client) => {
          await client.request<StartReply>({ type: 'start' });
          const result = await burst(context, client, events, `growth-${size}-${round}`);
          const perEvent = (result.applyMs / events) * 1000;
          const cpuPerEvent = (result.cpuMs / events) * 1000;
          context.log(
            `growth ${thousands(size)}: ${client.label}: ${perEvent.toFixed(1)} µs/event, ${cpuPerEvent.toFixed(1)} µs CPU/event`,
          );
          const common = {
            section,
            client: client.label,
            unit: 'µs',
            better: 'lower',
            round,
          } as const;
          perSize.push(
            { ...common, metric: 'time / event', value: perEvent },
            { ...common, metric: 'CPU / event', value: cpuPerEvent },
          );
        });
      }
    }
  }
  const own = perSize
    .filter((f) => f.client === 'rxkube')
    .map((f) => ({
      ...f,
      section: SELF_SECTION,
      client: `rxkube at ${thousands(sizeOf.get(f.section)!)}`,
    }));
  const smallest = `rxkube at ${thousands(sizes[0]!)}`;
  return [
    ...withSpread(withFastestFloor(perSize), 'floor'),
    ...withSpread(own, smallest, (f) => ({ section: f.section, client: smallest })),
  ];
}
