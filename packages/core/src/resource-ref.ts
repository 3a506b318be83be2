import { checkPathSegment } from './internal/check-path-segment.js';
import { groupVersionPath } from './internal/group-version.js';
import type { KubeObject } from './kube-object.js';
import type { ResourceScope } from './resource-scope.js';

/**
 * Names a collection of objects: a resource of an API group/version, in one namespace or in all.
 *
 * `group` is absent (or `''`) for the core API (`/api/v1`); `namespace` absent means every
 * namespace for namespaced resources, and is required absent for cluster-scoped ones.
 *
 * A ref may carry the type of its objects, `T`, and their scope, `S`: then `cachedCollection$`,
 * `list$`, `watch$`, `get$`, the writes and `controller$` know what they hand out without a type
 * argument. The typed refs of every built-in resource are in `@rxkube/core/kinds`; a custom
 * resource's typed ref is a plain object with a type annotation. A plain object without one is a
 * `ResourceRef<KubeObject>`, as before.
 *
 * @example
 * ```ts
 * import { inNamespace, type KubeObject, type ResourceRef } from '@rxkube/core';
 * import { deployments } from '@rxkube/core/kinds';
 *
 * const pods: ResourceRef = { version: 'v1', resource: 'pods', namespace: 'default' };
 * const inWeb = inNamespace(deployments, 'web'); // ResourceRef<Deployment, 'Namespaced'>
 *
 * // A custom resource: its type, and one typed ref for it.
 * interface Widget extends KubeObject {
 *   readonly spec?: { readonly size?: number };
 * }
 * const widgets: ResourceRef<Widget, 'Namespaced'> = {
 *   group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget',
 * };
 * ```
 */
export interface ResourceRef<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
> {
  readonly group?: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace?: string;
  /**
   * The kind of its objects (`Pod` for `pods`), when known. Requests never need it; the event
   * recorder uses it for objects that lack their own `kind`.
   */
  readonly kind?: string;
  /**
   * Types only, never set: the type of the objects (`T`) and their scope (`S`), so that
   * functions given this ref infer what they hand out. A method, so that a plain `ResourceRef`
   * still fits where a `ResourceRef<Pod>` is expected (and the other way round), while refs of
   * unrelated kinds (`ResourceRef<Node>` for a `ResourceRef<Pod>`) do not.
   */
  '~types'?(object: T, scope: S): void;
}

/**
 * The API path of a collection, e.g. `/api/v1/namespaces/x/pods` or `/apis/apps/v1/deployments`,
 * with `name` appended for a single object. A segment that is `.` or `..`, contains `/` or `%`,
 * or is empty (a name, version or resource) throws `InvalidPathSegmentError` (from
 * `@rxkube/core/errors`), as client-go's `IsValidPathSegmentName`: `namespace: '..'` must never
 * become the cluster-wide path.
 *
 * @example
 * ```ts
 * import { resourcePath } from '@rxkube/core/transport';
 * resourcePath({ version: 'v1', resource: 'pods', namespace: 'x' }); // '/api/v1/namespaces/x/pods'
 * ```
 */
export function resourcePath(ref: ResourceRef<KubeObject>, name?: string): string {
  if (ref.group) checkPathSegment(ref.group, 'group');
  checkPathSegment(ref.version, 'version');
  checkPathSegment(ref.resource, 'resource');
  if (ref.namespace) checkPathSegment(ref.namespace, 'namespace');
  if (name !== undefined) checkPathSegment(name, 'name');
  const root = groupVersionPath(ref);
  const scope = ref.namespace ? `/namespaces/${encodeURIComponent(ref.namespace)}` : '';
  const item = name === undefined ? '' : `/${encodeURIComponent(name)}`;
  return `${root}${scope}/${ref.resource}${item}`;
}
