/**
 * The parts of `@opentelemetry/api`'s metrics API that rxkube records through, as types: the
 * package is an optional peer dependency, loaded when first needed and never required.
 */
export type MetricAttributes = Readonly<Record<string, string>>;

export interface ObservableResult {
  observe(value: number, attributes?: MetricAttributes): void;
}

export interface ObservableInstrument {
  addCallback(callback: (result: ObservableResult) => void): void;
  removeCallback(callback: (result: ObservableResult) => void): void;
}

export interface HistogramInstrument {
  record(value: number, attributes?: MetricAttributes): void;
}

interface InstrumentOptions {
  readonly description?: string;
  readonly unit?: string;
  readonly advice?: { readonly explicitBucketBoundaries?: readonly number[] };
}

export interface Meter {
  createHistogram(name: string, options?: InstrumentOptions): HistogramInstrument;
  createObservableGauge(name: string, options?: InstrumentOptions): ObservableInstrument;
  createObservableCounter(name: string, options?: InstrumentOptions): ObservableInstrument;
}

interface MetricsApi {
  getMeter(name: string, version?: string): Meter;
}

/** Where the API is looked for: a variable, so that bundlers leave the optional import alone. */
const API = '@opentelemetry/api';
/** The instrumentation scope of everything rxkube records. */
export const METER_NAME = '@rxkube/core';

let api: MetricsApi | null | undefined;
let loading: Promise<void> | undefined;

/**
 * Calls `attach` with rxkube's Meter once `@opentelemetry/api` is loaded (at once when it is;
 * never when it is not installed), and returns how to detach again. The Meter comes from the
 * MeterProvider the application registered globally, so register it before subscribing: until
 * then the API hands out a no-op Meter, and so does a process without a MeterProvider.
 */
export function withMeter(attach: (meter: Meter) => () => void): () => void {
  let detach: (() => void) | undefined;
  let closed = false;
  const run = () => {
    if (closed || api === null || api === undefined) return;
    detach = attach(api.getMeter(METER_NAME));
  };
  if (api !== undefined) run();
  else {
    loading ??= import(/* @vite-ignore */ /* webpackIgnore: true */ API).then(
      (module: { metrics?: MetricsApi; default?: { metrics?: MetricsApi } }) => {
        api = module.metrics ?? module.default?.metrics ?? null;
      },
      () => {
        api = null;
      },
    );
    void loading.then(run);
  }
  return () => {
    closed = true;
    detach?.();
  };
}

/** Whether `@opentelemetry/api` turned out not to be there: nothing will ever be recorded. */
export function withoutMeter(): boolean {
  return api === null;
}

/**
 * A histogram that keeps what is recorded before the API is loaded (at most `limit` values, a
 * process's first milliseconds) and hands it on once it is.
 */
export class PendingHistogram {
  #target: ((value: number) => void) | undefined;
  readonly #pending: number[] = [];

  constructor(private readonly limit = 1_000) {}

  record(value: number): void {
    if (this.#target !== undefined) this.#target(value);
    else if (!withoutMeter() && this.#pending.length < this.limit) this.#pending.push(value);
  }

  /** From now on, record to `target`, starting with what is pending. */
  attach(target: ((value: number) => void) | undefined): void {
    this.#target = target;
    if (target !== undefined) for (const value of this.#pending.splice(0)) target(value);
  }
}

/** Instruments created once per Meter (creating one twice makes the SDK warn). */
const instruments = new WeakMap<Meter, Map<string, unknown>>();

/** The instrument of `name` on `meter`, created by `create` the first time. */
export function instrument<T>(meter: Meter, name: string, create: () => T): T {
  let byName = instruments.get(meter);
  if (byName === undefined) {
    byName = new Map();
    instruments.set(meter, byName);
  }
  if (!byName.has(name)) byName.set(name, create());
  return byName.get(name) as T;
}

/** Observes through `callback` on each of `gauges` until the returned function is called. */
export function observeAll(
  entries: readonly (readonly [ObservableInstrument, (result: ObservableResult) => void])[],
): () => void {
  for (const [gauge, callback] of entries) gauge.addCallback(callback);
  return () => {
    for (const [gauge, callback] of entries) gauge.removeCallback(callback);
  };
}
