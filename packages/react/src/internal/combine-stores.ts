import type { ViewStore } from './view-store.js';

/**
 * One store over several: subscribing subscribes to each, and the views come as one array that
 * keeps its identity until one of them changes (as `useSyncExternalStore` needs).
 */
export function combineStores<V>(stores: readonly ViewStore<V>[]): ViewStore<readonly V[]> {
  const cache = (read: (store: ViewStore<V>) => V) => {
    let last: readonly V[] | undefined;
    return () => {
      const views = stores.map(read);
      if (last !== undefined && views.every((view, i) => view === last?.[i])) return last;
      last = views;
      return views;
    };
  };
  return {
    subscribe: (listener) => {
      const unsubscribes = stores.map((store) => store.subscribe(listener));
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
    },
    getSnapshot: cache((store) => store.getSnapshot()),
    getServerSnapshot: cache((store) => store.getServerSnapshot()),
  };
}
