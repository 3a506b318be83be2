import type { BenchClientSpec } from '../clients/bench-client-spec.js';

/**
 * The job a client process is forked with (as JSON in `argv[2]`).
 *
 * @example
 * ```ts
 * const job: ClientJob = { spec: { kind: 'floor' }, url, pageSize: 500 };
 * ```
 */
export interface ClientJob {
  readonly spec: BenchClientSpec;
  readonly url: string;
  readonly pageSize: number;
  /**
   * Profile the sync into `<cpuProfile>-sync.cpuprofile` and everything from the first `arm` to
   * `stop` into `<cpuProfile>-events.cpuprofile`.
   */
  readonly cpuProfile?: string;
  /** Write a heap snapshot after the initial sync into this file. */
  readonly heapSnapshot?: string;
}

/**
 * What the benchmark process asks of a client process.
 *
 * - `start`: list and watch; answers when every consumer is synced.
 * - `arm`: count objects marked `marker` from now on, `count` per consumer.
 * - `await`: answers once every consumer took in all objects of the armed mark.
 *
 * @example
 * ```ts
 * const command: ClientCommand = { type: 'arm', marker: 'burst-1', count: 40_000 };
 * ```
 */
export type ClientCommand =
  | { readonly type: 'start' }
  | { readonly type: 'arm'; readonly marker: string; readonly count: number }
  | { readonly type: 'await' }
  | { readonly type: 'stop' };

/**
 * The answer to `start`. The client's first sync in the process is made by a throwaway instance
 * (see `firstSync` in client-main); the sync timed as `syncMs` is the client's own, the second of
 * the process, with the code compiled and the heap grown.
 */
export interface StartReply {
  readonly syncMs: number;
  readonly size: number;
  /** CPU time (user + system) of the process during the sync. */
  readonly syncCpuMs: number;
  /** The first sync of the fresh process: time to synced. */
  readonly firstSyncMs: number;
  /** The first sync of the fresh process: CPU time. */
  readonly firstSyncCpuMs: number;
  /** Peak resident set size of the process after its first sync. */
  readonly peakRssBytes: number;
  /**
   * Heap used as data (outside the code spaces; the least over rounds of full GCs) with the first
   * sync's cache, minus the same once that instance is stopped and dropped: what the cache holds,
   * without the code and state every client keeps.
   */
  readonly retainedHeapBytes: number;
}

/** The answer to `await`. */
export interface AwaitReply {
  readonly armedToDoneMs: number;
  readonly firstToDoneMs: number;
  /** CPU time of the process from `arm` to the answer. */
  readonly cpuMs: number;
  /** The main thread's pauses for the garbage collector from the first to the last event. */
  readonly collectorMs: number;
  /** The part of `collectorMs` spent in young-generation collections. */
  readonly youngCollectorMs: number;
  /** How many pauses `collectorMs` adds up. */
  readonly collections: number;
}
