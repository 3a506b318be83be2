import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import { namedObjectPath, objectRequest$, writeRequest } from './internal/object-request.js';
import type { WriteOptions } from './write-options.js';

/**
 * Replaces an object (PUT): a cold observable that emits the object as the server stored it once
 * and completes.
 *
 * `object.metadata.resourceVersion` is the precondition: the server writes only if the object is
 * still at that version, and otherwise answers 409, which errors with `ConflictError` (reason
 * `'Conflict'`): read the object again, reapply the change and retry (`updateWith$` does exactly
 * that). Without a `resourceVersion` the write is unconditional, and may overwrite someone else's
 * change, where the kind allows it: kube-apiserver 1.20 refuses it for Services, Leases,
 * CustomResourceDefinitions and custom resources with 422 (`InvalidError`). The name is `object.metadata.name`; the namespace the ref's, else the object's. With
 * `subresource: 'status'` only `.status` is written. Unsubscribing aborts the request.
 *
 * @example
 * ```ts
 * import { get$, replace$ } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 * import { switchMap } from 'rxjs';
 * const pods = { version: 'v1', resource: 'pods', namespace: 'x' };
 * get$<Pod>(client, pods, 'web-0')
 *   .pipe(switchMap((pod) => replace$<Pod>(client, pods, { ...pod, metadata: { ...pod.metadata, labels: { a: 'b' } } })))
 *   .subscribe((pod) => console.log(pod.metadata?.resourceVersion));
 * ```
 */
export function replace$<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  object: T,
  options: WriteOptions = {},
): Observable<T> {
  return objectRequest$<T>(client, () =>
    writeRequest({
      method: 'PUT',
      path: namedObjectPath('replace$', ref, object, options.subresource),
      options,
      body: object,
    }),
  );
}
