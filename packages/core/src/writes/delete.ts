import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { KubeStatus } from '../kube-status.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { ResourceVersion } from '../resource-version.js';
import { JSON_BODY, objectPath, objectRequest$, requireName } from './internal/object-request.js';

/**
 * Options of {@link delete$}.
 *
 * @example
 * ```ts
 * import type { DeleteOptions } from '@rxkube/core';
 * const options: DeleteOptions = { preconditions: { uid: 'u1' }, propagationPolicy: 'Foreground' };
 * ```
 */
export interface DeleteOptions {
  /**
   * Delete only this incarnation (`uid`) and/or only at this version (`resourceVersion`); a
   * mismatch errors with `ConflictError` and deletes nothing.
   */
  readonly preconditions?: {
    readonly uid?: string | undefined;
    readonly resourceVersion?: ResourceVersion | string | undefined;
  };
  /**
   * What happens to the objects this one owns: `'Foreground'` (they go first, the object stays
   * with a `foregroundDeletion` finalizer until then), `'Background'` (the object goes now, the
   * garbage collector removes them later) or `'Orphan'` (they stay). Default: the resource's own
   * (Background for most).
   */
  readonly propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  /** Seconds before the object is removed (pods: the termination grace). `0` deletes at once. */
  readonly gracePeriodSeconds?: number;
  /** Check and answer as if deleted, but delete nothing (`dryRun: ['All']`). Default false. */
  readonly dryRun?: boolean;
}

/**
 * Deletes an object by name: a cold observable that emits the server's answer once and completes.
 * The answer is the object itself while it is still there (finalizers pending, a grace period,
 * foreground deletion: it carries `metadata.deletionTimestamp`), or a `Status` of success when it
 * is gone at once (as the server decides per resource).
 *
 * A missing object errors with `NotFoundError`; a failed precondition with `ConflictError`.
 * Options are sent as a `DeleteOptions` body, as client-go sends them. Unsubscribing aborts the
 * request.
 *
 * @example
 * ```ts
 * import { delete$ } from '@rxkube/core';
 * const pods = { version: 'v1', resource: 'pods', namespace: 'x' };
 * delete$(client, pods, 'web-0', { preconditions: { uid: 'u1' }, propagationPolicy: 'Foreground' })
 *   .subscribe((answer) => console.log(answer.kind)); // 'Pod' while terminating, or 'Status'
 * ```
 */
export function delete$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  options: DeleteOptions = {},
): Observable<T | KubeStatus> {
  const body = {
    kind: 'DeleteOptions',
    apiVersion: 'v1',
    ...(options.preconditions === undefined ? {} : { preconditions: options.preconditions }),
    ...(options.propagationPolicy === undefined
      ? {}
      : { propagationPolicy: options.propagationPolicy }),
    ...(options.gracePeriodSeconds === undefined
      ? {}
      : { gracePeriodSeconds: options.gracePeriodSeconds }),
    ...(options.dryRun ? { dryRun: ['All'] } : {}),
  };
  return objectRequest$<T | KubeStatus>(client, () => ({
    method: 'DELETE',
    path: objectPath(ref, requireName('delete$', name), undefined, undefined),
    headers: JSON_BODY,
    body: JSON.stringify(body),
  }));
}
