import type { Transport } from './transport.js';

/**
 * What `list$`, `watch$` and `cachedCollection$` need to reach an API server: a transport, and
 * the namespace to use when a caller asks for "the default namespace".
 *
 * Build one with `createClient()` from `@rxkube/node`, or `createFetchClient()` from this package.
 *
 * @example
 * ```ts
 * import { createFetchClient } from '@rxkube/core';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * ```
 */
export interface KubeClient {
  readonly transport: Transport;
  /** The namespace of the current context, when one is known. */
  readonly namespace?: string;
}
