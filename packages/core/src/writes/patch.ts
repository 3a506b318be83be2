import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import {
  objectPath,
  objectRequest$,
  requireName,
  writeRequest,
} from './internal/object-request.js';
import type { PatchOptions, PatchType } from './patch-options.js';
import { writeDefaults } from './write-defaults.js';

const CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

/**
 * Patches an object by name: a cold observable that emits the patched object once and completes.
 *
 * A patch carries no precondition unless it brings one: `metadata.resourceVersion` in a merge or
 * strategic patch, or a `test` operation in a JSON patch; a stale one errors with `ConflictError`.
 * A missing object errors with `NotFoundError`; a patch the server cannot apply with
 * `InvalidError`; an unsupported patch type with `HttpStatusError` 415. Unsubscribing aborts the
 * request.
 *
 * @example
 * ```ts
 * import { patch$ } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 * const pods = { version: 'v1', resource: 'pods', namespace: 'x' };
 * patch$<Pod>(client, pods, 'web-0', { metadata: { labels: { a: 'b' } } }, { type: 'merge' })
 *   .subscribe((pod) => console.log(pod.metadata?.labels));
 * ```
 */
export function patch$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  name: string,
  patch: object,
  options: PatchOptions = {},
): Observable<T> {
  const type = options.type ?? writeDefaults.patchType;
  return objectRequest$<T>(client, () =>
    writeRequest({
      method: 'PATCH',
      path: objectPath(ref, requireName('patch$', name), undefined, options.subresource),
      options,
      body: patch,
      contentType: CONTENT_TYPES[type],
    }),
  );
}
