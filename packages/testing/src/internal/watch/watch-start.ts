import type { StoreEvent } from '../store/store-event.js';
import type { StoredObject } from '../store/stored-object.js';

/** How a streaming list's initial events end: at once, at the bookmark timer's tick, or never. */
export type InitialEventsEnd = 'at-once' | 'timer' | 'none';

/** Where a watch starts and what it sends before live events. */
export interface WatchStart {
  readonly startRevision: number;
  readonly initial?: readonly StoredObject[];
  readonly replay?: readonly StoreEvent[];
  /** How a streaming list's initial events end (`'none'` for every other watch). */
  readonly initialEventsEnd: InitialEventsEnd;
  /**
   * Bookmarks only once the cache's latest event passed this: as kube-apiserver 1.20 moves a
   * watch's version to the last event it sent first (0 for a watch from "now" on an empty cache).
   */
  readonly bookmarkAfter?: number;
}
