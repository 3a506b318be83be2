import type { CollectionUpdate, ListPageProgress } from '@rxkube/core';
import type { Divergence } from './divergence.js';

/** One comparison of the cache with the server. */
export interface SyncCheck {
  /** Seconds since the demo started. */
  readonly at: number;
  /** `undefined` before the first complete list. */
  readonly divergence: Divergence | undefined;
  readonly serverObjects: number;
}

/** How the demo shows itself: a redrawn screen on a terminal, lines elsewhere. */
export interface DemoView {
  /** A timeline entry: a fault, a health change. */
  log(line: string): void;
  page(progress: ListPageProgress): void;
  update(update: CollectionUpdate, now: number): void;
  check(check: SyncCheck): void;
  close(): void;
}
