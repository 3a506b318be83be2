/**
 * How `faults.destroyWatches` cuts open watches.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type DestroyWatchesOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const cut: DestroyWatchesOptions = { midLine: true };
 * server.faults.destroyWatches(cut);
 * await server.close();
 * ```
 */
export interface DestroyWatchesOptions {
  /** Send half of a line before destroying the socket. Default `false`. */
  readonly midLine?: boolean;
}
