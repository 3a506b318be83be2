import type { CachedCollectionOptions } from '../collection/cached-collection-options.js';

/**
 * Settings of a {@link CollectionRegistry}, shared by every collection it holds.
 *
 * @example
 * ```ts
 * import type { CollectionRegistryOptions } from '@rxkube/core';
 * const options: CollectionRegistryOptions = { collectionOptions: { initialList: 'auto' }, keepAliveMs: 5_000 };
 * ```
 */
export interface CollectionRegistryOptions {
  /**
   * Defaults for every collection of the registry (each `acquire`'s own options win field by
   * field), e.g. `{ initialList: 'auto', backoff: { maxMs: 10_000 } }`.
   */
  readonly collectionOptions?: CachedCollectionOptions;
  /**
   * How long a collection whose last user went away keeps its list+watch running, so that a user
   * arriving soon after (a route change) joins it instead of listing again. Default
   * `collectionRegistryDefaults.keepAliveMs`.
   */
  readonly keepAliveMs?: number;
}
