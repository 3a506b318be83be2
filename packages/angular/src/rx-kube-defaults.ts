import { collectionRegistryDefaults } from '@rxkube/core';

/**
 * The defaults of `@rxkube/angular`, each with its reason. One place, so no code path carries a
 * magic number.
 *
 * @example
 * ```ts
 * import { rxKubeDefaults } from '@rxkube/angular';
 * console.log(rxKubeDefaults.keepAliveMs); // 0
 * ```
 */
export const rxKubeDefaults = {
  /**
   * Tear a collection down as soon as its last user is destroyed: an open watch costs the API
   * server memory, and a view that is gone should not hold one. Raise it for routes that come and
   * go quickly. The registry's own default.
   */
  keepAliveMs: collectionRegistryDefaults.keepAliveMs,
} as const;
