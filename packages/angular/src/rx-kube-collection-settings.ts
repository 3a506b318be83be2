import type { CachedCollectionOptions } from '@rxkube/core';

/**
 * Settings shared by every collection of an application, whatever the client.
 *
 * @example
 * ```ts
 * import type { RxKubeCollectionSettings } from '@rxkube/angular';
 * const settings: RxKubeCollectionSettings = { collectionOptions: { initialList: 'auto' }, keepAliveMs: 5_000 };
 * ```
 */
export interface RxKubeCollectionSettings {
  /**
   * Defaults for every `injectCollection` (each call's own options win field by field), e.g.
   * `{ initialList: 'auto', backoff: { maxMs: 10_000 } }`.
   */
  readonly collectionOptions?: CachedCollectionOptions;
  /**
   * How long a collection whose last user went away keeps its list+watch running, so that a user
   * arriving soon after (a route change) joins it instead of listing again. Default
   * `rxKubeDefaults.keepAliveMs`.
   */
  readonly keepAliveMs?: number;
}
