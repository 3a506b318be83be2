import type { KubeObject } from './kube-object.js';
import type { ResourceScope } from './resource-scope.js';

/**
 * An object as the API server hands it out: what `cachedCollection$`, `list$`, `watch$` and
 * `get$` emit. Besides everything `T` has, it always carries `apiVersion`, `kind` and
 * `metadata` with `name`, `resourceVersion` and `uid` (and `namespace`, for a resource of scope
 * `'Namespaced'`), so reading them needs no `?.` and no `!`. Inputs (`create$`, `apply$`, …)
 * take a plain `T`: a model of `kubernetes-types` fits as it is.
 *
 * A `transform` or a `schema` that drops these fields breaks the promise; keep them.
 *
 * @example
 * ```ts
 * import { cachedCollection$, type Served } from '@rxkube/core';
 * import type { Pod } from 'kubernetes-types/core/v1.js';
 *
 * const names = (pods: Iterable<Served<Pod, 'Namespaced'>>) =>
 *   [...pods].map((pod) => `${pod.metadata.namespace}/${pod.metadata.name}`);
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' }).subscribe((state) =>
 *   console.log(state.items.get('default/web-0')?.metadata.uid));
 * ```
 */
export type Served<T extends KubeObject, S extends ResourceScope = ResourceScope> = T & {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: NonNullable<T['metadata']> & {
    readonly name: string;
    readonly resourceVersion: string;
    readonly uid: string;
  } & ([S] extends ['Namespaced'] ? { readonly namespace: string } : unknown);
};
