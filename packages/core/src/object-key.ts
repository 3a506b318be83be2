import type { KubeObject } from './kube-object.js';

/**
 * The cache key of an object: `"namespace/name"`, or `"name"` for cluster-scoped objects
 * (the same keys as client-go's `MetaNamespaceKeyFunc`).
 *
 * @example
 * ```ts
 * import { objectKey } from '@rxkube/core';
 * objectKey({ metadata: { namespace: 'x', name: 'web-0' } }); // 'x/web-0'
 * ```
 */
export function objectKey(object: KubeObject): string {
  const { namespace, name } = object.metadata ?? {};
  // `join` builds the key as one flat string; a template literal builds a two-part string that
  // the first hash of it flattens into a second copy, and caches keep both.
  return namespace ? [namespace, name].join('/') : `${name}`;
}
