import type { ResourceVersion } from './resource-version.js';

/**
 * The standard object metadata. Every field is optional and also accepts an explicit `undefined`,
 * so types inferred from zod schemas fit; there is no index signature, so the `ObjectMeta` of
 * `kubernetes-types` (an interface) is assignable as it is. Fields the server adds later are kept
 * as they came.
 *
 * @example
 * ```ts
 * import type { ObjectMeta } from '@rxkube/core';
 * const meta: ObjectMeta = { name: 'web-0', namespace: 'default' };
 * ```
 */
export interface ObjectMeta {
  readonly name?: string | undefined;
  readonly generateName?: string | undefined;
  readonly namespace?: string | undefined;
  readonly uid?: string | undefined;
  readonly resourceVersion?: ResourceVersion | string | undefined;
  readonly generation?: number | undefined;
  readonly creationTimestamp?: string | undefined;
  readonly deletionTimestamp?: string | undefined;
  readonly deletionGracePeriodSeconds?: number | undefined;
  readonly finalizers?: readonly string[] | undefined;
  readonly selfLink?: string | undefined;
  readonly labels?: Readonly<Record<string, string>> | undefined;
  readonly annotations?: Readonly<Record<string, string>> | undefined;
  readonly ownerReferences?: readonly OwnerReference[] | undefined;
  readonly managedFields?: readonly unknown[] | undefined;
}

/**
 * A reference from an object to the object that owns it.
 *
 * @example
 * ```ts
 * import type { OwnerReference } from '@rxkube/core';
 * const owner: OwnerReference = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d9', uid: 'u1' };
 * ```
 */
export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/**
 * Any Kubernetes object: `apiVersion`, `kind`, `metadata`, and whatever else its kind carries.
 *
 * `metadata` is optional and there is no index signature, as in the models of `kubernetes-types`
 * (`Pod` from `kubernetes-types/core/v1` is a `KubeObject` as it is). Objects that come from the
 * server always carry `metadata` with at least `name` and `resourceVersion`.
 *
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * interface Pod extends KubeObject { spec?: { nodeName?: string } }
 * ```
 */
export interface KubeObject {
  readonly apiVersion?: string | undefined;
  readonly kind?: string | undefined;
  readonly metadata?: ObjectMeta | undefined;
}
