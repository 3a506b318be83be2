import { filter, type Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { PartialObjectMetadata } from '../partial-object-metadata.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Served } from '../served.js';
import type { CachedCollectionOptions } from './cached-collection-options.js';
import type { CollectionState } from './collection-state.js';
import { collectionUpdates$ } from './collection-updates.js';
import { isSynced } from './is-synced.js';

/**
 * A live, trustworthy view of a collection: LIST, then WATCH from the list's version, every event
 * applied to a cache that each emission shows as an immutable snapshot plus the deltas since the
 * previous emission.
 *
 * - The first emission comes after the complete initial list (all pages, or the initial-events-end
 *   bookmark of a streaming list): nobody ever sees half a list.
 * - A dropped or ended watch resumes from the last processed version (bookmarks count) without a
 *   LIST; transient failures (network, 5xx, 429, stalls, undecodable lines) wait with exponential
 *   backoff and full jitter first. Health shows it (`state.health`). A quiet collection stays
 *   `live`: each watch's server-side timeout is derived from `idleTimeoutMs`.
 * - 410 Gone, or three failures in a row that make no progress past one version, relist after a
 *   jittered delay (0.8–1.6 s at first) — first cheaply NotOlderThan the newest version shown,
 *   then with a consistent read, never with `"0"` — and the new list is diffed against the cache,
 *   so only real changes become deltas and nothing goes back in time.
 * - A misspelled resource fails at once: when the first 404 comes for a resource that discovery
 *   says its served group version lacks (`podz` in `v1`), the stream errors with
 *   `UnknownResourceError`, whose message suggests the closest served one (`pods`).
 *   `waitForResource: true` waits for it instead (a CRD added to a group that has others).
 * - Other 404s and 403s are retried with backoff (a CRD or a permission may come later). Other
 *   permanent errors (400, 401, 422, invalid objects) error the stream with their typed error,
 *   after a state with `health.status === 'failed'`, unless `retryPermanentErrors` is set.
 * - Cold and lazy: each subscription runs its own list and watch (use `shareCollection()` to
 *   share one); unsubscribing aborts the request in flight.
 *
 * Events that arrive together (one network chunk) are applied as one batch and emitted once.
 * With `metadataOnly: true` the items are `PartialObjectMetadata`.
 *
 * Objects are handed out as the server sent them, typed `Served<T, S>`: `apiVersion`, `kind` and
 * `metadata.name`, `resourceVersion` and `uid` are always there (and `namespace` for a namespaced
 * ref). A typed ref (`@rxkube/core/kinds`, `inNamespace`) gives `T` and `S` without a type
 * argument.
 *
 * @example
 * ```ts
 * import { cachedCollection$, inNamespace } from '@rxkube/core';
 * import { pods } from '@rxkube/core/kinds';
 * import { createClient } from '@rxkube/node';
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8001' });
 * cachedCollection$(client, inNamespace(pods, 'x'), { pageSize: 500 }).subscribe({
 *   next: (state) => {
 *     for (const delta of state.deltas) console.log(delta.type, delta.key);
 *     console.log(`${state.items.size} pods at ${state.resourceVersion}, ${state.health.status}`);
 *   },
 *   error: (error: unknown) => console.error(`${error}`), // e.g. an UnknownResourceError
 * });
 * ```
 */
export function cachedCollection$<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  options: CachedCollectionOptions<PartialObjectMetadata> & { readonly metadataOnly: true },
): Observable<CollectionState<Served<PartialObjectMetadata, S>>>;
export function cachedCollection$<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  options?: CachedCollectionOptions<T>,
): Observable<CollectionState<Served<T, S>>>;
export function cachedCollection$(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions | CachedCollectionOptions<PartialObjectMetadata> = {},
): Observable<CollectionState<Served<KubeObject>>> {
  // The overloads above are the contract; with `metadataOnly` the objects are handed out as the
  // server sent them (PartialObjectMetadata), which the options' `transform` and `schema` see.
  return collectionUpdates$(client, ref, options as CachedCollectionOptions).pipe(filter(isSynced));
}
