/**
 * The Status `faults.watchError` sends as an ERROR event to open watches before ending them.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type WatchErrorOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const error: WatchErrorOptions = { code: 500, reason: 'InternalError', message: 'etcd is down' };
 * server.faults.watchError(error);
 * await server.close();
 * ```
 */
export interface WatchErrorOptions {
  /** Default 500. */
  readonly code?: number;
  /** Default `'InternalError'`. */
  readonly reason?: string;
  /** Default `'Internal error occurred: injected fault'`. */
  readonly message?: string;
}
