import { requestKindOf } from '../internal/http/request-kind-of.js';
import type { RequestKind } from './request-kind.js';

/** The request as far as its kind goes: method (default GET), path, query. */
interface ClassifiedRequest {
  readonly method?: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
}

/**
 * The {@link RequestKind} of a request judged from its method, path and query alone — the same
 * kinds `FakeApiServer` logs, so a real server's traffic (through a recording transport) and the
 * fake's request log can be compared. A collection path (`/api/v1/configmaps`,
 * `/api/v1/namespaces/x/configmaps`, `/apis/apps/v1/namespaces/x/deployments`) read with GET is
 * a `list`, or a `watch` with `watch=true`; an object path (one more segment, or a subresource
 * such as `/status`) is a `get`, `update`, `patch` or `delete`; POST is a `create`. `/api`,
 * `/apis`, a group, a group version and `/version` are `discovery`; anything else is `other`.
 *
 * @example
 * ```ts
 * import { classifyRequest } from '@rxkube/testing';
 * classifyRequest({ path: '/api/v1/namespaces/x/pods', query: { limit: 10 } }); // 'list'
 * classifyRequest({ path: '/api/v1/namespaces/x/pods', query: { watch: true } }); // 'watch'
 * ```
 */
export function classifyRequest(request: ClassifiedRequest): RequestKind {
  const target = pathTarget(request.path);
  if (target === 'discovery' || target === 'other') return target;
  return requestKindOf({
    method: request.method ?? 'GET',
    collection: target === 'collection',
    watch: isWatch(request.query?.watch),
  });
}

function isWatch(watch: unknown): boolean {
  return watch === true || watch === 'true' || watch === '1' || watch === 1;
}

/** Core paths start `/api/v1`, grouped ones `/apis/{group}/{version}`. */
function pathTarget(path: string): 'collection' | 'object' | 'discovery' | 'other' {
  const segments = (path.split('?')[0] ?? '').split('/').filter((s) => s.length > 0);
  if (segments.length === 1 && segments[0] === 'version') return 'discovery';
  let rest: string[];
  if (segments[0] === 'api') {
    if (segments.length <= 2) return 'discovery';
    rest = segments.slice(2);
  } else if (segments[0] === 'apis') {
    if (segments.length <= 3) return 'discovery';
    rest = segments.slice(3);
  } else return 'other';
  // `namespaces/{ns}/{resource}[/{name}[/{subresource}]]` is namespaced; `namespaces[/{name}]`
  // is the cluster-scoped resource `namespaces` itself.
  if (rest[0] === 'namespaces' && rest.length >= 3) rest = rest.slice(2);
  if (rest.length === 1) return 'collection';
  if (rest.length === 2 || rest.length === 3) return 'object';
  return 'other';
}
