import type { RequestRecord } from '../requests/request-record.js';

/**
 * Which replica serves each request ({@link FakeApiServer.routeRequests}): `'round-robin'` (the
 * default), always one replica by index, or a function of the request (its log record: method,
 * path, query, kind, resource) returning an index.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type ReplicaRouting } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ replicas: 2 });
 * const watchesOnSecond: ReplicaRouting = { to: (request) => (request.kind === 'watch' ? 1 : 0) };
 * server.routeRequests(watchesOnSecond);
 * server.routeRequests({ to: 'round-robin' });
 * await server.close();
 * ```
 */
export interface ReplicaRouting {
  /**
   * `'round-robin'` (each request to the next replica), a replica's index (every request to it),
   * or a function of the request's log record returning the index of the replica that serves it.
   */
  readonly to: 'round-robin' | number | ((request: RequestRecord) => number);
}
