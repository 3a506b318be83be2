/**
 * How far {@link FakeApiReplica.catchUp} brings a lagging replica's watch cache.
 *
 * @example
 * ```ts
 * import { type CatchUpOptions, FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ replicas: 2 });
 * const partly: CatchUpOptions = { upTo: server.resourceVersion };
 * server.replicas[1]?.catchUp(partly);
 * await server.close();
 * ```
 */
export interface CatchUpOptions {
  /**
   * Apply the events up to this version (a version the server rendered) and keep lagging after
   * it. Default: everything, and the replica stops lagging.
   */
  readonly upTo?: string;
}
