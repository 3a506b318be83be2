import { type CollectionState, type IndexedCollectionState, indexBy } from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';
import type { OperatorFunction } from 'rxjs';

/**
 * Adds an index of pods by node (`spec.nodeName`) to each state, maintained from the deltas.
 * Pods not yet scheduled have no node and are in no bucket.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { podsByNode } from './pods-by-node.js';
 * import type { Pod } from '@rxkube/example-shared';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(podsByNode())
 *   .subscribe((state) => console.log(state.index.get('node-a')?.size ?? 0));
 * ```
 */
export function podsByNode(): OperatorFunction<CollectionState<Pod>, IndexedCollectionState<Pod>> {
  return indexBy((pod) => pod.spec?.nodeName ?? []);
}
