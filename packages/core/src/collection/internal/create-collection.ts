import { filter, map, type Observable, scan } from 'rxjs';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { CachedCollectionOptions } from '../cached-collection-options.js';
import type { CollectionUpdate } from '../collection-update.js';
import { batchSynchronous } from './batch-synchronous.js';
import type { CollectionSources } from './collection-sources.js';
import { listWatchLoop$ } from './loop/list-watch-loop.js';
import type { LoopEnv } from './loop/loop-env.js';
import { initialModel } from './reflector-model.js';
import { step } from './step.js';

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
  return listWatchLoop$<T>(client, ref, options, sources, env).pipe(
    batchSynchronous(env.batchScheduler),
    scan(step<T>, initialModel<T>()),
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
  );
}
