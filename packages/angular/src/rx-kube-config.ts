import type { CachedCollectionOptions, FetchClientOptions, KubeClient } from '@rxkube/core';

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

/**
 * What `provideRxKube` accepts: a ready {@link KubeClient} (`{ client }`, e.g. from
 * `@rxkube/node`'s `createClient` during server-side rendering, or a custom transport), or the
 * options of `createFetchClient` (`{ baseUrl, headers?, auth?, namespace? }`) to build a fetch
 * client, for a browser behind `kubectl proxy` or any same-origin proxy.
 *
 * @example
 * ```ts
 * import type { RxKubeConfig } from '@rxkube/angular';
 * const viaProxy: RxKubeConfig = { baseUrl: 'http://127.0.0.1:8001' };
 * const withDefaults: RxKubeConfig = { baseUrl: '/k8s', collectionOptions: { pageSize: 200 } };
 * ```
 */
export type RxKubeConfig =
  | (RxKubeCollectionSettings & { readonly client: KubeClient })
  | (RxKubeCollectionSettings & FetchClientOptions);
