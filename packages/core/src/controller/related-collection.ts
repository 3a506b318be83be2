import type { Observable } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { KubeObject } from '../kube-object.js';

/**
 * A collection whose changes requeue keys of the primary collection: each changed object (and,
 * for a modification, its previous state, so a moved owner requeues both) is mapped to the
 * primary keys it concerns, e.g. its owners.
 *
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * import type { RelatedCollection } from '@rxkube/core/controller';
 * declare const pods$: RelatedCollection<KubeObject>['collection'];
 * const related: RelatedCollection<KubeObject> = {
 *   collection: pods$,
 *   keysOf: (pod) => (pod.metadata?.ownerReferences ?? []).map((o) => `${pod.metadata?.namespace}/${o.name}`),
 * };
 * ```
 */
export interface RelatedCollection<R extends KubeObject> {
  /** A live collection, e.g. `cachedCollection$(…).pipe(shareCollection())`. */
  readonly collection: Observable<Pick<CollectionState<R>, 'items' | 'deltas'>>;
  /** The primary keys (`namespace/name` or `name`) an object of this collection concerns. */
  keysOf(object: R): Iterable<string>;
}
