import { mergeMap, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { KubeObject } from '../kube-object.js';

/**
 * The objects that left the collection, one by one, in order, each in its last known state —
 * including those a relist found gone and those replaced under a new uid.
 *
 * @example
 * ```ts
 * import { cachedCollection$, deletedObjects } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(deletedObjects())
 *   .subscribe((pod) => console.log('gone', pod.metadata?.name));
 * // Output:
 * // gone web-0
 * ```
 */
export function deletedObjects<T extends KubeObject>(): OperatorFunction<CollectionState<T>, T> {
  return mergeMap((state) => {
    const deleted: T[] = [];
    for (const delta of state.deltas) if (delta.type === 'deleted') deleted.push(delta.object);
    return deleted;
  });
}
