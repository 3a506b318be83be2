import type { CollectionRegistry } from '@rxkube/core';
import { useRegistryFromContext } from './internal/registry-from-context.js';

/**
 * The {@link CollectionRegistry} of the nearest `<RxKubeProvider>`: the live collections of the
 * application, shared by key. For code that manages a collection's lifetime itself (a lease
 * acquired in an effect), or a test that counts a collection's users. Throws outside a provider.
 *
 * @example
 * ```ts
 * import { useCollectionRegistry } from '@rxkube/react';
 *
 * export function useOpenCollections(): number {
 *   return useCollectionRegistry().keys().length;
 * }
 * ```
 */
export function useCollectionRegistry(): CollectionRegistry {
  return useRegistryFromContext('useCollectionRegistry');
}
