import { defer, finalize, type Observable, tap } from 'rxjs';
import type { KubeObject } from '../../kube-object.js';
import { collectionMetrics } from '../../metrics/collection-metrics.js';
import type { ResourceRef } from '../../resource-ref.js';
import { monotonicScheduler } from '../../time/monotonic-scheduler.js';
import type { CollectionUpdate } from '../collection-update.js';

/**
 * The updates of a collection, each also shown to its metrics (`rxkube_collection_*`, recorded
 * through `@opentelemetry/api` when the application registered a MeterProvider), labelled with
 * the resource (`group/version/resource`) and the namespace (empty for all).
 */
export function instrumented<T extends KubeObject>(
  updates$: Observable<CollectionUpdate<T>>,
  ref: ResourceRef,
): Observable<CollectionUpdate<T>> {
  return defer(() => {
    const metrics = collectionMetrics(
      {
        resource: [ref.group, ref.version, ref.resource].filter((part) => part).join('/'),
        namespace: ref.namespace ?? '',
      },
      () => monotonicScheduler.now(),
    );
    return updates$.pipe(
      tap((update) => metrics.observe(update)),
      finalize(() => metrics.close()),
    );
  });
}
