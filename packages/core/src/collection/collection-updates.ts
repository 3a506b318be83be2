import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import { list$ } from '../list.js';
import type { ResourceRef } from '../resource-ref.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { watch$ } from '../watch.js';
import { watchBatches$ } from '../watch-batches.js';
import type { CachedCollectionOptions } from './cached-collection-options.js';
import type { CollectionUpdate } from './collection-update.js';
import { createCollection$ } from './internal/create-collection.js';
import { instrumented } from './internal/instrumented.js';

/**
 * The live collection with its health from the very start: like `cachedCollection$`, but health
 * before the first complete list is emitted too (`synced: false`): `listing` at once on
 * subscribing, before any request, then every change, e.g. to show that the initial list is being
 * retried while the server refuses.
 *
 * @example
 * ```ts
 * import { collectionUpdates$ } from '@rxkube/core';
 * collectionUpdates$(client, { version: 'v1', resource: 'pods' }).subscribe((update) =>
 *   console.log(update.synced ? `${update.items.size} pods` : `waiting: ${update.health.status}`));
 * ```
 */
export function collectionUpdates$<T extends KubeObject = KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions<T> = {},
): Observable<CollectionUpdate<T>> {
  return instrumented(
    createCollection$<T>(
      client,
      ref,
      options,
      { list: list$, watch: watch$, watchBatches: watchBatches$ },
      { scheduler: monotonicScheduler, random: Math.random },
    ),
    ref,
  );
}
