import type { KubeObject } from '../kube-object.js';
import type { CollectionState } from './collection-state.js';
import type { CollectionUpdate } from './collection-update.js';

/**
 * Whether a collection update is a complete, synced snapshot (as opposed to a health update before
 * the first sync): the guard to `filter` `collectionUpdates$` down to what `cachedCollection$`
 * emits.
 *
 * @example
 * ```ts
 * import { collectionUpdates$, isSynced } from '@rxkube/core';
 * import { filter } from 'rxjs';
 * collectionUpdates$(client, { version: 'v1', resource: 'pods' })
 *   .pipe(filter(isSynced))
 *   .subscribe((state) => console.log(state.items.size));
 * ```
 */
export function isSynced<T extends KubeObject>(
  update: CollectionUpdate<T>,
): update is CollectionState<T> & { readonly synced: true } {
  return update.synced;
}
