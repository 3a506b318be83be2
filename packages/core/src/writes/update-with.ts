import { defer, map, type Observable, switchMap } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import { type RetryOnConflictConfig, retryOnConflict } from '../recovery/retry-on-conflict.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Served } from '../served.js';
import { get$ } from './get.js';
import { replace$ } from './replace.js';
import type { WriteOptions } from './write-options.js';

/**
 * Options of {@link updateWith$}.
 *
 * @example
 * ```ts
 * import type { UpdateWithOptions } from '@rxkube/core';
 * const options: UpdateWithOptions = { fieldManager: 'my-ctl', retry: { attempts: 20 } };
 * ```
 */
export interface UpdateWithOptions extends WriteOptions {
  /** How conflicts are retried. Default `writeDefaults.conflictRetry`. */
  readonly retry?: RetryOnConflictConfig;
}

// The signature opens as replace$'s does, on purpose: every write takes the client, then a ref
// typed by the object and its scope, then what it writes; updateWith$ repeats only that shape and
// sends its PUT through replace$ itself.
/**
 * Read-modify-write without lost updates: GET the object, `mutate` it, PUT the result with the
 * `resourceVersion` that was read; when the PUT fails with 409 Conflict (someone wrote in
 * between), read again and mutate the fresh object, with `retryOnConflict`'s jittered delays.
 * Emits the stored object once and completes; a conflict that outlasts every attempt, and any
 * other error, is passed on (nothing is written then). Unsubscribing aborts the request in flight.
 *
 * `mutate` must be a pure function of the object it is given: it runs once per attempt, and only
 * the result of the last one is stored. It may return a new object or a changed copy; the PUT
 * always carries the `resourceVersion` that was read, whatever `mutate` left there. With
 * `subresource: 'status'`, the status is read and written.
 *
 * @example
 * ```ts
 * import { updateWith$ } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 * const pods = { version: 'v1', resource: 'pods', namespace: 'x' };
 * updateWith$<Pod>(client, pods, 'web-0', (current) => ({
 *   ...current,
 *   metadata: { ...current.metadata, labels: { ...current.metadata?.labels, seen: 'yes' } },
 * })).subscribe((pod) => console.log(pod.metadata?.resourceVersion));
 * ```
 */
export function updateWith$<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  mutate: (current: Served<T, S>) => T,
  options: UpdateWithOptions = {},
): Observable<T> {
  const { retry, ...write } = options;
  const read = write.subresource === undefined ? {} : { subresource: write.subresource };
  return defer(() =>
    get$<T, S>(client, ref, name, read).pipe(
      map((current) => withVersionOf(mutate(current), current)),
      switchMap((changed) => replace$<T>(client, ref, changed, write)),
    ),
  ).pipe(retryOnConflict(retry));
}

/** The changed object, carrying the version that was read: the precondition of the PUT. */
function withVersionOf<T extends KubeObject>(changed: T, current: T): T {
  const version = current.metadata?.resourceVersion;
  if (version === undefined || changed.metadata?.resourceVersion === version) return changed;
  return { ...changed, metadata: { ...changed.metadata, resourceVersion: version } };
}
