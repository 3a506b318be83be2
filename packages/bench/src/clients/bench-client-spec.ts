/**
 * Which client a measurement runs, and how.
 *
 * - `floor`: node:http, Buffers split at their last newline byte, the complete lines decoded at once,
 *   split and each `JSON.parse`d,
 *   `Map.set`; nothing else. `pagesAhead`: each next LIST page asked for as soon as the first
 *   chunk of the current one names it, as rxkube does.
 * - `string-floor`: the earlier floor, reading through `setEncoding('utf8')` and string
 *   concatenation; kept for comparison.
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
  readonly kind: 'floor' | 'string-floor' | 'rxkube' | 'client-node';
  readonly subscribers?: number;
  readonly shared?: boolean;
  readonly decoder?: 'ndjson' | 'core';
  readonly transform?: 'drop-managed-fields';
  readonly transport?: 'node-http';
  /** The floor only: asks for each next LIST page at the head of the current one. */
  readonly pagesAhead?: boolean;
}
