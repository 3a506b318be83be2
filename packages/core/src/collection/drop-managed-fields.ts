import type { KubeObject } from '../kube-object.js';

/**
 * The object without `metadata.managedFields`: a `transform` that keeps a cache lean. Field
 * ownership records are often a third of an object's size and nothing but server-side apply reads
 * them. An object without them is returned as it is.
 *
 * @example
 * ```ts
 * import { cachedCollection$, dropManagedFields } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' }, { transform: dropManagedFields });
 * ```
 */
export function dropManagedFields<T extends KubeObject>(object: T): T {
  const metadata = object.metadata;
  if (metadata === undefined || !('managedFields' in metadata)) return object;
  const { managedFields: _dropped, ...rest } = metadata;
  return { ...object, metadata: rest };
}
