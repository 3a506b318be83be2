import { Observable, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { Delta } from '../collection/delta.js';
import { PersistentMap } from '../collection/persistent-map.js';
import type { KubeObject } from '../kube-object.js';

/**
 * Keeps the items that satisfy `predicate`, incrementally: after the first state, each emission
 * costs O(number of deltas), not O(items). An object that stops matching leaves as `deleted`, one
 * that starts matching enters as `added`. Emissions whose deltas all fall outside the filter are
 * skipped (unless health changed).
 *
 * The predicate must be pure: it sees each object version once.
 *
 * ## Example
 * ```ts
 * import { cachedCollection$, filterItems } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(filterItems((pod) => pod.status?.phase === 'Running'))
 *   .subscribe((state) => console.log(`${state.items.size} running`));
 * // Output:
 * // 42 running
 * ```
 */
export function filterItems<T extends KubeObject>(
  predicate: (object: T) => boolean,
): OperatorFunction<CollectionState<T>, CollectionState<T>> {
  return (source) =>
    new Observable<CollectionState<T>>((subscriber) => {
      let items: PersistentMap<T> | undefined;
      let health: CollectionState<T>['health'] | undefined;
      return source.subscribe({
        next(state) {
          const deltas: Delta<T>[] = [];
          if (items === undefined) {
            items = PersistentMap.empty<T>().withMutations((draft) => {
              state.items.forEach((object, key) => {
                if (!predicate(object)) return;
                draft.set(key, object);
                deltas.push({ type: 'added', key, object });
              });
            });
          } else {
            const before = items;
            items = before.withMutations((draft) => {
              for (const delta of state.deltas)
                filterDelta(delta, draft.has(delta.key), predicate, draft, deltas);
            });
            if (deltas.length === 0 && state.deltas.length > 0 && state.health === health) {
              return;
            }
          }
          health = state.health;
          subscriber.next({ ...state, items, deltas });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

function filterDelta<T extends KubeObject>(
  delta: Delta<T>,
  wasIn: boolean,
  predicate: (object: T) => boolean,
  draft: {
    set(key: string, value: T): void;
    delete(key: string): boolean;
    get(key: string): T | undefined;
  },
  out: Delta<T>[],
): void {
  const { key } = delta;
  if (delta.type === 'deleted') {
    if (!wasIn) return;
    draft.delete(key);
    out.push(delta);
    return;
  }
  const isIn = predicate(delta.object);
  if (isIn && wasIn) {
    const previous = draft.get(key)!;
    draft.set(key, delta.object);
    out.push(
      delta.type === 'modified' ? delta : { type: 'modified', key, object: delta.object, previous },
    );
  } else if (isIn) {
    draft.set(key, delta.object);
    out.push({ type: 'added', key, object: delta.object });
  } else if (wasIn) {
    const previous = draft.get(key)!;
    draft.delete(key);
    out.push({ type: 'deleted', key, object: delta.object, previous });
  }
}
