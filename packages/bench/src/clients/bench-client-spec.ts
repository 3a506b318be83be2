/**
 * Which client a measurement runs, and how.
 *
 * - `floor`: node:http, split on newlines, `JSON.parse`, `Map.set`; nothing else.
 * - `rxkube`: `cachedCollection$` over `createClient` (undici, watch lines through the core
 *   decoder, the default); `decoder: 'ndjson'` decodes them with the `ndjson` package instead;
 *   `transform: 'drop-managed-fields'` drops `metadata.managedFields` before caching;
 *   `shared`: one `cachedCollection$` behind `shareCollection()` for every subscriber.
 * - `client-node`: @kubernetes/client-node 1.4.0's informer (`makeInformer`), one per subscriber.
 *
 * @example
 * ```ts
 * const spec: BenchClientSpec = { kind: 'rxkube', subscribers: 10, shared: true };
 * ```
 */
export interface BenchClientSpec {
  readonly kind: 'floor' | 'rxkube' | 'client-node';
  readonly subscribers?: number;
  readonly shared?: boolean;
  readonly decoder?: 'ndjson' | 'core';
  readonly transform?: 'drop-managed-fields';
}
