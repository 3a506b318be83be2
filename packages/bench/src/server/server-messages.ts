/**
 * What the benchmark process asks of the server process.
 *
 * - `seed`: a fresh FakeApiServer holding `count` realistic pods.
 * - `burst`: `count` MODIFIED events (pods round-robin, each marked `marker`), generated while
 *   watches are stalled and then released at once, so the socket takes them as fast as the client
 *   reads; `count` at most `maxReleaseEvents`.
 * - `relist`: ends every watch, changes `count` pods (marked `marker`) and compacts the history,
 *   so the clients' next watch gets 410 Gone and relists.
 * - `stats`: what the server saw.
 *
 * @example
 * ```ts
 * const command: ServerCommand = { type: 'seed', count: 10_000 };
 * ```
 */
export type ServerCommand =
  | { readonly type: 'seed'; readonly count: number }
  | { readonly type: 'burst'; readonly count: number; readonly marker: string }
  | { readonly type: 'relist'; readonly count: number; readonly marker: string }
  | { readonly type: 'stats' };

/** The answer to `seed`. */
export interface SeedReply {
  readonly url: string;
  readonly count: number;
  readonly seedMs: number;
  /** Mean compact JSON size of a pod as listed. */
  readonly bytesPerPod: number;
  /** Whether the pods carry `managedFields` on the wire. */
  readonly managedFields: boolean;
}

/** The answer to `burst` and `relist`. */
export interface WriteReply {
  readonly count: number;
  /** Time the server spent writing the objects (not part of any client's measurement). */
  readonly writeMs: number;
}

/** The answer to `stats`. */
export interface StatsReply {
  readonly openWatches: number;
  readonly lists: number;
  readonly watches: number;
  readonly resourceVersion: string;
}
