import type { Observable } from 'rxjs';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import type { ListResult } from '../../list-result.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { WatchEvent } from '../../watch-event.js';
import type { CachedCollectionOptions } from '../cached-collection-options.js';

type ObjectOptions<T extends KubeObject> = Pick<
  CachedCollectionOptions<T>,
  'labelSelector' | 'fieldSelector' | 'transform' | 'schema'
>;

/** The LIST request the collection makes (a subset of `list$`'s options). */
export interface SourceListOptions<T extends KubeObject> extends ObjectOptions<T> {
  readonly pageSize?: number;
  readonly listSemantic?: 'consistent' | 'any';
  readonly resourceVersion?: ResourceVersion;
  readonly resourceVersionMatch?: 'Exact' | 'NotOlderThan';
  readonly onPage?: CachedCollectionOptions<T>['onPage'];
}

/** The WATCH request the collection makes (a subset of `watch$`'s options). */
export interface SourceWatchOptions<T extends KubeObject> extends ObjectOptions<T> {
  readonly resourceVersion?: ResourceVersion;
  readonly bookmarks?: boolean;
  readonly timeoutSeconds?: number;
  readonly sendInitialEvents?: boolean;
  readonly idleTimeoutMs?: number;
  readonly maxLineBytes?: number;
}

/** Where the collection gets its lists and watches: `list$` and `watch$`, or fakes in tests. */
export interface CollectionSources {
  list<T extends KubeObject>(
    client: KubeClient,
    ref: ResourceRef,
    options: SourceListOptions<T>,
  ): Observable<ListResult<T>>;
  watch<T extends KubeObject>(
    client: KubeClient,
    ref: ResourceRef,
    options: SourceWatchOptions<T>,
  ): Observable<WatchEvent<T>>;
}
