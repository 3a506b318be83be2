import {
  type CachedCollectionOptions,
  CollectionRegistry,
  type CollectionRegistryOptions,
} from '@rxkube/core';
import { createElement, type ReactElement, useMemo } from 'react';
import { RxKubeContext } from './internal/rx-kube-context.js';
import type { RxKubeProviderProps } from './rx-kube-provider-props.js';

/** Any ref: `settingsKey` reads only how the registry would key the options. */
const ANY_REF = { version: 'v1', resource: 'any' } as const;

/**
 * Provides rxkube to the components below it: the client, and the {@link CollectionRegistry}
 * that shares live collections among them (`useCollection`, `useObject`), as TanStack Query's
 * `QueryClientProvider` does for queries.
 *
 * Give it a `client` made once, outside render (module level, or `useState(() => …)`): from
 * `createFetchClient({ baseUrl })` for a browser behind `kubectl proxy` or any same-origin proxy,
 * or from `createProxyClient({ baseUrl, mux: 'auto' })` behind `rxkube proxy`, which carries every
 * collection over one WebSocket (a browser watches at most six collections per origin over plain
 * HTTP/1.1). The provider makes one registry per client and settings; settings compare by content
 * (as collection options do), so an inline `collectionOptions={{ … }}` is fine. A new `client`
 * starts every collection over.
 *
 * @example
 * ```ts
 * import { createProxyClient } from '@rxkube/core/proxy';
 * import { RxKubeProvider, useCollection } from '@rxkube/react';
 * import { createElement as h } from 'react';
 *
 * // Behind `rxkube proxy --www`: every collection of the page over one WebSocket.
 * const client = createProxyClient({ baseUrl: 'http://127.0.0.1:8001', mux: 'auto' });
 *
 * function Pods() {
 *   const pods = useCollection({ version: 'v1', resource: 'pods' });
 *   return h('p', null, `${pods.items.size} pods, ${pods.health.status}`);
 * }
 *
 * export const App = () => h(RxKubeProvider, { client, keepAliveMs: 5_000 }, h(Pods));
 * ```
 */
export function RxKubeProvider(props: RxKubeProviderProps): ReactElement {
  const registry = useProvidedRegistry(props);
  return createElement(RxKubeContext.Provider, { value: registry }, props.children);
}

function useProvidedRegistry(props: RxKubeProviderProps): CollectionRegistry {
  const { registry, client } = props;
  const keepAliveMs = client === undefined ? undefined : props.keepAliveMs;
  const collectionOptions = client === undefined ? undefined : props.collectionOptions;
  // A registry without settings, made once per client, only to key the options.
  const keying = useMemo(
    () => (client === undefined ? undefined : new CollectionRegistry(client)),
    [client],
  );
  const optionsKey = keying === undefined ? '' : settingsKey(keying, collectionOptions);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `optionsKey` stands for `collectionOptions` by content.
  return useMemo(() => {
    if (registry !== undefined) return registry;
    if (client === undefined) {
      throw new Error('<RxKubeProvider> needs a `client` (or a `registry`).');
    }
    const settings: CollectionRegistryOptions = {
      ...(collectionOptions === undefined ? {} : { collectionOptions }),
      ...(keepAliveMs === undefined ? {} : { keepAliveMs }),
    };
    return new CollectionRegistry(client, settings);
  }, [registry, client, keepAliveMs, optionsKey]);
}

/** The options as the registry keys them: equal for equal content, functions by identity. */
function settingsKey(
  keying: CollectionRegistry,
  options: CachedCollectionOptions | undefined,
): string {
  return options === undefined ? '' : keying.keyOf(ANY_REF, options);
}
