import type { KubeRequest } from '@rxkube/core';
import type { RequestKind } from './request-kind.js';

/**
 * The {@link RequestKind} of a request: a collection path (`/api/v1/configmaps`,
 * `/api/v1/namespaces/x/configmaps`, `/apis/apps/v1/namespaces/x/deployments`) read with GET is
 * a `list`, or a `watch` with `watch=true`; an object path (one more segment) is a `get`,
 * `update`, `patch` or `delete`; POST to a collection is a `create`. Subresources and discovery
 * are `other`.
 *
 * @example
 * ```ts
 * import { classifyRequest } from '@rxkube/conformance';
 * classifyRequest({ path: '/api/v1/namespaces/x/pods', query: { limit: 10 } }); // 'list'
 * classifyRequest({ path: '/api/v1/namespaces/x/pods', query: { watch: true } }); // 'watch'
 * ```
 */
export function classifyRequest(
  request: Pick<KubeRequest, 'method' | 'path' | 'query'>,
): RequestKind {
  const method = request.method ?? 'GET';
  const target = pathTarget(request.path);
  if (target === 'other') return 'other';
  if (target === 'collection') {
    if (method === 'GET') return isWatch(request.query) ? 'watch' : 'list';
    if (method === 'POST') return 'create';
    return 'other';
  }
  switch (method) {
    case 'GET':
      return 'get';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return 'other';
  }
}

function isWatch(query: KubeRequest['query']): boolean {
  const watch = query?.watch;
  return watch === true || watch === 'true' || watch === '1' || watch === 1;
}

/** Core paths start `/api/v1`, grouped ones `/apis/{group}/{version}`. */
function pathTarget(path: string): 'collection' | 'object' | 'other' {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s.length > 0);
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 2) rest = segments.slice(2);
  else if (segments[0] === 'apis' && segments.length >= 3) rest = segments.slice(3);
  else return 'other';
  // `namespaces/{ns}/{resource}[/{name}]` is namespaced; `namespaces[/{name}]` is the
  // cluster-scoped resource `namespaces` itself.
  if (rest[0] === 'namespaces' && rest.length >= 3) rest = rest.slice(2);
  if (rest.length === 1) return 'collection';
  if (rest.length === 2) return 'object';
  return 'other';
}
