import type { CachedCollectionOptions, KubeObject } from '@rxkube/core';

/**
 * Options of `useCollection`: those of `cachedCollection$` (merged over the provider's
 * `collectionOptions`). Equal options share one collection: field order does not matter,
 * functions such as `transform` and schemas compare by identity, so define them once (module
 * level), not inline.
 *
 * @example
 * ```ts
 * import type { UseCollectionOptions } from '@rxkube/react';
 * const options: UseCollectionOptions = { labelSelector: 'app=web', initialList: 'auto' };
 * ```
 */
export interface UseCollectionOptions<T extends KubeObject = KubeObject>
  extends CachedCollectionOptions<T> {}
