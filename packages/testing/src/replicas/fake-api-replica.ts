import type { CatchUpOptions } from './catch-up-options.js';
import type { RestartOptions } from './restart-options.js';

/**
 * One apiserver replica of {@link FakeApiServer} (`server.replicas`): all replicas share one store
 * (etcd), each has its own watch cache and its own watches, as HA kube-apiservers do.
 *
 * A replica's watch cache answers what kube-apiserver 1.20 answers from it: LISTs with
 * `resourceVersion=0` and unpaginated `NotOlderThan` LISTs (a version it has not reached is waited
 * for, then refused with 504 `ResourceVersionTooLarge`), and every WATCH (from its history; a
 * version older than its start is 410 Expired). Consistent, `Exact` and paginated LISTs read the
 * shared store. `lag()` freezes the cache, `catchUp()` brings it forward, `restart()` forgets its
 * history and cuts its watches.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ replicas: 2 });
 * const [first, second] = server.replicas;
 * second?.lag(); // its cache stops at the current version
 * server.create({ version: 'v1', resource: 'configmaps' }, { metadata: { name: 'a', namespace: 'default' } });
 * console.log(second?.resourceVersion === server.resourceVersion); // false
 * second?.catchUp();
 * first?.restart(); // its watches end, versions from before now are 410 there
 * await server.close();
 * ```
 */
export interface FakeApiReplica {
  /** Its position in `server.replicas`, as in `RequestRecord.replica`. */
  readonly index: number;
  /** The newest version its watch cache has applied (of the whole store). */
  readonly resourceVersion: string;
  /** Whether its cache is frozen by `lag()`. */
  readonly lagging: boolean;
  /** Watch streams it serves now. */
  readonly openWatches: number;
  /**
   * Freezes its watch cache at the version it has now: later writes reach neither its watches
   * nor its cache reads until `catchUp()`. At most `historyLimit` events of a resource can be
   * held back; catching up over more restarts the replica, as a cache that lost its place relists.
   */
  lag(): void;
  /** Applies what it held back (up to `upTo` when given; the newest version by default). */
  catchUp(options?: CatchUpOptions): void;
  /**
   * Restarts it at once: its watches are cut without a final event (the socket closes, as when
   * the process dies), its cache starts again at the store's current version, so a watch from an
   * older version gets 410 Expired there (`too old resource version: X (NOW)`), and it stops
   * lagging. With `initializingMs`, its watch caches then (re)initialize for that long (see
   * {@link RestartOptions}).
   */
  restart(options?: RestartOptions): void;
}
