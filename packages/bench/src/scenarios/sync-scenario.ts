import type { StartReply } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import { clientLabel } from '../clients/client-label.js';
import type { Figure } from '../report/figure.js';
import { lowerIsBetter } from '../report/lower-is-better.js';
import type { BenchContext } from './bench-context.js';
import { inTurn } from './in-turn.js';
import { seed } from './server-requests.js';
import { thousands } from './thousands.js';
import { withClient } from './with-client.js';
import { withFastestFloor } from './with-fastest-floor.js';
import { withSpread } from './with-spread.js';

const CLIENTS: readonly BenchClientSpec[] = [
  { kind: 'floor' },
  { kind: 'string-floor' },
  { kind: 'floor', pagesAhead: true },
  { kind: 'rxkube' },
  { kind: 'rxkube', transport: 'node-http' },
  { kind: 'rxkube', transform: 'drop-managed-fields' },
  { kind: 'client-node' },
];

/**
 * Initial sync of `count` pods (LIST pages of 500), each client in a fresh process: the time and
 * CPU of the process's first sync and of its second (the client's code compiled, its heap grown),
 * the peak RSS after the first, and the heap per object that the first instance's cache held
 * (freed when it was dropped).
 *
 * @example
 * ```ts
 * const figures = await syncScenario(context, 10_000);
 * ```
 */
export async function syncScenario(context: BenchContext, count: number): Promise<Figure[]> {
  const seeded = await seed(context, count);
  context.log(
    `sync ${thousands(count)}: seeded in ${seeded.seedMs.toFixed(0)} ms, ${seeded.bytesPerPod.toFixed(0)} B/pod, managedFields ${seeded.managedFields}`,
  );
  const section = `Initial sync, ${thousands(count)} pods`;
  const figures: Figure[] = [];
  for (let round = 0; round < context.config.repeats; round++) {
    for (const spec of inTurn(CLIENTS, round)) {
      await withClient(context, `sync-${thousands(count)}`, spec, seeded.url, async (client) => {
        const started = await client.request<StartReply>({ type: 'start' });
        if (started.size !== count)
          throw new Error(`${client.label} synced ${started.size} of ${count}`);
        context.log(
          `  ${client.label}: ${started.syncMs.toFixed(0)} ms (first ${started.firstSyncMs.toFixed(0)} ms), RSS ${(started.peakRssBytes / 2 ** 20).toFixed(0)} MB, heap ${(started.retainedHeapBytes / count).toFixed(0)} B/object`,
        );
        const common = { section, client: client.label, round } as const;
        if (spec.transform === undefined) {
          figures.push(
            lowerIsBetter(common, 'time to synced', started.syncMs, 'ms'),
            lowerIsBetter(common, 'CPU time', started.syncCpuMs, 'ms'),
            lowerIsBetter(
              common,
              'time to synced, first in the process',
              started.firstSyncMs,
              'ms',
            ),
            lowerIsBetter(common, 'CPU time, first in the process', started.firstSyncCpuMs, 'ms'),
            lowerIsBetter(common, 'peak RSS', started.peakRssBytes / 2 ** 20, 'MB'),
          );
        }
        figures.push(
          lowerIsBetter(
            common,
            'retained heap / object',
            started.retainedHeapBytes / count / 1024,
            'KB',
          ),
        );
      });
    }
  }
  return [
    ...withSpread(withFastestFloor(figures), 'floor'),
    ...againstPagesAhead(figures, `Pages ahead: initial sync, ${thousands(count)} pods`),
  ];
}

const PAGES_AHEAD_FLOOR = clientLabel({ kind: 'floor', pagesAhead: true });
/** The figures compared with the floor that asks for pages ahead as rxkube does. */
const AHEAD_METRICS = new Set([
  'time to synced',
  'CPU time',
  'time to synced, first in the process',
  'CPU time, first in the process',
]);

/**
 * rxkube against the floor that, like rxkube, asks for each next LIST page at the head of the
 * current one: what is left once both overlap the server's work with their own.
 */
function againstPagesAhead(figures: readonly Figure[], section: string): Figure[] {
  const compared = figures
    .filter(
      (f) =>
        AHEAD_METRICS.has(f.metric) && (f.client === PAGES_AHEAD_FLOOR || f.client === 'rxkube'),
    )
    .map((f) => ({ ...f, section }));
  return withSpread(compared, PAGES_AHEAD_FLOOR);
}
