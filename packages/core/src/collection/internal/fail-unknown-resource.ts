import { Observable } from 'rxjs';
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
 *
 * By hand rather than with `tap` and `catchError`: the state spans the collection's requests, the
 * discovery request is aborted with the subscription, and a page that keeps one live collection
 * pays for no operator it does not use otherwise.
 */
export function failUnknownResource(
  sources: CollectionSources,
  client: KubeClient,
  ref: ResourceRef,
): CollectionSources {
  /** Whether a 404 may still be a typo: nothing delivered, and the group version was served. */
  let looking = true;
  /** The 404 as it is, or an `UnknownResourceError` for it when discovery says so. */
  const explain = async (notFound: unknown, signal: AbortSignal): Promise<unknown> => {
    try {
      const served = await groupVersionResources(client, ref, signal);
      if (served === undefined) looking = false;
      if (served === undefined || served.some((r) => r.name === ref.resource)) return notFound;
      return new UnknownResourceError({
        resource: ref.resource,
        groupVersion: groupVersion(ref),
        suggestion: closestResource(served, ref.resource),
        cause: notFound,
      });
    } catch {
      return notFound;
    }
  };
  // Requests made once nothing is looked into any more go out as they are: a collection's
  // watches of a lifetime pay for no extra subscriber on each chunk.
  const explained = <V>(source: Observable<V>): Observable<V> =>
    !looking
      ? source
      : new Observable<V>((subscriber) => {
          const abort = new AbortController();
          const subscription = source.subscribe({
            next: (value) => {
              looking = false;
              subscriber.next(value);
            },
            error: (error: unknown) => {
              if (!looking || !isKubeError(error) || error.code !== HTTP_NOT_FOUND) {
                subscriber.error(error);
                return;
              }
              void explain(error, abort.signal).then((final) => subscriber.error(final));
            },
            complete: () => subscriber.complete(),
          });
          return () => {
            abort.abort();
            subscription.unsubscribe();
          };
        });
  const { list, watch, watchBatches } = sources;
  return {
    list: (c, r, o) => explained(list(c, r, o)),
    watch: (c, r, o) => explained(watch(c, r, o)),
    ...(watchBatches === undefined
      ? {}
      : { watchBatches: (c, r, o) => explained(watchBatches(c, r, o)) }),
  };
}
