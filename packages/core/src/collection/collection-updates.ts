import { defer, type Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import { list$ } from '../list.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Served } from '../served.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { watch$ } from '../watch.js';
import { watchBatches$ } from '../watch-batches.js';
import type { CachedCollectionOptions } from './cached-collection-options.js';
import { collectionDefaults } from './collection-defaults.js';
import type { CollectionUpdate } from './collection-update.js';
import type { CollectionSources } from './internal/collection-sources.js';
import { createCollection$ } from './internal/create-collection.js';
import { failUnknownResource } from './internal/fail-unknown-resource.js';
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
export function collectionUpdates$<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  options: CachedCollectionOptions<T> = {},
): Observable<CollectionUpdate<Served<T, S>>> {
  const sources: CollectionSources = { list: list$, watch: watch$, watchBatches: watchBatches$ };
  const waitForResource = options.waitForResource ?? collectionDefaults.waitForResource;
  // What the server hands out: objects of a list or a watch (`Served`), kept as they came.
  return instrumented(
    defer(() =>
      createCollection$<Served<T, S>>(
        client,
        ref,
        options as CachedCollectionOptions<Served<T, S>>,
        waitForResource ? sources : failUnknownResource(sources, client, ref),
        { scheduler: monotonicScheduler, random: Math.random },
      ),
    ),
    ref,
  );
}
