import { type CollectionState, filterItems } from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';
import type { OperatorFunction } from 'rxjs';
import { isReady } from './is-ready.js';

/**
 * The pods that are not ready, as a live collection of its own: an incremental `filterItems`,
 * so each emission costs as much as its deltas, not as the whole collection. A pod that becomes
 * ready leaves as `deleted`; one that stops being ready enters as `added`; changes to pods that
 * stay ready produce no emission at all.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { notReadyPods } from './not-ready-pods.js';
 * import type { Pod } from '@rxkube/example-shared';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(notReadyPods())
 *   .subscribe((state) => console.log(`${state.items.size} pods not ready`));
 * ```
 */
export function notReadyPods(): OperatorFunction<CollectionState<Pod>, CollectionState<Pod>> {
  return filterItems((pod) => !isReady(pod));
}
