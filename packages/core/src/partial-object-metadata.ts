import type { KubeObject, ObjectMeta } from './kube-object.js';

/**
 * An object as a metadata-only read returns it (`meta.k8s.io/v1` `PartialObjectMetadata`): its
 * `apiVersion`, `kind` and `metadata`, without `spec` or `status`. What `get$`, `list$`, `watch$`
 * and `cachedCollection$` deliver with `metadataOnly: true`.
 *
 * @example
 * ```ts
 * import type { PartialObjectMetadata } from '@rxkube/core';
 * const meta: PartialObjectMetadata = {
 *   apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { name: 'web-0' },
 * };
 * ```
 */
export interface PartialObjectMetadata extends KubeObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: ObjectMeta;
}
