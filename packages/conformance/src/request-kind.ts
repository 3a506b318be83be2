/**
 * What a request to the API server does, judged from its method, path and query alone.
 *
 * - `list` / `watch`: a GET of a collection, without or with `watch=true`;
 * - `get`, `create` (POST), `update` (PUT), `patch`, `delete`: one object (or a collection for
 *   `create`);
 * - `other`: discovery, subresources and anything else.
 *
 * @example
 * ```ts
 * import type { RequestKind } from '@rxkube/conformance';
 * const lists = (kinds: RequestKind[]) => kinds.filter((kind) => kind === 'list').length;
 * ```
 */
export type RequestKind =
  | 'list'
  | 'watch'
  | 'get'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'other';
