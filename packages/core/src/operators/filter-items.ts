import { defer, filter, map, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { Delta } from '../collection/delta.js';
import { type MapDraft, PersistentMap } from '../collection/persistent-map.js';
import type { KubeObject } from '../kube-object.js';

/**
 * Keeps the items that satisfy `predicate`, incrementally: after the first state, each emission
 * costs O(number of deltas), not O(items). An object that stops matching leaves as `deleted`, one
 * that starts matching enters as `added`. Emissions whose deltas all fall outside the filter are
 * skipped (unless health changed).
 *
 * The predicate must be pure: it sees each object version once. A predicate that throws errors
 * the stream with what it threw, as `filter` does; each subscription keeps its own filtered cache.
 *
 * @example
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
    defer(() => {
      let items: PersistentMap<T> | undefined;
      let health: CollectionState<T>['health'] | undefined;
      return source.pipe(
        map((state): CollectionState<T> | undefined => {
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
            items = items.withMutations((draft) => {
              for (const delta of state.deltas) filterDelta(delta, predicate, draft, deltas);
            });
            if (deltas.length === 0 && state.deltas.length > 0 && state.health === health) {
              return undefined;
            }
          }
          health = state.health;
          return { ...state, items, deltas };
        }),
        filter((state) => state !== undefined),
      );
    });
}

// mapItems's mapDelta walks a delta the same way; the two stay apart because they differ in each
// branch (a deletion passes on as it came here, projected there; an update may leave or enter
// the view here), and one walker with both behaviours would hide that.
function filterDelta<T extends KubeObject>(
  delta: Delta<T>,
  predicate: (object: T) => boolean,
  draft: MapDraft<T>,
  out: Delta<T>[],
): void {
  const { key } = delta;
  const previous = draft.get(key);
  if (delta.type === 'deleted') {
    if (previous === undefined) return;
    draft.delete(key);
    out.push(delta);
    return;
  }
  const isIn = predicate(delta.object);
  if (isIn && previous !== undefined) {
    draft.set(key, delta.object);
    out.push(
      delta.type === 'modified' ? delta : { type: 'modified', key, object: delta.object, previous },
    );
  } else if (isIn) {
    draft.set(key, delta.object);
    out.push({ type: 'added', key, object: delta.object });
  } else if (previous !== undefined) {
    draft.delete(key);
    out.push({ type: 'deleted', key, object: delta.object, previous });
  }
}
