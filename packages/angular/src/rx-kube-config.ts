import type { FetchClientOptions, KubeClient } from '@rxkube/core';
import type { RxKubeCollectionSettings } from './rx-kube-collection-settings.js';

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
