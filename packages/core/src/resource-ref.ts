import { checkPathSegment } from './internal/check-path-segment.js';
/**
 * Names a collection of objects: a resource of an API group/version, in one namespace or in all.
 *
 * `group` is absent (or `''`) for the core API (`/api/v1`); `namespace` absent means every
 * namespace for namespaced resources, and is required absent for cluster-scoped ones.
 *
 * @example
 * ```ts
 * import type { ResourceRef } from '@rxkube/core';
 * const pods: ResourceRef = { version: 'v1', resource: 'pods', namespace: 'default' };
 * const deployments: ResourceRef = { group: 'apps', version: 'v1', resource: 'deployments' };
 * ```
 */
export interface ResourceRef {
  readonly group?: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace?: string;
}

/**
 * The API path of a collection, e.g. `/api/v1/namespaces/x/pods` or `/apis/apps/v1/deployments`,
 * with `name` appended for a single object. A segment that is `.` or `..`, contains `/` or `%`,
 * or is empty (a name, version or resource) throws {@link InvalidPathSegmentError}, as
 * client-go's `IsValidPathSegmentName`: `namespace: '..'` must never become the cluster-wide path.
 *
 * @example
 * ```ts
 * import { resourcePath } from '@rxkube/core';
 * resourcePath({ version: 'v1', resource: 'pods', namespace: 'x' }); // '/api/v1/namespaces/x/pods'
 * ```
 */
export function resourcePath(ref: ResourceRef, name?: string): string {
  if (ref.group) checkPathSegment(ref.group, 'group');
  checkPathSegment(ref.version, 'version');
  checkPathSegment(ref.resource, 'resource');
  if (ref.namespace) checkPathSegment(ref.namespace, 'namespace');
  if (name !== undefined) checkPathSegment(name, 'name');
  const root = ref.group ? `/apis/${ref.group}/${ref.version}` : `/api/${ref.version}`;
  const scope = ref.namespace ? `/namespaces/${encodeURIComponent(ref.namespace)}` : '';
  const item = name === undefined ? '' : `/${encodeURIComponent(name)}`;
  return `${root}${scope}/${ref.resource}${item}`;
}
