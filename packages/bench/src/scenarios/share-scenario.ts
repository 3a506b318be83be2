import type { StartReply } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import type { Figure } from '../report/figure.js';
import { lowerIsBetter } from '../report/lower-is-better.js';
import type { BenchContext } from './bench-context.js';
import { inTurn } from './in-turn.js';
import { burst, seed, warmUpBurst } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withSpread } from './with-spread.js';

/**
 * Sharing: `subscribers` consumers of one `shareCollection()` against one consumer, and against
 * as many client-node informers; sync time and CPU, then a burst's wall and CPU time per event.
 *
 * @example
 * ```ts
 * const figures = await shareScenario(context);
 * ```
 */
export async function shareScenario(context: BenchContext): Promise<Figure[]> {
  const { pods, events, subscribers } = context.config.share;
  const clients: readonly BenchClientSpec[] = [
    { kind: 'rxkube' },
    { kind: 'rxkube', shared: true, subscribers },
    { kind: 'client-node' },
    { kind: 'client-node', subscribers },
  ];
  const seeded = await seed(context, pods);
  const section = `Sharing: ${thousands(pods)} pods, then ${thousands(events)} events`;
  const figures: Figure[] = [];
  for (let round = 0; round < context.config.repeats; round++) {
    for (const spec of inTurn(clients, round)) {
      await withClient(context, 'share', spec, seeded.url, async (client) => {
        const started = await client.request<StartReply>({ type: 'start' });
        await warmUpBurst(context, client, events);
        const result = await burst(context, client, events, `share-${client.label}`);
        context.log(
          `share: ${client.label}: sync ${started.syncMs.toFixed(0)} ms, ${((result.applyMs / events) * 1000).toFixed(1)} µs/event, ${((result.cpuMs / events) * 1000).toFixed(1)} µs CPU/event`,
        );
        const common = { section, client: client.label, round } as const;
        figures.push(
          lowerIsBetter(common, 'time to synced', started.syncMs, 'ms'),
          lowerIsBetter(common, 'time / event', (result.applyMs / events) * 1000, 'µs'),
          lowerIsBetter(common, 'CPU / event', (result.cpuMs / events) * 1000, 'µs'),
        );
      });
    }
  }
  return withSpread(figures, 'rxkube');
}
