import type { KubeClient } from '@rxkube/core';
import { clientForConnection } from './connection/client-for-connection.js';
import { resolveClientConnection } from './connection/resolve-client-connection.js';
import type { CreateClientOptions } from './create-client-options.js';
import { type UndiciTransport, undiciTransport } from './undici-transport.js';

/**
 * Creates a {@link KubeClient} for a real cluster. With no options it connects where `kubectl`
 * would: the current context of the kubeconfig (`KUBECONFIG`'s files merged, else
 * `~/.kube/config`), else, inside a pod, the pod's service account. The client's `namespace`
 * is the context's (default `default`) or the pod's.
 *
 * TLS is verified unless the kubeconfig sets `insecure-skip-tls-verify`, which emits a
 * `SecurityWarning`. Tokens, keys and passwords never appear in errors, and printing the
 * client (`util.inspect`, `JSON.stringify`) shows where it connects and how it authenticates,
 * never the credential. Files named by the config are read now; token files are re-read as
 * they rotate and exec plugins run on the first request and again when their credential
 * expires or the server answers 401.
 *
 * Throws a {@link KubeConfigError} when nothing is configured (`NotFound`) or the
 * configuration is wrong.
 *
 * @example
 * ```ts
 * import { createClient } from '@rxkube/node';
 * import { watch$ } from '@rxkube/core';
 *
 * const client = createClient(); // like kubectl, or in a pod: its service account
 * watch$(client, { version: 'v1', resource: 'pods', namespace: client.namespace ?? 'default' }).subscribe(console.log);
 *
 * createClient({ baseUrl: 'http://127.0.0.1:8001' }); // kubectl proxy
 * createClient({ kubeconfig: '/etc/ci/kubeconfig', context: 'staging' });
 * createClient({ inCluster: true });
 * ```
 */
export function createClient(
  options: CreateClientOptions = {},
): KubeClient & { readonly transport: UndiciTransport } {
  return clientForConnection(resolveClientConnection(options), options, undiciTransport);
}
