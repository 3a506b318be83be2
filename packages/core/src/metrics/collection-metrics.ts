import {
  instrument,
  type MetricAttributes,
  observeAll,
  PendingHistogram,
  withMeter,
} from './open-telemetry.js';

/** What the metrics read of each update of a collection (a `CollectionUpdate`). */
export interface CollectionSample {
  readonly health: { readonly status: string };
  readonly stats: {
    readonly events: number;
    readonly lists: number;
    readonly relists: number;
    readonly reconnects: number;
  };
  readonly items?: { readonly size: number };
}

/** The phases a collection's health can be in: one series each, 1 for the current one. */
const PHASES = ['listing', 'live', 'reconnecting', 'relisting', 'failed'] as const;
const MS_PER_SECOND = 1_000;

/**
 * A collection's metrics (`rxkube_collection_*`, attributes `resource` and `namespace`),
 * recorded through `@opentelemetry/api` when the application registered a MeterProvider: events
 * applied, lists, relists and reconnects (counters), items and the health phase (gauges), list
 * duration (a histogram: from the start of a list or relist to the synced state), and watch age
 * (seconds the collection has been live without interruption, 0 when not live).
 */
export function collectionMetrics(
  attributes: MetricAttributes,
  now: () => number,
): { observe(update: CollectionSample): void; close(): void } {
  let last: CollectionSample | undefined;
  let items = 0;
  let liveSince: number | undefined;
  let listingSince: number | undefined = now();
  const listing = new PendingHistogram();
  const detach = withMeter((meter) => {
    const counter = (name: string, description: string) =>
      instrument(meter, name, () => meter.createObservableCounter(name, { description }));
    const gauge = (name: string, description: string, unit?: string) =>
      instrument(meter, name, () =>
        meter.createObservableGauge(name, { description, ...(unit === undefined ? {} : { unit }) }),
      );
    const listDuration = instrument(meter, 'rxkube_collection_list_duration_seconds', () =>
      meter.createHistogram('rxkube_collection_list_duration_seconds', {
        description: 'How long a list or relist took, until the collection was synced.',
        unit: 's',
      }),
    );
    listing.attach((seconds) => listDuration.record(seconds, attributes));
    const stat = (pick: (s: CollectionSample['stats']) => number) => () =>
      last === undefined ? 0 : pick(last.stats);
    const stop = observeAll([
      [
        counter('rxkube_collection_events_total', 'Watch events applied to the collection.'),
        (r) => r.observe(stat((s) => s.events)(), attributes),
      ],
      [
        counter('rxkube_collection_lists_total', 'Lists completed, the first included.'),
        (r) => r.observe(stat((s) => s.lists)(), attributes),
      ],
      [
        counter('rxkube_collection_relists_total', 'Relists after the first list.'),
        (r) => r.observe(stat((s) => s.relists)(), attributes),
      ],
      [
        counter('rxkube_collection_reconnects_total', 'Watches resumed after a dropped one.'),
        (r) => r.observe(stat((s) => s.reconnects)(), attributes),
      ],
      [
        gauge('rxkube_collection_items', 'Objects in the collection.'),
        (r) => r.observe(items, attributes),
      ],
      [
        gauge(
          'rxkube_collection_health',
          'The health phase of the collection: 1 for the current one.',
        ),
        (r) => {
          const status = last?.health.status ?? 'listing';
          for (const phase of PHASES) r.observe(phase === status ? 1 : 0, { ...attributes, phase });
        },
      ],
      [
        gauge(
          'rxkube_collection_watch_age_seconds',
          'Seconds the collection has been live without interruption; 0 when it is not live.',
          's',
        ),
        (r) =>
          r.observe(liveSince === undefined ? 0 : (now() - liveSince) / MS_PER_SECOND, attributes),
      ],
    ]);
    return () => {
      stop();
      listing.attach(undefined);
    };
  });
  return {
    observe: (update) => {
      const status = update.health.status;
      if (update.items !== undefined) items = update.items.size;
      if ((status === 'listing' || status === 'relisting') && listingSince === undefined)
        listingSince = now();
      if (
        update.items !== undefined &&
        listingSince !== undefined &&
        status !== 'listing' &&
        status !== 'relisting'
      ) {
        listing.record((now() - listingSince) / MS_PER_SECOND);
        listingSince = undefined;
      }
      if (status === 'live') liveSince ??= now();
      else liveSince = undefined;
      last = update;
    },
    close: detach,
  };
}
