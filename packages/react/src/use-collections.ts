import type { KubeObject, ResourceRef, ResourceScope } from '@rxkube/core';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { CollectionResult } from './collection-result.js';
import { storeFor } from './internal/collection-stores.js';
import { combineStores } from './internal/combine-stores.js';
import { useRegistryFromContext } from './internal/registry-from-context.js';
import type { ViewStore } from './internal/view-store.js';
import type { UseCollectionOptions } from './use-collection-options.js';

/**
 * Many live collections at once, as TanStack Query's `useQueries`: one result per ref, in order,
 * each exactly what `useCollection(ref, options)` gives (shared with every other user of the same
 * key, nothing requested for an `undefined` ref). For a view whose number of collections is not
 * fixed, or that needs them together (how many are live).
 *
 * The array keeps its identity until one of its results changes, and each result keeps its own,
 * so a `React.memo` child given one result renders only when that collection emits.
 *
 * @example
 * ```ts
 * import { useCollections } from '@rxkube/react';
 * import { createElement as h } from 'react';
 *
 * const namespaces = ['default', 'payments', 'search'];
 * const refs = namespaces.map((namespace) => ({ version: 'v1', resource: 'pods', namespace }));
 *
 * export function PodsPerNamespace() {
 *   const collections = useCollections(refs);
 *   const live = collections.filter((c) => c.health.status === 'live').length;
 *   return h('p', null, `${live} of ${refs.length} live: ${collections.map((c) => c.items.size).join(', ')}`);
 * }
 * ```
 */
export function useCollections<T extends KubeObject = KubeObject>(
  refs: readonly (ResourceRef<T, ResourceScope> | undefined)[],
  options: UseCollectionOptions<T> = {},
): readonly CollectionResult<T>[] {
  const registry = useRegistryFromContext('useCollections');
  const stores = refs.map((ref) => storeFor<T>(registry, ref, options));
  // The same stores in the same order: the same combined store, so nothing resubscribes.
  const previous = useRef<readonly ViewStore<CollectionResult<T>>[]>(stores);
  const same =
    previous.current.length === stores.length &&
    previous.current.every((store, i) => store === stores[i]);
  const current = same ? previous.current : stores;
  previous.current = current;
  const combined = useMemo(() => combineStores(current), [current]);
  return useSyncExternalStore(combined.subscribe, combined.getSnapshot, combined.getServerSnapshot);
}
