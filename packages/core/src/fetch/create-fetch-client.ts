import type { KubeClient } from '../kube-client.js';
import { type FetchTransportOptions, fetchTransport } from './fetch-transport.js';

/**
 * Options of {@link createFetchClient}: those of `fetchTransport`, and the default namespace.
 *
 * @example
 * ```ts
 * import type { FetchClientOptions } from '@rxkube/core';
 * const options: FetchClientOptions = { baseUrl: 'http://127.0.0.1:8001', namespace: 'default' };
 * ```
 */
export interface FetchClientOptions extends FetchTransportOptions {
  /** The namespace to use when a caller asks for "the default namespace". */
  readonly namespace?: string;
}

/**
 * A {@link KubeClient} over `fetch`, for browsers, Deno, Bun and Node (e.g. behind
 * `kubectl proxy`, or with a token in `auth`).
 *
 * @example
 * ```ts
 * import { createFetchClient, list$ } from '@rxkube/core';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * list$(client, { version: 'v1', resource: 'namespaces' }).subscribe(({ items }) => console.log(items.length));
 * ```
 */
export function createFetchClient(options: FetchClientOptions): KubeClient {
  const { namespace, ...transportOptions } = options;
  return {
    transport: fetchTransport(transportOptions),
    ...(namespace === undefined ? {} : { namespace }),
  };
}
