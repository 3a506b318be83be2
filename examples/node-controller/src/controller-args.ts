import type { ExampleArgs } from '@rxkube/example-shared';

/**
 * The command line of the controller example, parsed: the shared options and its own.
 *
 * @example
 * ```ts
 * import type { ControllerArgs } from './controller-args.js';
 * const args: ControllerArgs = { mode: 'embedded', allNamespaces: true, act: true, help: false };
 * ```
 */
export interface ControllerArgs extends ExampleArgs {
  /** Record Events on crash-looping pods: always against the embedded server, `--act` on a real one. */
  readonly act: boolean;
  /** `--replicas <n>`: replicas in this process, sharing one Lease (embedded default 2, real 1). */
  readonly replicas?: number;
  /** `--crash-leader-after <seconds>`: the leading replica crashes then (embedded default 6; 0: never). */
  readonly crashLeaderAfterMs?: number;
  /** `--lease-namespace <ns>`: where the Lease lives (default: the namespace, else `default`). */
  readonly leaseNamespace?: string;
  /** `--shards`: every replica acts, each on its share of the pods, instead of one leader. */
  readonly shards?: boolean;
  /** `--metrics-port <port>`: serve the metrics as Prometheus text there (0: any free port). */
  readonly metricsPort?: number;
}
