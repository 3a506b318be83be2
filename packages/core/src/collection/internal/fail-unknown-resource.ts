import { catchError, Observable, type OperatorFunction, tap, throwError } from 'rxjs';
import { closestResource } from '../../discovery/internal/closest-resource.js';
import { groupVersionResources } from '../../discovery/internal/group-version-resources.js';
import { isKubeError } from '../../errors/kube-error.js';
import { UnknownResourceError } from '../../errors/unknown-resource-error.js';
import { groupVersion } from '../../internal/group-version.js';
import type { KubeClient } from '../../kube-client.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { CollectionSources } from './collection-sources.js';

const HTTP_NOT_FOUND = 404;

/**
 * The sources of one collection, with a 404 explained by discovery until the resource has shown
 * itself: when a LIST or WATCH of `ref` answers 404 and discovery says `ref`'s group version is
 * served but has no resource of that name (a typo: `podz`), the request fails with
 * `UnknownResourceError` (not retried: the collection fails at once) instead of its 404 (retried
 * forever). A group version that is not served at all (a CRD not installed yet) keeps its 404,
 * and no later 404 is looked into: the collection waits for the resource, as before. Once a list
 * or watch has delivered anything, the resource exists and nothing is looked into either. When
 * discovery itself fails, the 404 stands and the next one is looked into again.
 */
export function failUnknownResource(
  sources: CollectionSources,
  client: KubeClient,
  ref: ResourceRef,
): CollectionSources {
  /** Whether a 404 may still be a typo: nothing delivered, and the group version was served. */
  let looking = true;
  const explained =
    <V>(): OperatorFunction<V, V> =>
    (source) =>
      source.pipe(
        tap(() => {
          looking = false;
        }),
        catchError((error: unknown) =>
          looking && isKubeError(error) && error.code === HTTP_NOT_FOUND
            ? explain(error)
            : throwError(() => error),
        ),
      );
  /** The 404 again, or an `UnknownResourceError` for it when discovery says so. */
  const explain = (notFound: unknown) =>
    new Observable<never>((subscriber) => {
      const abort = new AbortController();
      groupVersionResources(client, ref, abort.signal).then(
        (served) => {
          if (served === undefined) looking = false;
          if (served === undefined || served.some((r) => r.name === ref.resource)) {
            subscriber.error(notFound);
            return;
          }
          subscriber.error(
            new UnknownResourceError({
              resource: ref.resource,
              groupVersion: groupVersion(ref),
              suggestion: closestResource(served, ref.resource),
              cause: notFound,
            }),
          );
        },
        () => subscriber.error(notFound),
      );
      return () => abort.abort();
    });
  const { list, watch, watchBatches } = sources;
  return {
    list: (c, r, o) => list(c, r, o).pipe(explained()),
    watch: (c, r, o) => watch(c, r, o).pipe(explained()),
    ...(watchBatches === undefined
      ? {}
      : { watchBatches: (c, r, o) => watchBatches(c, r, o).pipe(explained()) }),
  };
}
