/**
 * Names a resource of the fake: `group` (absent or `''` for the core API), `version` and the
 * plural `resource`. Structurally compatible with `@rxkube/core`'s `ResourceRef`; its optional
 * `namespace` is the default namespace of the JavaScript write methods and of `objects()`.
 *
 * @example
 * ```ts
 * import type { FakeResourceRef } from '@rxkube/testing';
 * const pods: FakeResourceRef = { version: 'v1', resource: 'pods' };
 * const deployments: FakeResourceRef = { group: 'apps', version: 'v1', resource: 'deployments' };
 * ```
 */
export interface FakeResourceRef {
  readonly group?: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace?: string;
}
