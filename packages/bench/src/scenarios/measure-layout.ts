import { forkWorker } from '../ipc/fork-worker.js';
import type { Figure } from '../report/figure.js';
import { lowerIsBetter } from '../report/lower-is-better.js';
import type {
  ScaleCommand,
  ScaleJob,
  ScaleMeasureReply,
  ScaleRef,
  ScaleStartReply,
} from '../scale/scale-messages.js';
import type { BenchContext } from './bench-context.js';

/** The quiet window over which CPU time at rest is measured, after `SETTLE_MS` once synced. */
const REST_MS = 5_000;
const SETTLE_MS = 2_000;
/** Changes per collection under churn, written at no more than `CHURN_PER_SECOND` in all. */
const CHURN_PER_COLLECTION = 20;
const CHURN_PER_SECOND = 500;

/** Collections of one measurement, and how the server changes one of their objects. */
export interface Layout {
  readonly label: string;
  readonly refs: readonly ScaleRef[];
  /** Changes one object of collection `i` (its `round`th change). */
  readonly change: (i: number, round: number) => void | Promise<void>;
}

/**
 * Runs `layout` in a fresh scale client process: synced, at rest, then while every collection's
 * objects change; the process's sockets, timers, heap and CPU time as figures of `section`.
 * `serverConnections` tells how many connections the server sees, where it can.
 *
 * @example
 * ```ts
 * const figures = await measureLayout(context, layout, { url, refs: layout.refs }, 'Scale', () => 0);
 * ```
 */
export async function measureLayout(
  context: BenchContext,
  layout: Layout,
  job: ScaleJob,
  section: string,
  serverConnections: () => number | undefined,
): Promise<Figure[]> {
  const worker = await forkWorker(
    new URL('../scale/scale-client-main.js', import.meta.url),
    [JSON.stringify(job)],
    ['--expose-gc'],
  );
  const request = <R>(command: ScaleCommand) => worker.channel.request<R>(command);
  try {
    const n = layout.refs.length;
    const started = await request<ScaleStartReply>({ type: 'start' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rest = await request<ScaleMeasureReply>({ type: 'measure', ms: REST_MS });
    await request({ type: 'arm' });
    const total = n * CHURN_PER_COLLECTION;
    const churnStarted = Date.now();
    for (let k = 0; k < total; k++) {
      await layout.change(k % n, 1 + Math.floor(k / n));
      const due = churnStarted + ((k + 1) * 1000) / CHURN_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const churn = await request<ScaleMeasureReply>({ type: 'seen', count: total });
    const churnSeconds = (Date.now() - churnStarted) / 1000;
    const heapPerCollection = (started.after.heapBytes - started.before.heapBytes) / n / 1024;
    context.log(
      `scale: ${layout.label}: synced in ${started.syncMs.toFixed(0)} ms; sockets ${started.after.sockets} (server sees ${serverConnections() ?? '?'}), timers ${started.after.timers}, heap ${heapPerCollection.toFixed(1)} KB/collection; at rest ${((rest.cpuMs / n / REST_MS) * 1e6).toFixed(1)} µs CPU/collection/s; churn ${((churn.cpuMs / total) * 1000).toFixed(1)} µs CPU/change`,
    );
    const common = { section, client: layout.label } as const;
    return [
      lowerIsBetter(common, 'time to all synced', started.syncMs, 'ms'),
      lowerIsBetter(common, 'sockets', started.after.sockets, ''),
      lowerIsBetter(
        common,
        'sockets / collection',
        (started.after.sockets - started.before.sockets) / n,
        '',
      ),
      lowerIsBetter(
        common,
        'timers / collection',
        (started.after.timers - started.before.timers) / n,
        '',
      ),
      lowerIsBetter(common, 'heap / collection', heapPerCollection, 'KB'),
      lowerIsBetter(common, 'CPU at rest / collection', (rest.cpuMs / n / REST_MS) * 1e6, 'µs/s'),
      lowerIsBetter(
        common,
        'CPU under churn / collection',
        (churn.cpuMs / n / churnSeconds) * 1000,
        'µs/s',
      ),
      lowerIsBetter(common, 'CPU / change under churn', (churn.cpuMs / total) * 1000, 'µs'),
    ];
  } finally {
    await request({ type: 'stop' }).catch(() => undefined);
    await worker.kill();
  }
}
