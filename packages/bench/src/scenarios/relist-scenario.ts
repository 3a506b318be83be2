import type { StartReply } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import type { Figure } from '../report/figure.js';
import { lowerIsBetter } from '../report/lower-is-better.js';
import type { BenchContext } from './bench-context.js';
import { inTurn } from './in-turn.js';
import { relist, seed } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withFastestFloor } from './with-fastest-floor.js';
import { withSpread } from './with-spread.js';

const CLIENTS: readonly BenchClientSpec[] = [
  { kind: 'floor' },
  { kind: 'string-floor' },
  { kind: 'rxkube' },
  { kind: 'client-node' },
];

/**
 * Relist diff: a synced cache of `pods`; the server changes `changed` of them while the client's
 * watch is down and forgets its history, so the client gets 410 Gone and relists. Time from the
 * end of the watch until the cache shows every change.
 *
 * @example
 * ```ts
 * const figures = await relistScenario(context);
 * ```
 */
export async function relistScenario(context: BenchContext): Promise<Figure[]> {
  const { pods, changed } = context.config.relist;
  const seeded = await seed(context, pods);
  const section = `Relist after 410, ${thousands(pods)} pods, ${thousands(changed)} changed`;
  const figures: Figure[] = [];
  for (let round = 0; round < context.config.repeats; round++) {
    for (const spec of inTurn(CLIENTS, round)) {
      await withClient(context, 'relist', spec, seeded.url, async (client) => {
        await client.request<StartReply>({ type: 'start' });
        const result = await relist(context, client, changed, `relist-${client.label}`);
        context.log(
          `relist: ${client.label}: ${result.ms.toFixed(0)} ms, CPU ${result.cpuMs.toFixed(0)} ms`,
        );
        figures.push(
          lowerIsBetter(
            { section, client: client.label, round },
            'time to show the changes',
            result.ms,
            'ms',
          ),
        );
      });
    }
  }
  return withSpread(withFastestFloor(figures), 'floor');
}
