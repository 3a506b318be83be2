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
  return namespace ? `${namespace}/${name}` : `${name}`;
}
