import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { ApplyOptions } from './apply-options.js';
import { namedObjectPath, objectRequest$, writeRequest } from './internal/object-request.js';

/** The content type of a server-side apply; JSON is YAML, so the body is sent as JSON. */
const APPLY_PATCH = 'application/apply-patch+yaml';

/**
 * Server-side apply: sends the fields this manager wants set (`desired`, with `apiVersion`, `kind`
 * and `metadata.name`), and the server merges them into the object, creating it if needed. A
 * cold observable that emits the resulting object once and completes.
 *
 * The server records the fields as owned by `fieldManager` (`metadata.managedFields`); fields
 * this manager set before and leaves out now are removed. Fields another manager owns with a
 * different value make the apply fail with `ConflictError` (reason `'Conflict'`) whose
 * `conflicts` name each field and its manager, unless `force` is set. No `resourceVersion` is
 * needed: apply is declarative, so it does not race with other writers of other fields. Sent as
 * kubectl sends it: `PATCH` with `Content-Type: application/apply-patch+yaml`, a JSON body and
 * `?fieldManager=…&force=true`. Unsubscribing aborts the request.
 *
 * @example
 * ```ts
 * import { apply$ } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 * const pods = { version: 'v1', resource: 'pods', namespace: 'x' };
 * const desired: Pod = {
 *   apiVersion: 'v1', kind: 'Pod',
 *   metadata: { name: 'web-0', annotations: { 'example.com/seen': 'yes' } },
 * };
 * apply$<Pod>(client, pods, desired, { fieldManager: 'my-ctl', force: false }).subscribe();
 * ```
 */
export function apply$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  desired: T,
  options: ApplyOptions,
): Observable<T> {
  return objectRequest$<T>(client, () =>
    writeRequest({
      method: 'PATCH',
      path: namedObjectPath('apply$', ref, desired, options.subresource),
      options,
      body: desired,
      contentType: APPLY_PATCH,
      query: { force: options.force ? 'true' : undefined },
    }),
  );
}
