import type { RequestKind } from '../../requests/request-kind.js';

/**
 * The kind of a request to a resource, from its method: a GET of a collection is a `list` (a
 * `watch` with `watch=true`), of one object a `get`; POST creates, PUT updates, PATCH patches,
 * DELETE deletes (one object or a collection).
 */
export function requestKindOf(request: {
  readonly method: string;
  readonly collection: boolean;
  readonly watch: boolean;
}): RequestKind {
  switch (request.method) {
    case 'GET':
      return request.watch ? 'watch' : request.collection ? 'list' : 'get';
    case 'POST':
      return 'create';
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
