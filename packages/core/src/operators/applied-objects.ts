import { mergeMap, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { KubeObject } from '../kube-object.js';

/**
 * The objects that were added or modified, one by one, in order — the initial list included.
 * For reacting to changes (a controller's "on add or update").
 *
 * @example
 * ```ts
 * import { appliedObjects, cachedCollection$ } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(appliedObjects())
 *   .subscribe((pod) => console.log('applied', pod.metadata?.name));
 * // Output:
 * // applied web-0
 * ```
 */
export function appliedObjects<T extends KubeObject>(): OperatorFunction<CollectionState<T>, T> {
  return mergeMap((state) => {
    const applied: T[] = [];
    for (const delta of state.deltas) if (delta.type !== 'deleted') applied.push(delta.object);
    return applied;
  });
}
