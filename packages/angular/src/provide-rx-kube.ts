import {
  DestroyRef,
  DOCUMENT,
  type EnvironmentProviders,
  inject,
  makeEnvironmentProviders,
} from '@angular/core';
import {
  CollectionRegistry,
  createFetchClient,
  type FetchClientOptions,
  type KubeClient,
} from '@rxkube/core';
import { createProxyClient, type ProxyClientOptions } from '@rxkube/core/proxy';
import { KUBE_CLIENT } from './kube-client.js';
import type { RxKubeCollectionSettings } from './rx-kube-collection-settings.js';
import type { RxKubeConfig } from './rx-kube-config.js';

/**
 * Provides rxkube to an application (or to any environment injector, e.g. a lazy route): the
 * {@link KUBE_CLIENT} and the {@link CollectionRegistry} that shares live collections among
 * components.
 *
 * `config` is a ready `KubeClient`, `{ client, ...settings }`, the options of
 * `createProxyClient` with a `mux` mode (`{ baseUrl, mux, ...settings }`), or the options of
 * `createFetchClient` (`{ baseUrl, ...settings }`). The fetch transport streams watch responses
 * with `response.body` and works in every modern browser against `kubectl proxy` or any
 * same-origin proxy, but a browser carries at most six watches per origin over HTTP/1.1; with
 * `mux: 'auto'` every request shares `rxkube proxy`'s one WebSocket when the proxy offers it
 * (plain fetch otherwise). A relative `baseUrl` (`'/'`, `'/k8s'`) is resolved against the
 * document's base URI. Settings: `collectionOptions` (defaults for every collection) and
 * `keepAliveMs`.
 *
 * @example
 * ```ts
 * import type { ApplicationConfig } from '@angular/core';
 * import { provideRxKube } from '@rxkube/angular';
 *
 * // bootstrapApplication(AppComponent, appConfig)
 * export const appConfig: ApplicationConfig = {
 *   providers: [
 *     provideRxKube({ baseUrl: 'http://127.0.0.1:8001', collectionOptions: { initialList: 'auto' } }),
 *   ],
 * };
 *
 * // Behind `rxkube proxy --www`: thirty live collections over one WebSocket.
 * export const dashboardConfig: ApplicationConfig = {
 *   providers: [provideRxKube({ baseUrl: '/', mux: 'auto' })],
 * };
 * ```
 */
export function provideRxKube(config: KubeClient | RxKubeConfig): EnvironmentProviders {
  const { client, settings } = resolve(config);
  return makeEnvironmentProviders([
    typeof client === 'function'
      ? { provide: KUBE_CLIENT, useFactory: client }
      : { provide: KUBE_CLIENT, useValue: client },
    {
      provide: CollectionRegistry,
      useFactory: () => {
        const registry = new CollectionRegistry(inject(KUBE_CLIENT), settings);
        inject(DestroyRef).onDestroy(() => registry.dispose());
        return registry;
      },
    },
  ]);
}

/** The client `create` builds from `options`, its `baseUrl` made absolute against the document if relative. */
function clientFactory<O extends { readonly baseUrl: string }>(
  options: O,
  create: (options: O) => KubeClient,
): () => KubeClient {
  return () => {
    if (URL.canParse(options.baseUrl)) return create(options);
    const baseUrl = new URL(options.baseUrl, inject(DOCUMENT).baseURI).href;
    return create({ ...options, baseUrl });
  };
}

/** Whether `options` ask for a proxy client: they name a `mux` mode. */
function wantsProxyClient(
  options: ProxyClientOptions | FetchClientOptions,
): options is ProxyClientOptions {
  return 'mux' in options && options.mux !== undefined;
}

function resolve(config: KubeClient | RxKubeConfig): {
  client: KubeClient | (() => KubeClient);
  settings: RxKubeCollectionSettings;
} {
  if ('transport' in config) return { client: config, settings: {} };
  const { collectionOptions, keepAliveMs, ...rest } = config;
  const settings: RxKubeCollectionSettings = {
    ...(collectionOptions === undefined ? {} : { collectionOptions }),
    ...(keepAliveMs === undefined ? {} : { keepAliveMs }),
  };
  if ('client' in rest) return { client: rest.client, settings };
  if (wantsProxyClient(rest)) return { client: clientFactory(rest, createProxyClient), settings };
  return { client: clientFactory(rest, createFetchClient), settings };
}
