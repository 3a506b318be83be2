/**
 * Where the objects of a resource live: in a namespace (`pods`, `deployments`) or in the cluster
 * as a whole (`nodes`, `namespaces`), as a CustomResourceDefinition's `spec.scope` says.
 *
 * @example
 * ```ts
 * import type { ResourceRef, ResourceScope } from '@rxkube/core';
 * const scope: ResourceScope = 'Namespaced';
 * const pods: ResourceRef<{ metadata?: { name?: string } }, typeof scope> = { version: 'v1', resource: 'pods' };
 * ```
 */
export type ResourceScope = 'Namespaced' | 'Cluster';
