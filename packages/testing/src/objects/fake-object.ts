/**
 * Any Kubernetes object as the fake stores it: `apiVersion`, `kind`, `metadata` and whatever else
 * the kind carries. The fake fills in `uid`, `resourceVersion`, `creationTimestamp` (and
 * `generation` where kube-apiserver sets one).
 *
 * @example
 * ```ts
 * import type { FakeObject } from '@rxkube/testing';
 * const configMap: FakeObject = { metadata: { name: 'settings', namespace: 'default' }, data: { a: '1' } };
 * ```
 */
export interface FakeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name?: string;
    generateName?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    [field: string]: unknown;
  };
  [field: string]: unknown;
}
