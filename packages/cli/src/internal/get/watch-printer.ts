import type { CollectionUpdate, ListPageProgress } from '@rxkube/core';

/** What `rxkube get -w` does with the live collection: one implementation per kind of output. */
export interface WatchPrinter {
  /** A page of the initial list (or of a relist) arrived. */
  page(progress: ListPageProgress): void;
  /** The collection changed (synced) or only its health did (not synced yet). */
  update(update: CollectionUpdate, now: number): void;
  /** The watch ended (Ctrl-C, or an error): leave the output tidy. */
  close(): void;
}
