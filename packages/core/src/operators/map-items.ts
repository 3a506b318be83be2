import { Observable, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { Delta } from '../collection/delta.js';
import { PersistentMap } from '../collection/persistent-map.js';
import type { KubeObject } from '../kube-object.js';

/**
 * Maps every cached object with `project`, incrementally: after the first state each emission
 * maps only the objects its deltas carry, O(number of deltas). Keys stay the same.
 *
 * `project` must be pure; it runs once per object version.
 *
 * ## Example
 * ```ts
 * import { cachedCollection$, mapItems } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(mapItems((pod) => ({ ...pod, metadata: { ...pod.metadata, managedFields: undefined } })))
 *   .subscribe((state) => console.log(state.items.size));
 * // Output:
 * // 42
 * ```
 */
export function mapItems<T extends KubeObject, R extends KubeObject>(
  project: (object: T) => R,
): OperatorFunction<CollectionState<T>, CollectionState<R>> {
  return (source) =>
    new Observable<CollectionState<R>>((subscriber) => {
      let items: PersistentMap<R> | undefined;
      return source.subscribe({
        next(state) {
          const deltas: Delta<R>[] = [];
          if (items === undefined) {
            items = PersistentMap.empty<R>().withMutations((draft) => {
              state.items.forEach((object, key) => {
                const mapped = project(object);
                draft.set(key, mapped);
                deltas.push({ type: 'added', key, object: mapped });
              });
            });
          } else {
            items = items.withMutations((draft) => {
              for (const delta of state.deltas) {
                const { key } = delta;
                const previous = draft.get(key);
                if (delta.type === 'deleted') {
                  if (previous === undefined) continue;
                  draft.delete(key);
                  deltas.push({ type: 'deleted', key, object: previous, previous });
                  continue;
                }
                const object = project(delta.object);
                draft.set(key, object);
                deltas.push(
                  previous === undefined || delta.type === 'added'
                    ? { type: 'added', key, object }
                    : { type: 'modified', key, object, previous },
                );
              }
            });
          }
          subscriber.next({ ...state, items, deltas });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
