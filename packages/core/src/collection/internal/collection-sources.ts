import type { Observable } from 'rxjs';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import type { ListOptions } from '../../list.js';
import type { ListResult } from '../../list-result.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { WatchOptions } from '../../watch.js';
import type { watchBatches$ } from '../../watch-batches.js';
import type { WatchEvent } from '../../watch-event.js';

/**
 * Where the collection gets its lists and watches: `list$` and `watch$`, or fakes in tests.
 * `watchBatches`, when given, is used instead of `watch`: the events of a chunk as one array.
 * Typed by the collection's item type alone (what `list$` and `watch$` hand out fits it).
 */
export interface CollectionSources {
  readonly list: <T extends KubeObject = KubeObject>(
    client: KubeClient,
    ref: ResourceRef<NoInfer<T>>,
    options?: ListOptions<T>,
  ) => Observable<ListResult<T>>;
  readonly watch: <T extends KubeObject = KubeObject>(
    client: KubeClient,
    ref: ResourceRef<NoInfer<T>>,
    options?: WatchOptions<T>,
  ) => Observable<WatchEvent<T>>;
  readonly watchBatches?: typeof watchBatches$;
}
