/** What `useSyncExternalStore` reads a collection from: subscribe, and the views to render. */
export interface ViewStore<V> {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => V;
  readonly getServerSnapshot: () => V;
}
