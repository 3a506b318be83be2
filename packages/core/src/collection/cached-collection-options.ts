import type { KubeObject } from '../kube-object.js';
import type { ListPageProgress } from '../list.js';
import type { ObjectSchema } from '../object-schema.js';
import type { RetryWithBackoffConfig } from '../operators/retry-with-backoff.js';

/**
 * Options of `cachedCollection$`. Every field is optional; defaults are in `collectionDefaults`.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * cachedCollection$(client, { version: 'v1', resource: 'pods', namespace: 'x' }, {
 *   labelSelector: 'app=web',
 *   initialList: 'auto',
 *   transform: (pod) => ({ ...pod, metadata: { ...pod.metadata, managedFields: undefined } }),
 * });
 * ```
 */
export interface CachedCollectionOptions<T extends KubeObject = KubeObject> {
  /** LIST page size (`limit`). Default 500. */
  readonly pageSize?: number;
  /**
   * How the initial list (and every relist) is fetched:
   * `'list'` paginated LIST then WATCH; `'stream'` a streaming list (`sendInitialEvents`) whose
   * initial events end with a bookmark; `'auto'` streaming, falling back to LIST when the server
   * rejects it (400/422). Default `'list'`.
   */
  readonly initialList?: 'list' | 'stream' | 'auto';
  /**
   * `'consistent'` (version unset: a consistent read) or `'any'` (`"0"`: served from the watch
   * cache, cheaper, possibly stale). Default `'consistent'`.
   */
  readonly listSemantic?: 'consistent' | 'any';
  /** Ask for bookmarks (`allowWatchBookmarks`). Default true. */
  readonly bookmarks?: boolean;
  /** A watch that delivers no byte for this long is reconnected. Default 300 000 ms. */
  readonly idleTimeoutMs?: number;
  /** Reconnect backoff: exponential with full jitter. Default 800 ms → 30 s, ×2, reset after 2 min. */
  readonly backoff?: Pick<
    RetryWithBackoffConfig,
    'initialMs' | 'maxMs' | 'factor' | 'resetAfterMs'
  >;
  /** Server-side label selector, e.g. `app=web,tier!=db`. */
  readonly labelSelector?: string;
  /** Server-side field selector, e.g. `spec.nodeName=node-1`. */
  readonly fieldSelector?: string;
  /** Runs on every object before it is cached, e.g. to drop `metadata.managedFields`. */
  readonly transform?: (object: T) => T;
  /** Validates (and types) every object; an invalid one errors with `InvalidObjectError`. */
  readonly schema?: ObjectSchema<T>;
  /**
   * Keep retrying permanent errors (401, 403, 404, …) with backoff instead of failing. Useful for a
   * dashboard that should recover once permissions are granted. Default false.
   */
  readonly retryPermanentErrors?: boolean;
  /** Server-side watch timeout range in seconds, chosen at random per watch. Default [300, 600). */
  readonly watchTimeoutSeconds?: { readonly min: number; readonly max: number };
  /** Longest accepted watch line in bytes. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /**
   * Largest accepted LIST page body in bytes, after decompression; a larger one fails the list
   * with `DecodeError` kind `'oversized'` (retried with backoff). Default
   * `ioDefaults.maxListBodyBytes` (256 MiB).
   */
  readonly maxListBodyBytes?: number;
  /** Called after each LIST page, e.g. to show progress of a large initial list. */
  readonly onPage?: (progress: ListPageProgress) => void;
}
