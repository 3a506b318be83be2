import { defer, map, type OperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { Delta } from '../collection/delta.js';
import { type MapDraft, PersistentMap } from '../collection/persistent-map.js';
import type { KubeObject } from '../kube-object.js';

/**
 * A collection state with a secondary index: for each index value, the objects that have it,
 * by key.
 *
 * @example
 * ```ts
 * import type { IndexedCollectionState, KubeObject } from '@rxkube/core';
 * const onNode = (s: IndexedCollectionState<KubeObject>, node: string) => s.index.get(node)?.size ?? 0;
 * ```
 */
export interface IndexedCollectionState<T extends KubeObject = KubeObject>
  extends CollectionState<T> {
  /** Index value → (object key → object). Immutable, like `items`. */
  readonly index: ReadonlyMap<string, ReadonlyMap<string, T>>;
}

/**
 * Adds a secondary index to each state, maintained incrementally: each emission after the first
 * costs O(number of deltas). `indexValues` names the index values of an object — none, one or
 * several (a label's value, the owner's uid, the node name…). An `indexValues` that throws errors
 * the stream with what it threw, as `map` does; each subscription keeps its own index.
 *
 * @example
 * ```ts
 * import { cachedCollection$, indexBy } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(indexBy((pod) => pod.spec?.nodeName ?? []))
 *   .subscribe((state) => console.log(state.index.get('node-1')?.size ?? 0));
 * // Output:
 * // 17
 * ```
 */
export function indexBy<T extends KubeObject>(
  indexValues: (object: T) => string | readonly string[],
): OperatorFunction<CollectionState<T>, IndexedCollectionState<T>> {
  const valuesOf = (object: T): readonly string[] => {
    const values = indexValues(object);
    return typeof values === 'string' ? [values] : values;
  };
  return (source) =>
    defer(() => {
      let index: PersistentMap<PersistentMap<T>> | undefined;
      return source.pipe(
        map((state): IndexedCollectionState<T> => {
          index =
            index === undefined
              ? PersistentMap.empty<PersistentMap<T>>().withMutations((draft) => {
                  state.items.forEach((object, key) => {
                    add(draft, valuesOf(object), key, object);
                  });
                })
              : index.withMutations((draft) => {
                  for (const delta of state.deltas) applyDelta(draft, delta, valuesOf);
                });
          return { ...state, index };
        }),
      );
    });
}

type IndexDraft<T> = MapDraft<PersistentMap<T>>;

function add<T>(draft: IndexDraft<T>, values: readonly string[], key: string, object: T): void {
  for (const value of values) {
    draft.set(value, (draft.get(value) ?? PersistentMap.empty<T>()).set(key, object));
  }
}

function remove<T>(draft: IndexDraft<T>, values: readonly string[], key: string): void {
  for (const value of values) {
    const bucket = draft.get(value);
    if (bucket === undefined) continue;
    const next = bucket.delete(key);
    if (next.size === 0) draft.delete(value);
    else draft.set(value, next);
  }
}

function applyDelta<T extends KubeObject>(
  draft: IndexDraft<T>,
  delta: Delta<T>,
  valuesOf: (object: T) => readonly string[],
): void {
  if (delta.type === 'added') {
    add(draft, valuesOf(delta.object), delta.key, delta.object);
    return;
  }
  const previous = delta.type === 'modified' ? delta.previous : (delta.previous ?? delta.object);
  remove(draft, valuesOf(previous), delta.key);
  if (delta.type === 'modified') add(draft, valuesOf(delta.object), delta.key, delta.object);
}
