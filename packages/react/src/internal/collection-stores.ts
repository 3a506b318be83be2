import type {
  CachedCollectionOptions,
  CollectionRegistry,
  KubeObject,
  ResourceRef,
} from '@rxkube/core';
import type { CollectionResult } from '../collection-result.js';
import { CollectionStore } from './collection-store.js';
import { initialView } from './collection-view.js';
import type { ViewStore } from './view-store.js';

/** The stores of each registry, by collection key. */
const storesByRegistry = new WeakMap<
  CollectionRegistry,
  Map<string, CollectionStore<KubeObject>>
>();

const idleView = initialView<KubeObject>(undefined);
const noSubscription = () => () => {};
const readIdleView = () => idleView;

/** The store of a ref that is `undefined`: nothing to subscribe to, `listing` forever. */
const idleStore: ViewStore<CollectionResult<KubeObject>> = {
  subscribe: noSubscription,
  getSnapshot: readIdleView,
  getServerSnapshot: readIdleView,
};

/**
 * The store a component reads for `ref` with `options` in `registry`: {@link idleStore} while
 * `ref` is `undefined` (nothing is requested), else {@link collectionStore}'s.
 */
export function storeFor<T extends KubeObject>(
  registry: CollectionRegistry,
  ref: ResourceRef | undefined,
  options: CachedCollectionOptions<T>,
): ViewStore<CollectionResult<T>> {
  return ref === undefined
    ? (idleStore as ViewStore<CollectionResult<T>>)
    : collectionStore<T>(registry, ref, options);
}

/**
 * The store of `ref` with `options` in `registry`: the same object for every component that asks
 * for the same key while the registry holds it. Creating one requests nothing (safe in render).
 */
function collectionStore<T extends KubeObject>(
  registry: CollectionRegistry,
  ref: ResourceRef,
  options: CachedCollectionOptions<T>,
): CollectionStore<T> {
  const key = registry.keyOf(ref, options);
  let stores = storesByRegistry.get(registry);
  if (stores === undefined) {
    stores = new Map();
    storesByRegistry.set(registry, stores);
  }
  let store = stores.get(key) as CollectionStore<T> | undefined;
  // Idle and forgotten by the registry (its keepAliveMs is over): what it shows is stale.
  if (store !== undefined && !store.connected && !registry.keys().includes(key)) store = undefined;
  if (store === undefined) {
    const all = stores;
    store = new CollectionStore<T>(registry, key, ref, options, () => sweep(registry, all));
    stores.set(key, store as unknown as CollectionStore<KubeObject>);
  }
  return store;
}

/** Forgets the idle stores whose collections the registry no longer holds. */
function sweep(registry: CollectionRegistry, stores: Map<string, CollectionStore<KubeObject>>) {
  const held = new Set(registry.keys());
  for (const [key, store] of stores) {
    if (!store.connected && !held.has(key)) stores.delete(key);
  }
}
