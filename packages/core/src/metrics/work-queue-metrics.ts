import {
  type HistogramInstrument,
  instrument,
  type Meter,
  observeAll,
  PendingHistogram,
  withMeter,
} from './open-telemetry.js';

/** What a work queue shows at collection time. */
export interface WorkQueueReadings {
  /** Keys waiting to run now. */
  depth(): number;
  /** Keys that needed a run since the start. */
  adds(): number;
  /** Failed runs requeued since the start. */
  retries(): number;
  /** How long each run under way has been running, in milliseconds. */
  runningMs(): readonly number[];
  /** With a shard: the keys of the primary collection this replica owns now. */
  ownedKeys?(): number;
}

/** How a work queue reports what only it sees happen. */
export interface WorkQueueMetrics {
  /** A key started after waiting `ms` (from its add). */
  queued(ms: number): void;
  /** A run took `ms`. */
  worked(ms: number): void;
  close(): void;
}

/**
 * client-go's workqueue histogram buckets: `ExponentialBuckets(10e-9, 10, 10)`, 10 ns to 1e1 s.
 * Seconds, as every duration here.
 */
const WORKQUEUE_BUCKETS = [1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10];
const MS_PER_SECOND = 1_000;

/**
 * A work queue's metrics, under client-go's names (`workqueue_*`, attribute `name`), recorded
 * through `@opentelemetry/api` when the application registered a MeterProvider.
 */
export function workQueueMetrics(name: string, read: WorkQueueReadings): WorkQueueMetrics {
  const attributes = { name };
  const queue = new PendingHistogram();
  const work = new PendingHistogram();
  const detach = withMeter((meter) => {
    const queued = histogram(
      meter,
      'workqueue_queue_duration_seconds',
      'How long in seconds an item stays in workqueue before being requested.',
    );
    const worked = histogram(
      meter,
      'workqueue_work_duration_seconds',
      'How long in seconds processing an item from workqueue takes.',
    );
    queue.attach((seconds) => queued.record(seconds, attributes));
    work.attach((seconds) => worked.record(seconds, attributes));
    const gauge = (metric: string, description: string, unit?: string) =>
      instrument(meter, metric, () =>
        meter.createObservableGauge(metric, {
          description,
          ...(unit === undefined ? {} : { unit }),
        }),
      );
    const counter = (metric: string, description: string) =>
      instrument(meter, metric, () => meter.createObservableCounter(metric, { description }));
    const entries = [
      [
        gauge('workqueue_depth', 'Current depth of workqueue'),
        (r) => r.observe(read.depth(), attributes),
      ],
      [
        counter('workqueue_adds_total', 'Total number of adds handled by workqueue'),
        (r) => r.observe(read.adds(), attributes),
      ],
      [
        counter('workqueue_retries_total', 'Total number of retries handled by workqueue'),
        (r) => r.observe(read.retries(), attributes),
      ],
      [
        gauge(
          'workqueue_unfinished_work_seconds',
          'How many seconds of work has been done that is in progress and has not been observed by work_duration.',
          's',
        ),
        (r) => r.observe(sum(read.runningMs()) / MS_PER_SECOND, attributes),
      ],
      [
        gauge(
          'workqueue_longest_running_processor_seconds',
          'How many seconds has the longest running processor for workqueue been running.',
          's',
        ),
        (r) => r.observe(Math.max(0, ...read.runningMs()) / MS_PER_SECOND, attributes),
      ],
    ] as Parameters<typeof observeAll>[0][number][];
    const owned = read.ownedKeys;
    if (owned !== undefined) {
      entries.push([
        gauge('rxkube_shard_owned_keys', 'Keys of the primary collection this replica owns now.'),
        (r) => r.observe(owned(), attributes),
      ]);
    }
    const stop = observeAll(entries);
    return () => {
      stop();
      queue.attach(undefined);
      work.attach(undefined);
    };
  });
  return {
    queued: (ms) => queue.record(ms / MS_PER_SECOND),
    worked: (ms) => work.record(ms / MS_PER_SECOND),
    close: detach,
  };
}

function histogram(meter: Meter, name: string, description: string): HistogramInstrument {
  return instrument(meter, name, () =>
    meter.createHistogram(name, {
      description,
      unit: 's',
      advice: { explicitBucketBoundaries: WORKQUEUE_BUCKETS },
    }),
  );
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
