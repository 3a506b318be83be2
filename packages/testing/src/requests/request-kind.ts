/**
 * What a request to the fake did, for the request log and `count()`.
 *
 * @example
 * ```ts
 * import type { RequestKind } from '@rxkube/testing';
 * const kind: RequestKind = 'watch';
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
  | 'discovery'
  | 'other';
