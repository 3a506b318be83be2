import type { KubeObject } from './kube-object.js';
import type { ResourceRef } from './resource-ref.js';
import type { ResourceScope } from './resource-scope.js';

/**
 * The same resource in one namespace: `ref` with `namespace` set, its types kept. A ref of
 * scope `'Cluster'` (`nodes`, `namespaces`) is refused by the compiler: such objects live in no
 * namespace.
 *
 * @example
 * ```ts
 * import { cachedCollection$, inNamespace } from '@rxkube/core';
 * import { pods } from '@rxkube/core/kinds';
 *
 * cachedCollection$(client, inNamespace(pods, 'shop')).subscribe((state) => {
 *   for (const pod of state.items.values()) console.log(pod.metadata.name, pod.status?.phase);
 * });
 * ```
 */
export function inNamespace<T extends KubeObject, S extends ResourceScope>(
  ref: ResourceRef<T, S>,
  namespace: [S] extends ['Cluster'] ? never : string,
): ResourceRef<T, S> {
  return { ...ref, namespace };
}
