import type { CollectionHealth } from '@rxkube/core';

/**
 * A live collection through `useCollection`'s `select`: the selected value and the collection's
 * state, without the items. The object stays the same (`===`) until the selected value, the
 * health, the error or the key changes: an event that leaves the selected value equal does not
 * re-render the component.
 *
 * @example
 * ```ts
 * import type { SelectedCollectionResult } from '@rxkube/react';
 * const label = (running: SelectedCollectionResult<number>) =>
 *   running.synced ? `${running.data} running` : running.health.status;
 * ```
 */
export interface SelectedCollectionResult<S> {
  /** The key the collection is shared under; `undefined` while the ref is `undefined`. */
  readonly key: string | undefined;
  /** What `select` returned for the latest items (the empty map before the first list). */
  readonly data: S;
  /** What the collection is doing now, from the very start (`listing` before the first list). */
  readonly health: CollectionHealth;
  /** Whether a complete list has arrived. */
  readonly synced: boolean;
  /** The permanent error that ended the collection, if any. */
  readonly error: unknown;
}
