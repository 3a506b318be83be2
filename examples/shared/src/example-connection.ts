import type { createClient } from '@rxkube/node';
import type { EmbeddedCluster } from './embedded-cluster.js';

/**
 * How an example reaches its cluster.
 *
 * @example
 * ```ts
 * import type { ExampleConnection } from './example-connection.js';
 * declare const connection: ExampleConnection;
 * const client = connection.connect();
 * ```
 */
export interface ExampleConnection {
  /** The embedded cluster, when the example runs against one. */
  readonly cluster: EmbeddedCluster | undefined;
  /** A new client (its own connections) for the cluster. */
  readonly connect: () => ReturnType<typeof createClient>;
  /** The namespace to watch: `undefined` for all of them. */
  readonly namespace: string | undefined;
}
