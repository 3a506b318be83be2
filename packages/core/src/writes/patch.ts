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
import { writeDefaults } from './write-defaults.js';
import type { WriteOptions } from './write-options.js';

/**
 * The kinds of patch, by their content type:
 * - `'merge'`: JSON merge patch (RFC 7386, `application/merge-patch+json`): an object whose fields
 *   replace the object's, `null` deletes; lists are replaced whole. Every kind understands it.
 * - `'json'`: JSON patch (RFC 6902, `application/json-patch+json`): a list of operations, e.g.
 *   `[{ op: 'test', path: '/metadata/resourceVersion', value: '5' }, { op: 'add', ... }]`.
 * - `'strategic'`: strategic merge patch (`application/strategic-merge-patch+json`): a merge patch
 *   that merges lists by their keys (containers by `name`). Only built-in kinds; custom
 *   resources answer 415 (`HttpStatusError`).
 *
 * @example
 * ```ts
 * import type { PatchType } from '@rxkube/core';
 * const type: PatchType = 'strategic';
 * ```
 */
export type PatchType = 'merge' | 'json' | 'strategic';

const CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

/**
 * Options of {@link patch$}.
 *
 * @example
 * ```ts
 * import type { PatchOptions } from '@rxkube/core';
 * const options: PatchOptions = { type: 'json', fieldManager: 'my-ctl' };
 * ```
 */
export interface PatchOptions extends WriteOptions {
  /** The kind of patch. Default `'merge'` (`writeDefaults.patchType`). */
  readonly type?: PatchType;
}

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
