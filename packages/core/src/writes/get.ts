import type { Observable } from 'rxjs';
import { asPartialObjectMetadata, metadataOnlyAccept } from '../internal/metadata-only.js';
import { objectDecoder } from '../internal/object-decoder.js';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ObjectSchema } from '../object-schema.js';
import type { PartialObjectMetadata } from '../partial-object-metadata.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Served } from '../served.js';
import { objectPath, objectRequest$, requireName } from './internal/object-request.js';

/**
 * Options of {@link get$}.
 *
 * @example
 * ```ts
 * import type { GetOptions } from '@rxkube/core';
 * const options: GetOptions = { subresource: 'status' };
 * ```
 */
export interface GetOptions<T extends KubeObject = KubeObject> {
  /** Read a subresource, e.g. `'status'` or `'scale'`. Default: the object itself. */
  readonly subresource?: 'status' | 'scale' | (string & {});
  /**
   * Ask for `PartialObjectMetadata` only (`Accept: application/json;as=PartialObjectMetadata;
   * g=meta.k8s.io;v=v1,application/json`). A server that cannot serve it sends the whole object,
   * of which only the metadata is kept. Default false.
   */
  readonly metadataOnly?: boolean;
  /** Validates (and types) the object; a failure errors with `InvalidObjectError`. */
  readonly schema?: ObjectSchema<T>;
  /** Runs on the object (after `schema`), e.g. to drop `metadata.managedFields`. */
  readonly transform?: (object: T) => T;
}

/**
 * Reads one object by name: a cold observable that emits the server's object once and completes.
 * A missing object errors with `NotFoundError` (reason `'NotFound'`); every other failure is a
 * typed `KubeError`. Unsubscribing aborts the request.
 *
 * The object's `metadata.resourceVersion` is the concurrency token of a later `replace$`.
 *
 * @example
 * ```ts
 * import { createFetchClient, get$ } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * get$<Pod>(client, { version: 'v1', resource: 'pods', namespace: 'x' }, 'web-0')
 *   .subscribe((pod) => console.log(pod.status?.phase));
 * ```
 */
export function get$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  options: GetOptions<PartialObjectMetadata> & { readonly metadataOnly: true },
): Observable<Served<PartialObjectMetadata, S>>;
export function get$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  options?: GetOptions<T>,
): Observable<Served<T, S>>;
export function get$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  options: GetOptions<T> = {},
): Observable<Served<T, S>> {
  const decode = objectDecoder(options.schema, options.transform);
  const metadataOnly = options.metadataOnly === true;
  return objectRequest$<Served<T, S>>(
    client,
    () => ({
      method: 'GET',
      path: objectPath(ref, requireName('get$', name), undefined, options.subresource),
      headers: { accept: metadataOnly ? metadataOnlyAccept.object : 'application/json' },
    }),
    (json) => {
      const object = metadataOnly ? asPartialObjectMetadata(json) : json;
      return (decode === undefined ? object : decode(object)) as Served<T, S>;
    },
  );
}
