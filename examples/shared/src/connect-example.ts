import { createClient } from '@rxkube/node';
import type { EmbeddedCluster } from './embedded-cluster.js';
import type { ExampleArgs } from './example-args.js';
import type { ExampleConnection } from './example-connection.js';
import { logLine } from './log-line.js';
import { messageOf } from './message-of.js';

/**
 * Options of `connectExample`.
 *
 * @example
 * ```ts
 * import type { ConnectExampleOptions } from './connect-example.js';
 * declare const options: ConnectExampleOptions;
 * ```
 */
export interface ConnectExampleOptions {
  /** Starts the example's embedded cluster. */
  readonly startEmbedded: () => Promise<EmbeddedCluster>;
  /** Said after `real cluster` when the example runs against a real one, e.g. ` (read-only)`. */
  readonly realNote: string;
}

/**
 * Starts the embedded cluster or checks the kubeconfig (exiting with 1 and its error, never a
 * credential, when it is unusable), says which on stdout, and picks the namespace: `-A` all,
 * else `-n`, else the kubeconfig context's on a real cluster, else all.
 *
 * @example
 * ```ts
 * import { connectExample } from './connect-example.js';
 * import { parseExampleArgs } from './parse-example-args.js';
 * import { startChurningCluster } from './start-churning-cluster.js';
 * const connection = await connectExample(parseExampleArgs([], {}), {
 *   startEmbedded: () =>
 *     startChurningCluster({ seed: 1, churnIntervalMs: 40, faults: false, churn: () => () => {} }),
 *   realNote: ' (read-only)',
 * });
 * ```
 */
export async function connectExample(
  args: ExampleArgs,
  options: ConnectExampleOptions,
): Promise<ExampleConnection> {
  let cluster: EmbeddedCluster | undefined;
  let connect: () => ReturnType<typeof createClient>;
  if (args.mode === 'embedded') {
    cluster = await options.startEmbedded();
    const url = cluster.server.url;
    connect = () => createClient({ baseUrl: url });
    logLine(`embedded API server at ${url}: pods churning, faults injected`);
  } else {
    const clientOptions = {
      ...(args.kubeconfig === undefined ? {} : { kubeconfig: args.kubeconfig }),
      ...(args.context === undefined ? {} : { context: args.context }),
    };
    connect = () => createClient(clientOptions);
    try {
      void connect().transport.destroy();
    } catch (error) {
      // A KubeConfigError says what is missing or wrong, never a credential.
      process.stderr.write(`cannot connect: ${messageOf(error)}\n`);
      process.exit(1);
    }
    logLine(`real cluster${options.realNote}`);
  }
  const first = connect();
  const namespace = args.allNamespaces
    ? undefined
    : (args.namespace ?? (args.mode === 'real' ? first.namespace : undefined));
  void first.transport.destroy();
  return { cluster, connect, namespace };
}
