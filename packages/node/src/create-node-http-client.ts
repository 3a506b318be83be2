import type { KubeClient } from '@rxkube/core';
import { clientForConnection } from './connection/client-for-connection.js';
import { resolveClientConnection } from './connection/resolve-client-connection.js';
import type { CreateClientOptions } from './create-client-options.js';
import { nodeHttpTransport } from './node-http-transport.js';
import type { UndiciTransport } from './undici-transport.js';

/**
 * {@link createClient} on Node's own HTTP client ({@link nodeHttpTransport}) instead of undici:
 * the same kubeconfig, in-cluster and credential handling, HTTP/1.1 only (`transport.allowH2` is
 * not available). It starts in a fraction of the time, for short-lived processes such as command
 * lines, and spends less CPU on a process's first sync; long-running watchers and HTTP/2 get more
 * from `createClient`'s undici transport.
 *
 * @example
 * ```ts
 * import { createNodeHttpClient } from '@rxkube/node';
 * const client = createNodeHttpClient({ context: 'staging' });
 * const response = await client.transport.request({ path: '/version' });
 * console.log(await response.text());
 * await client.transport.close();
 * ```
 */
export function createNodeHttpClient(
  options: CreateClientOptions & { readonly transport?: { readonly allowH2?: false } } = {},
): KubeClient & { readonly transport: UndiciTransport } {
  return clientForConnection(resolveClientConnection(options), options, nodeHttpTransport);
}
