import type { KubeObject } from '../../../kube-object.js';
import type { ResourceVersion } from '../../../resource-version.js';
import type { CollectionHealth } from '../../collection-health.js';
import type { PersistentMap } from '../../persistent-map.js';

/**
 * Where a list starts from.
 * - `first`: the very first list, with the caller's `listSemantic` (`"0"` for `'any'`);
 * - `notOlderThan`: a relist at the newest version shown, unpaginated, NotOlderThan;
 * - `consistent`: a consistent read (version unset) in pages, the fallback of a relist, and every
 *   relist once a whole one was too large.
 */
export type ListFrom =
  | { readonly kind: 'first' }
  | { readonly kind: 'notOlderThan'; readonly resourceVersion: ResourceVersion }
  | { readonly kind: 'consistent' };

/** What the loop remembers across its phases. */
export interface LoopMemory {
  /** Lists are streamed (`sendInitialEvents`); false for `'list'` and after `'auto'` fell back. */
  readonly streamingLists: boolean;
  /**
   * A relist may ask for the whole collection in one body (NotOlderThan, from the watch cache);
   * false once such a body was over `maxListBodyBytes`: relists are consistent reads in pages
   * from then on, as the same whole list would be too large again.
   */
  readonly wholeRelists: boolean;
  /** The backoff attempt of the current run of transient failures (0: none). */
  readonly attempt: number;
  /** When the last backoff wait ended (or the loop started): attempts reset after a healthy while. */
  readonly healthySince: number;
  /** Relists after 410 within `relistBackoff.resetAfterMs` of one another. */
  readonly relists: number;
  readonly lastRelistAt: number;
  /** A relist is under way and health already says so (a relist is reported and counted once). */
  readonly relisting: boolean;
  /** A complete list was handed to the cache: a later one is a relist. */
  readonly listed: boolean;
  /** The health last handed to the cache: the loop is its only author. */
  readonly health: CollectionHealth;
  /** The id of the request (or timer) in flight; the outcome of any other is stale. */
  readonly request: number;
}

/**
 * The loop's state: a closed union, one request (or timer) in flight in each phase but `failed`.
 *
 * - `listing`: a LIST (every page) is in flight;
 * - `streaming`: a streaming list is in flight, its initial events (`initial`, by key) not yet
 *   ended;
 * - `watching`: a watch from `from`, the newest version the cache reached (the resume point);
 *   `failures` counts consecutive failures that made no progress past it; `resumed` when it
 *   follows one;
 * - `waiting`: a backoff (`'backoff'`) or relist delay (`'relist'`) until `until`, then `next`;
 * - `failed`: a permanent error ended the loop.
 */
export type LoopState =
  | ListingState
  | StreamingState
  | WatchingState
  | {
      readonly phase: 'waiting';
      readonly reason: 'backoff' | 'relist';
      readonly until: number;
      readonly next: ListingState | StreamingState | WatchingState;
      readonly memory: LoopMemory;
    }
  | { readonly phase: 'failed'; readonly error: unknown; readonly memory: LoopMemory };

/** A LIST in flight. */
export interface ListingState {
  readonly phase: 'listing';
  readonly from: ListFrom;
  readonly memory: LoopMemory;
}

/** A streaming list in flight, with the initial events it delivered so far, by key. */
export interface StreamingState {
  readonly phase: 'streaming';
  readonly from: ListFrom;
  readonly initial: PersistentMap<KubeObject>;
  readonly memory: LoopMemory;
}

/** A watch in flight, resuming from `from`. */
export interface WatchingState {
  readonly phase: 'watching';
  readonly from: ResourceVersion;
  readonly failures: number;
  readonly resumed: boolean;
  readonly memory: LoopMemory;
}
