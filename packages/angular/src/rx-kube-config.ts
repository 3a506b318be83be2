import type { FetchClientOptions, KubeClient } from '@rxkube/core';
import type { ProxyClientOptions } from '@rxkube/core/proxy';
import type { RxKubeCollectionSettings } from './rx-kube-collection-settings.js';

/**
 * What `provideRxKube` accepts: a ready {@link KubeClient} (`{ client }`, e.g. from
 * `@rxkube/node`'s `createClient` during server-side rendering, or a custom transport); the
 * options of `createProxyClient` with a `mux` mode (`{ baseUrl, mux, headers?, namespace? }`) to
 * build a proxy client, which carries every request over `rxkube proxy`'s one WebSocket (past the
 * browser's six HTTP/1.1 connections per origin) and falls back to fetch behind a proxy without
 * it; or the options of `createFetchClient` (`{ baseUrl, headers?, auth?, namespace? }`) to build
 * a fetch client, for a browser behind `kubectl proxy` or any same-origin proxy.
 *
 * @example
 * ```ts
 * import type { RxKubeConfig } from '@rxkube/angular';
 * const viaProxy: RxKubeConfig = { baseUrl: 'http://127.0.0.1:8001' };
 * const withDefaults: RxKubeConfig = { baseUrl: '/k8s', collectionOptions: { pageSize: 200 } };
 * const overOneSocket: RxKubeConfig = { baseUrl: '/', mux: 'auto' };
 * ```
 */
export type RxKubeConfig =
  | (RxKubeCollectionSettings & { readonly client: KubeClient })
  | (RxKubeCollectionSettings &
      ProxyClientOptions & { readonly mux: NonNullable<ProxyClientOptions['mux']> })
  | (RxKubeCollectionSettings & FetchClientOptions);
