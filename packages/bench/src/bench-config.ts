/**
 * The sizes of one benchmark run.
 *
 * @example
 * ```ts
 * const config = benchConfig(process.argv.includes('--quick'));
 * ```
 */
export interface BenchConfig {
  readonly quick: boolean;
  /** LIST page size for every client that paginates (client-go's default). */
  readonly pageSize: number;
  /**
   * Measurements of sync, watch, growth, sharing and relist run this many times, the clients in
   * turn (each run starting with the next client): the median of each counts, with the spread of
   * the per-run ratios, as other processes on a small machine disturb single runs.
   */
  readonly repeats: number;
  /** Initial sync of this many pods. */
  readonly syncSizes: readonly number[];
  /**
   * Watch throughput: a cache of `pods`, then `bursts` bursts of `events` MODIFIED events each,
   * one after the other in the same process; each run's figure is over all of them.
   */
  readonly watch: { readonly pods: number; readonly events: number; readonly bursts: number };
  /** Growth: a cache of each size, then the same `bursts` of `events`. */
  readonly growth: {
    readonly sizes: readonly number[];
    readonly events: number;
    readonly bursts: number;
  };
  /** Sharing: `subscribers` consumers of a cache of `pods`, then `events`. */
  readonly share: { readonly pods: number; readonly events: number; readonly subscribers: number };
  /** Relist diff: a cache of `pods`, then a relist that finds `changed` of them changed. */
  readonly relist: { readonly pods: number; readonly changed: number };
  /** Decoding: `lines` watch lines in chunks of `chunkBytes`, best of `rounds`. */
  readonly decode: { readonly lines: number; readonly chunkBytes: number; readonly rounds: number };
}

/**
 * The full run (about ten minutes on two cores) or a quick one for iteration (`--quick`).
 * Ratios are what the benchmark is for; the quick sizes are too small for the growth and heap
 * figures to mean much.
 *
 * @example
 * ```ts
 * benchConfig(false).syncSizes; // [10000, 50000]
 * ```
 */
export function benchConfig(quick: boolean, medium = false): BenchConfig {
  if (medium) {
    // The sizes of the outside benchmark the floor was rewritten after: 10k pods, 30k events;
    // growth from 1k to 100k. Five runs: one 30k-event burst on two cores varies by a tenth or
    // more from run to run, and the median of five pairs is steadier than that of three. Each run
    // times three bursts in a row and counts all of them: three bursts of one process differ
    // from each other by about as much as one client's runs do, so a run's figure is the mean of
    // three such bursts rather than one of them.
    return {
      ...benchConfig(false),
      repeats: 5,
      syncSizes: [10_000],
      watch: { pods: 10_000, events: 30_000, bursts: 3 },
      growth: { sizes: [1_000, 100_000], events: 10_000, bursts: 3 },
    };
  }
  if (quick) {
    return {
      quick,
      pageSize: 500,
      repeats: 1,
      syncSizes: [2_000, 5_000],
      watch: { pods: 2_000, events: 10_000, bursts: 1 },
      growth: { sizes: [1_000, 5_000, 10_000], events: 5_000, bursts: 1 },
      share: { pods: 2_000, events: 5_000, subscribers: 10 },
      relist: { pods: 5_000, changed: 50 },
      decode: { lines: 5_000, chunkBytes: 64 * 1024, rounds: 3 },
    };
  }
  return {
    quick,
    pageSize: 500,
    repeats: 2,
    syncSizes: [10_000, 50_000],
    watch: { pods: 10_000, events: 100_000, bursts: 1 },
    growth: { sizes: [1_000, 10_000, 100_000], events: 20_000, bursts: 1 },
    share: { pods: 10_000, events: 20_000, subscribers: 10 },
    relist: { pods: 50_000, changed: 500 },
    decode: { lines: 20_000, chunkBytes: 64 * 1024, rounds: 7 },
  };
}
