import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import { type ResourceRef, resourcePath } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import { namedObjectPath, objectRequest$, writeRequest } from './internal/object-request.js';
import type { WriteOptions } from './write-options.js';

/**
 * Creates an object (POST to the collection): a cold observable that emits the object as the
 * server stored it (with its `uid`, `resourceVersion` and defaults) once and completes.
 *
 * A taken name errors with `AlreadyExistsError` (reason `'AlreadyExists'`); a refused object with
 * `InvalidError` (reason `'Invalid'`, the Status causes naming the fields). The namespace is the
 * ref's, else the object's. With `subresource` (e.g. `'eviction'`, `'binding'`) it posts to that
 * subresource of the object named in `metadata.name`. Unsubscribing aborts the request.
 *
 * @example
 * ```ts
 * import { create$ } from '@rxkube/core';
 * import type { ConfigMap } from 'kubernetes-types/core/v1.js';
 * const configMaps = { version: 'v1', resource: 'configmaps', namespace: 'x' };
 * const config: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { a: '1' } };
 * create$<ConfigMap>(client, configMaps, config, { fieldManager: 'my-ctl' })
 *   .subscribe((created) => console.log(created.metadata?.resourceVersion));
 * ```
 */
export function create$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  object: T,
  options: WriteOptions = {},
): Observable<T> {
  return objectRequest$<T>(client, () => {
    const namespace = ref.namespace ?? object.metadata?.namespace;
    const path =
      options.subresource === undefined
        ? resourcePath(namespace === undefined ? ref : { ...ref, namespace })
        : namedObjectPath('create$', ref, object, options.subresource);
    return writeRequest({ method: 'POST', path, options, body: object });
  });
}
