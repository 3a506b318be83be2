import type { FakeApiServer } from '@rxkube/testing';

/**
 * A running embedded API server with pods under churn.
 *
 * @example
 * ```ts
 * import type { EmbeddedCluster } from './embedded-cluster.js';
 * declare const cluster: EmbeddedCluster;
 * console.log(cluster.server.url);
 * await cluster.stop();
 * ```
 */
export interface EmbeddedCluster {
  /** The fake API server (`server.url` to connect, `server.objects()` to inspect). */
  readonly server: FakeApiServer;
  /** Stops the churn and closes the server. */
  stop(): Promise<void>;
}
