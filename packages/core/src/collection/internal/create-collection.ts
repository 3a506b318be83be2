import { defer, filter, map, type Observable, startWith } from 'rxjs';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { CachedCollectionOptions } from '../cached-collection-options.js';
import type { CollectionUpdate } from '../collection-update.js';
import type { Delta } from '../delta.js';
import { batchSynchronous } from './batch-synchronous.js';
import { type CollectionModel, initialModel } from './collection-model.js';
import type { CollectionSources } from './collection-sources.js';
import { listWatchLoop$ } from './loop/list-watch-loop.js';
import type { LoopEnv } from './loop/loop-env.js';
import { reduceCollection } from './reduce-collection.js';

const NO_DELTAS: readonly Delta<KubeObject>[] = [];
const FIRST = initialModel<KubeObject>();
const LISTING_UPDATE: CollectionUpdate<never> = {
  synced: false,
  health: FIRST.health,
  stats: FIRST.stats,
};

/**
 * Everything `collectionUpdates$` is made of, with its sources and clocks injectable: the
 * list/watch loop (`loop/`) feeds the cache reducer (`step`), whose models become updates.
 */
export function createCollection$<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions<T>,
  sources: CollectionSources,
  env: LoopEnv & { readonly batchScheduler?: LoopEnv['scheduler'] },
): Observable<CollectionUpdate<T>> {
  return defer(() => {
    // The reducer's state between batches, kept without its last deltas: they go out with the
    // update and are the subscribers' to keep or drop (a first list's are one per object).
    let model: CollectionModel<T> = initialModel<T>();
    return listWatchLoop$<T>(client, ref, options, sources, env).pipe(
      batchSynchronous(env.batchScheduler),
      map((batch) => {
        const next = reduceCollection(model, batch);
        model =
          next.deltas.length === 0 ? next : { ...next, deltas: NO_DELTAS as readonly Delta<T>[] };
        return next;
      }),
    );
  }).pipe(
    filter((model) => model.changed),
    map(
      (model): CollectionUpdate<T> =>
        model.synced
          ? {
              synced: true,
              items: model.items,
              deltas: model.deltas,
              resourceVersion: model.resourceVersion as ResourceVersion,
              health: model.health,
              stats: model.stats,
            }
          : { synced: false, health: model.health, stats: model.stats },
    ),
    // `listing` at once, before the first request: a view can say what it is waiting for.
    startWith<CollectionUpdate<T>>(LISTING_UPDATE),
  );
}
