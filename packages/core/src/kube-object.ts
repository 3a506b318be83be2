import type { ResourceVersion } from './resource-version.js';

/**
 * The part of `metadata` that rxkube reads. Unknown fields are kept as they came. Optional fields
 * also accept an explicit `undefined`, so types inferred from zod schemas fit.
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
  readonly labels?: Readonly<Record<string, string>> | undefined;
  readonly annotations?: Readonly<Record<string, string>> | undefined;
  readonly ownerReferences?: readonly OwnerReference[] | undefined;
  readonly managedFields?: readonly unknown[] | undefined;
  readonly [field: string]: unknown;
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
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * interface Pod extends KubeObject { spec?: { nodeName?: string } }
 * ```
 */
export interface KubeObject {
  readonly apiVersion?: string | undefined;
  readonly kind?: string | undefined;
  readonly metadata: ObjectMeta;
}
