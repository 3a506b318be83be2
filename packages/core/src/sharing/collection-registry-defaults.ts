/**
 * The defaults of {@link CollectionRegistry}, each with its reason.
 *
 * @example
 * ```ts
 * import { collectionRegistryDefaults } from '@rxkube/core';
 * console.log(collectionRegistryDefaults.keepAliveMs); // 0
 * ```
 */
export const collectionRegistryDefaults = {
  /**
   * Tear a collection down as soon as its last user is gone: an open watch costs the API server
   * memory, and a view that is gone should not hold one. Raise it for users that come and go
   * quickly (route changes).
   */
  keepAliveMs: 0,
} as const;
