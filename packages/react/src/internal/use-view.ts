import type { KubeObject } from '@rxkube/core';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { CollectionResult } from '../collection-result.js';
import type { CollectionSelectOptions } from '../collection-select-options.js';
import type { SelectedCollectionResult } from '../selected-collection-result.js';
import { shallowEqual } from '../shallow-equal.js';
import type { ViewStore } from './view-store.js';

/** The last selection: what it was computed from, and what it gave. */
interface Selection<T extends KubeObject, S> {
  readonly view: CollectionResult<T>;
  readonly select: (items: ReadonlyMap<string, T>) => S;
  readonly data: S;
  readonly result: SelectedCollectionResult<S>;
}

/**
 * The view of `store` for this render, through `useSyncExternalStore` (no tearing under
 * concurrent rendering): the store's own view, or with `select` the selected value and the
 * collection's state, the same object for as long as neither changes.
 */
export function useView<T extends KubeObject, S>(
  store: ViewStore<CollectionResult<T>>,
  selection: Partial<CollectionSelectOptions<T, S>>,
): CollectionResult<T> | SelectedCollectionResult<S> {
  const { select, isEqual = shallowEqual } = selection;
  // A cache, not state: the same view always gives the same result, whichever render reads it.
  const last = useRef<Selection<T, S> | undefined>(undefined);
  const [getSnapshot, getServerSnapshot] = useMemo(() => {
    if (select === undefined) return [store.getSnapshot, store.getServerSnapshot] as const;
    const pick = (view: CollectionResult<T>) => {
      const previous = last.current;
      if (previous !== undefined && previous.view === view && previous.select === select) {
        return previous.result;
      }
      const next = selectionOf(view, select, isEqual, previous);
      last.current = next;
      return next.result;
    };
    return [() => pick(store.getSnapshot()), () => pick(store.getServerSnapshot())] as const;
  }, [store, select, isEqual]);
  return useSyncExternalStore<CollectionResult<T> | SelectedCollectionResult<S>>(
    store.subscribe,
    getSnapshot,
    getServerSnapshot,
  );
}

function selectionOf<T extends KubeObject, S>(
  view: CollectionResult<T>,
  select: (items: ReadonlyMap<string, T>) => S,
  isEqual: (previous: S, next: S) => boolean,
  previous: Selection<T, S> | undefined,
): Selection<T, S> {
  let data: S;
  if (previous !== undefined && previous.view.items === view.items && previous.select === select) {
    data = previous.data;
  } else {
    data = select(view.items);
    if (previous !== undefined && isEqual(previous.data, data)) data = previous.data;
  }
  const kept = previous?.result;
  const result =
    kept !== undefined &&
    kept.data === data &&
    kept.health === view.health &&
    kept.error === view.error &&
    kept.synced === view.synced &&
    kept.key === view.key
      ? kept
      : { key: view.key, data, health: view.health, synced: view.synced, error: view.error };
  return { view, select, data, result };
}
