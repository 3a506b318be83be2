/**
 * Names one object: its `name`, and its `namespace` for namespaced resources.
 *
 * @example
 * ```ts
 * import type { FakeObjectName } from '@rxkube/testing';
 * const web: FakeObjectName = { namespace: 'default', name: 'web-0' };
 * ```
 */
export interface FakeObjectName {
  readonly namespace?: string;
  readonly name: string;
}
