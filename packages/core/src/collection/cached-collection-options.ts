import type { KubeObject } from '../kube-object.js';
import type { ListPageProgress } from '../list.js';
import type { ObjectSchema } from '../object-schema.js';
import type { BackoffPolicy } from '../recovery/backoff-policy.js';

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
   * `'list'` paginated LIST then WATCH, on every server; `'stream'` a streaming list
   * (`sendInitialEvents`) whose initial events end with a bookmark, which needs the WatchList gate
   * on (Kubernetes 1.32 and 1.34+ by default; 1.27–1.31 and 1.33 answer 422, a permanent
   * failure); `'auto'` streaming, falling back to LIST for the rest of the collection's life when
   * the server rejects it (400/422), never ends its initial events, ends the stream before them,
   * or cannot finish them: a consistent streaming list answered with 504 `ResourceVersionTooLarge`
   * (the watch cache did not reach etcd's version within 3 s: etcd before 3.4.31 / 3.5.13, kine,
   * a stuck cache) and an initial-events-end bookmark without a version. With `'stream'` that
   * 504 is retried with backoff and shown in `health` (`reconnecting`, the
   * `ResourceVersionTooLargeError`): use `'auto'` or `'list'` against such a cluster. See
   * docs/concepts.md for what each mode sends on each version. Default `'list'`.
   */
  readonly initialList?: 'list' | 'stream' | 'auto';
  /**
   * `'consistent'` (version unset: a consistent read) or `'any'` (`"0"`: served from the watch
   * cache, cheaper, possibly stale). `'any'` applies to the very first list only: once anything
   * was shown, every relist is NotOlderThan the newest version shown or a consistent read, so the
   * collection never goes back in time. Default `'consistent'`.
   */
  readonly listSemantic?: 'consistent' | 'any';
  /** Ask for bookmarks (`allowWatchBookmarks`). Default true. */
  readonly bookmarks?: boolean;
  /**
   * A stalled watch (no byte) is detected and reconnected within this long plus
   * `collectionDefaults.idleMarginMs` (5 s). Watches ask the server for a timeout no longer than
   * this, so a quiet, healthy watch is ended by the server (and resumed at once), never cut as
   * stalled. Default 300 000 ms.
   */
  readonly idleTimeoutMs?: number;
  /** Reconnect backoff: exponential with full jitter. Default 800 ms → 30 s, ×2, reset after 2 min. */
  readonly backoff?: Partial<BackoffPolicy>;
  /** Server-side label selector, e.g. `app=web,tier!=db`. */
  readonly labelSelector?: string;
  /** Server-side field selector, e.g. `spec.nodeName=node-1`. */
  readonly fieldSelector?: string;
  /** Runs on every object before it is cached, e.g. to drop `metadata.managedFields`. */
  readonly transform?: (object: T) => T;
  /** Validates (and types) every object; an invalid one errors with `InvalidObjectError`. */
  readonly schema?: ObjectSchema<T>;
  /**
   * Keep retrying every permanent error (400, 401, 422, …) with backoff instead of failing.
   * Default false.
   */
  readonly retryPermanentErrors?: boolean;
  /**
   * Retry 404 (the resource type does not exist yet: a CRD installed after the controller starts)
   * and 403 (access not granted yet) with backoff, showing `reconnecting` health with the error,
   * as client-go and kube-rs do. `false`: fail at once. Default true. A 404 of a resource that
   * its group version does not serve (a typo) fails at once unless `waitForResource` is set.
   */
  readonly retryNotFoundOrForbidden?: boolean;
  /**
   * What a 404 of the first LIST or WATCH means when discovery says the ref's group version is
   * served but has no resource of that name (`{ version: 'v1', resource: 'podz' }`):
   * - `false` (default): a typo. The collection fails at once (within a discovery request) with
   *   `UnknownResourceError`, whose message suggests the closest served resource (`pods`).
   * - `true`: a resource that will be installed later (a CRD added to a group that already has
   *   others). The 404 is retried with backoff, showing `reconnecting` health with the error,
   *   until the resource is served.
   *
   * A group version that is not served at all (the first CRD of its group, not installed yet) is
   * always waited for, the same way. Default false.
   */
  readonly waitForResource?: boolean;
  /**
   * Server-side watch timeout range in seconds, chosen at random per watch; capped at
   * `idleTimeoutMs` and at 290 s. Default: derived from `idleTimeoutMs` ([145, 291) for 5 min).
   */
  readonly watchTimeoutSeconds?: { readonly min: number; readonly max: number };
  /**
   * Delay before a relist after 410 Gone: a random time in [d, 2d), d growing with each 410 that
   * follows within `resetAfterMs`. Default d = 800 ms → 30 s, ×2, reset after 2 min (client-go's).
   */
  readonly relistBackoff?: Partial<BackoffPolicy>;
  /**
   * Consecutive watch failures that make no progress past one version (an empty watch, a damaged
   * line, a 504, an ERROR that is no Status, …) before the collection relists instead of resuming.
   * Network errors and 429 do not count. Default 3.
   */
  readonly resumeFailuresBeforeRelist?: number;
  /**
   * How long a streaming list may go without its initial-events-end bookmark: then `'auto'`
   * falls back to LIST and `'stream'` fails with `StreamingListIncompleteError` (a server or proxy
   * that ignores `sendInitialEvents`). A stream the server ends cleanly before the bookmark is
   * asked again by `'stream'`. Default 60 000 ms.
   */
  readonly initialEventsTimeoutMs?: number;
  /** Deadline of one LIST page; a stuck page is retried with backoff. Default 60 000 ms. */
  readonly listPageTimeoutMs?: number;
  /** Longest accepted watch line in bytes. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /**
   * Cache `PartialObjectMetadata` only (`apiVersion`, `kind`, `metadata`), as client-go's
   * metadata informers do: lists and watches ask for it through the `Accept` header, so neither
   * the bytes nor the memory of `spec` and `status` are paid for. A server that cannot serve the
   * partial form sends whole objects, of which only the metadata is kept. Default false.
   */
  readonly metadataOnly?: boolean;
  /**
   * Largest accepted LIST page body in bytes, after decompression; a larger one fails the list
   * with `DecodeError` kind `'oversized'` (retried with backoff). A relist that asked for the
   * whole collection in one body (NotOlderThan, unpaginated) asks again at once in pages of
   * `pageSize`, and so does every later relist of the collection. Default
   * `ioDefaults.maxListBodyBytes` (256 MiB).
   */
  readonly maxListBodyBytes?: number;
  /** Called after each LIST page, e.g. to show progress of a large initial list. */
  readonly onPage?: (progress: ListPageProgress) => void;
}
