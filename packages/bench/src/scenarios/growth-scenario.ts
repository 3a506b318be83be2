import type { StartReply } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import type { Figure } from '../report/figure.js';
import type { BenchContext } from './bench-context.js';
import { burst, seed } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withRatios } from './with-ratios.js';

const CLIENTS: readonly BenchClientSpec[] = [{ kind: 'floor' }, { kind: 'rxkube' }];

/**
 * Growth: for each cache size, the wall time per event of the same burst. Each size's figures
 * are compared with the floor at that size, and rxkube's with rxkube's at the smallest size.
 *
 * @example
 * ```ts
 * const figures = await growthScenario(context);
 * ```
 */
export async function growthScenario(context: BenchContext): Promise<Figure[]> {
  const { sizes, events } = context.config.growth;
  const perSize: Figure[] = [];
  const rxkube: { size: number; value: number }[] = [];
  for (const size of sizes) {
    const seeded = await seed(context, size);
    const section = `Growth: cache of ${thousands(size)}, ${thousands(events)} events`;
    for (const spec of CLIENTS) {
      await withClient(context, `growth-${thousands(size)}`, spec, seeded.url, async (client) => {
        await client.request<StartReply>({ type: 'start' });
        const result = await burst(context, client, events, `growth-${size}`);
        const perEvent = (result.applyMs / events) * 1000;
        context.log(`growth ${thousands(size)}: ${client.label}: ${perEvent.toFixed(1)} µs/event`);
        perSize.push(
          {
            section,
            client: client.label,
            metric: 'time / event',
            value: perEvent,
            unit: 'µs',
            better: 'lower',
          },
          {
            section,
            client: client.label,
            metric: 'CPU / event',
            value: (result.cpuMs / events) * 1000,
            unit: 'µs',
            better: 'lower',
          },
        );
        if (spec.kind === 'rxkube') rxkube.push({ size, value: perEvent });
      });
    }
  }
  const smallest = rxkube[0];
  const growth: Figure[] = rxkube.map(({ size, value }) => ({
    section: 'Growth: rxkube time / event against its own at the smallest cache',
    client: `rxkube at ${thousands(size)}`,
    metric: 'time / event',
    value,
    unit: 'µs',
    better: 'lower',
    ...(smallest === undefined
      ? {}
      : { ratio: value / smallest.value, baseline: `rxkube at ${thousands(smallest.size)}` }),
  }));
  return [...withRatios(perSize, 'floor'), ...growth];
}
