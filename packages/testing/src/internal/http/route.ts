import { type ResourceType, resourceId } from '../resources/resource-type.js';
import type { Cluster } from '../store/cluster.js';

/** A resource's collection as a request names it: all namespaces when `namespace` is unset. */
export interface CollectionTarget {
  readonly type: ResourceType;
  readonly namespace: string | undefined;
}

/** One object of a resource as a request names it, and the subresource its path ends in. */
export interface ObjectTarget extends CollectionTarget {
  readonly name: string;
  readonly subresource?: string | undefined;
}

/** What a request path addresses. */
export type Route =
  | { readonly kind: 'api-versions' }
  | { readonly kind: 'api-groups' }
  | { readonly kind: 'api-group'; readonly group: string }
  | { readonly kind: 'api-resources'; readonly group: string; readonly version: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'health' }
  | {
      readonly kind: 'resource';
      readonly type: ResourceType;
      readonly namespace: string | undefined;
      readonly name: string | undefined;
      readonly subresource: string | undefined;
      /** The deprecated `/watch/` path prefix: a watch whatever the query says. */
      readonly watchPath: boolean;
    }
  /** A served group/version without such a resource: a 404 Status. */
  | { readonly kind: 'no-such-resource' }
  /** Nothing served here at all: Go's plain-text 404. */
  | { readonly kind: 'not-found' };

// Subresources of namespaces, which share the shape of a namespaced collection path.
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

function servesGroupVersion(cluster: Cluster, group: string, version: string): boolean {
  return cluster.allTypes().some((t) => t.group === group && t.version === version);
}

/** Resolves a path against the registered resources. */
export function resolveRoute(cluster: Cluster, pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((p) => p !== '')
    .map(decodeURIComponent);
  if (parts.length === 0) return { kind: 'not-found' };
  const [root] = parts;
  if (parts.length === 1 && root === 'version') return { kind: 'version' };
  if (parts.length === 1 && (root === 'healthz' || root === 'readyz' || root === 'livez')) {
    return { kind: 'health' };
  }
  let group: string;
  let version: string | undefined;
  let rest: string[];
  if (root === 'api') {
    if (parts.length === 1) return { kind: 'api-versions' };
    group = '';
    version = parts[1];
    rest = parts.slice(2);
  } else if (root === 'apis') {
    const named = parts[1];
    if (named === undefined) return { kind: 'api-groups' };
    group = named;
    if (parts.length === 2) {
      return cluster.allTypes().some((t) => t.group === group)
        ? { kind: 'api-group', group }
        : { kind: 'not-found' };
    }
    version = parts[2];
    rest = parts.slice(3);
  } else {
    return { kind: 'not-found' };
  }
  if (!version || !servesGroupVersion(cluster, group, version)) return { kind: 'not-found' };
  if (rest.length === 0) return { kind: 'api-resources', group, version };

  let watchPath = false;
  if (rest[0] === 'watch') {
    watchPath = true;
    rest = rest.slice(1);
  }
  const lookup = (resource: string) => cluster.type(resourceId(group, version, resource));
  let namespace: string | undefined;
  const afterName = rest[2];
  if (
    rest[0] === 'namespaces' &&
    afterName !== undefined &&
    !NAMESPACE_SUBRESOURCES.has(afterName)
  ) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const type = rest[0] === undefined ? undefined : lookup(rest[0]);
  if (!type || rest.length > 3) return { kind: 'no-such-resource' };
  if (namespace !== undefined && !type.namespaced) return { kind: 'no-such-resource' };
  return {
    kind: 'resource',
    type,
    namespace,
    name: rest[1],
    subresource: rest[2],
    watchPath,
  };
}
