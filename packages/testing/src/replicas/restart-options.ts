/**
 * How {@link FakeApiReplica.restart} restarts a replica.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type RestartOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ kubernetesVersion: '1.34', replicas: 2 });
 * const slowCache: RestartOptions = { initializingMs: 2_000 };
 * server.replicas[1]?.restart(slowCache);
 * await server.close();
 * ```
 */
export interface RestartOptions {
  /**
   * How long its watch caches take to (re)initialize (their LIST of etcd, long for a large
   * resource). Meanwhile, from 1.31 (ResilientWatchCacheInitialization), watches and the LISTs
   * its cache serves get 429 `storage is (re)initializing` with `Retry-After` =
   * e^(0.06 · seconds since the restart) within [1, 30] (LISTs with a `limit` and no selector go
   * to etcd instead); before 1.31 they wait until the cache is ready, and a LIST at
   * `resourceVersion=0` is read from etcd. Default 0: ready at once.
   */
  readonly initializingMs?: number;
}
