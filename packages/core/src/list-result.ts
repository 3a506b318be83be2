import type { KubeObject } from './kube-object.js';
import type { ResourceVersion } from './resource-version.js';

/**
 * A complete LIST: every item of every page, and the collection version the snapshot is
 * consistent at (the version to watch from).
 *
 * @example
 * ```ts
 * import { list$ } from '@rxkube/core';
 * list$(client, { version: 'v1', resource: 'pods' }).subscribe(({ items, resourceVersion }) =>
 *   console.log(items.length, resourceVersion));
 * ```
 */
export interface ListResult<T extends KubeObject = KubeObject> {
  readonly items: readonly T[];
  readonly resourceVersion: ResourceVersion;
}
