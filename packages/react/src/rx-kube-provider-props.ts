import type { CollectionRegistry, CollectionRegistryOptions, KubeClient } from '@rxkube/core';
import type { ReactNode } from 'react';

/**
 * What `<RxKubeProvider>` takes: a `client` (from `createFetchClient` or `createProxyClient` of
 * `@rxkube/core`, or `@rxkube/node`'s `createClient` on a server) with the settings of the
 * registry it makes (`collectionOptions`, defaults for every collection; `keepAliveMs`, how long a
 * collection outlives its last component), or a `registry` of your own, shared with code outside
 * React.
 *
 * @example
 * ```ts
 * import { createFetchClient } from '@rxkube/core';
 * import type { RxKubeProviderProps } from '@rxkube/react';
 *
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * const props: RxKubeProviderProps = { client, keepAliveMs: 5_000, collectionOptions: { initialList: 'auto' } };
 * ```
 */
export type RxKubeProviderProps = (
  | (CollectionRegistryOptions & {
      /** The client every collection below uses. Make it once (module level), not in render. */
      readonly client: KubeClient;
      readonly registry?: never;
    })
  | {
      /** A registry of your own: its client and settings apply, and its collections are shared. */
      readonly registry: CollectionRegistry;
      readonly client?: never;
    }
) & {
  /** The components that use the collections. */
  readonly children?: ReactNode;
};
