/**
 * What `faults.emptyWatches` arms.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * server.faults.emptyWatches({ count: 2 });
 * await server.close();
 * ```
 */
export interface EmptyWatchesOptions {
  /** How many of the next watches get 200 and an empty body at once. Default 1. */
  readonly count?: number;
}
