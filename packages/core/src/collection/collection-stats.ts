/**
 * Counters of a live collection since it was subscribed.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * cachedCollection$(client, ref).subscribe(({ stats }) =>
 *   console.log(`${stats.events} events, ${stats.relists} relists`),
 * );
 * ```
 */
export interface CollectionStats {
  /** Watch events applied (bookmarks excluded). */
  readonly events: number;
  /** LISTs (or streaming lists) completed, the initial one included. */
  readonly lists: number;
  /** Relists after the initial list: 410 Gone, or a watch that could not be resumed. */
  readonly relists: number;
  /** Watches accepted after a dropped or failed one (not the routine end at `timeoutSeconds`). */
  readonly reconnects: number;
}
