import { defer, map, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { Delta } from '../collection/delta.js';
import { type MapDraft, PersistentMap } from '../collection/persistent-map.js';
import type { KubeObject } from '../kube-object.js';

/**
 * Maps every cached object with `project`, incrementally: after the first state each emission
 * maps only the objects its deltas carry, O(number of deltas). Keys stay the same.
 *
 * `project` must be pure; it runs once per object version. A `project` that throws errors the
 * stream with what it threw, as `map` does; each subscription keeps its own mapped cache.
 *
 * @example
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
    defer(() => {
      let items: PersistentMap<R> | undefined;
      return source.pipe(
        map((state): CollectionState<R> => {
          const deltas: Delta<R>[] = [];
          items =
            items === undefined
              ? PersistentMap.empty<R>().withMutations((draft) => {
                  state.items.forEach((object, key) => {
                    const mapped = project(object);
                    draft.set(key, mapped);
                    deltas.push({ type: 'added', key, object: mapped });
                  });
                })
              : items.withMutations((draft) => {
                  for (const delta of state.deltas) mapDelta(delta, project, draft, deltas);
                });
          return { ...state, items, deltas };
        }),
      );
    });
}

// Walks a delta as filterItems's filterDelta does; kept apart on purpose (see there).
function mapDelta<T extends KubeObject, R extends KubeObject>(
  delta: Delta<T>,
  project: (object: T) => R,
  draft: MapDraft<R>,
  out: Delta<R>[],
): void {
  const { key } = delta;
  const previous = draft.get(key);
  if (delta.type === 'deleted') {
    if (previous === undefined) return;
    draft.delete(key);
    out.push({ type: 'deleted', key, object: previous, previous });
    return;
  }
  const object = project(delta.object);
  draft.set(key, object);
  out.push(
    previous === undefined || delta.type === 'added'
      ? { type: 'added', key, object }
      : { type: 'modified', key, object, previous },
  );
}
