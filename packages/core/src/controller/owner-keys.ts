import type { KubeObject } from '../kube-object.js';

/**
 * The keys (`namespace/name`) of an object's owners, optionally only those of one `kind` (and
 * `apiVersion`): the `keysOf` of a related collection whose objects are owned by the primary
 * one. Owners live in the owned object's namespace (or are cluster-scoped: pass `clusterScoped`).
 *
 * @example
 * ```ts
 * import { ownerKeys } from '@rxkube/core';
 * ownerKeys(
 *   { metadata: { namespace: 'x', name: 'web-0', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u' }] } },
 *   { kind: 'ReplicaSet' },
 * ); // ['x/web']
 * ```
 */
export function ownerKeys(
  object: KubeObject,
  filter: {
    readonly kind?: string;
    readonly apiVersion?: string;
    readonly clusterScoped?: boolean;
  } = {},
): string[] {
  const namespace = filter.clusterScoped ? undefined : object.metadata?.namespace;
  const keys: string[] = [];
  for (const owner of object.metadata?.ownerReferences ?? []) {
    if (filter.kind !== undefined && owner.kind !== filter.kind) continue;
    if (filter.apiVersion !== undefined && owner.apiVersion !== filter.apiVersion) continue;
    keys.push(namespace ? `${namespace}/${owner.name}` : owner.name);
  }
  return keys;
}
