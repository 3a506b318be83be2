import type { KubeClient } from '@rxkube/core';
import { clientForConnection } from './kubeconfig/client-for-connection.js';
import type { KubeConfig } from './kubeconfig/kube-config.js';
import { resolveClientConnection } from './kubeconfig/resolve-client-connection.js';
import {
  type UndiciTransport,
  type UndiciTransportOptions,
  undiciTransport,
} from './undici-transport.js';

/**
 * Options of {@link createClient}. All optional: with none, connect wherever kubectl would.
 *
 * @example
 * ```ts
 * const options: CreateClientOptions = { kubeconfig: '/etc/ci/kubeconfig', context: 'staging' };
 * ```
 */
export interface CreateClientOptions {
  /**
   * A plain API server URL, such as `kubectl proxy`'s `http://127.0.0.1:8001`: no kubeconfig,
   * no credentials. Excludes `kubeconfig`, `context` and `inCluster`.
   */
  readonly baseUrl?: string;
  /**
   * A kubeconfig file (read alone, as kubectl's `--kubeconfig`; it must exist) or a config
   * object. Default: the files of `KUBECONFIG`, merged, else `~/.kube/config`.
   */
  readonly kubeconfig?: string | KubeConfig;
  /** The kubeconfig context to use instead of its `current-context`. */
  readonly context?: string;
  /** The namespace the client reports, instead of the context's (or the pod's). */
  readonly namespace?: string;
  /**
   * The environment: `KUBECONFIG`, `HOME`, proxies, the in-cluster variables, and the base
   * environment of exec plugins. Default `process.env`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The home directory for `~/.kube/config`. Default `HOME`, else the OS's. */
  readonly homeDir?: string;
  /**
   * `true` (or `{ dir }`, the same as `serviceAccountDir`): use the pod's service account and
   * nothing else. `false`: never fall back to it. Unset: like client-go, use it when no
   * kubeconfig selects a cluster and the pod environment is present.
   */
  readonly inCluster?: boolean | { readonly dir?: string };
  /**
   * The service-account folder (`token`, `ca.crt`, `namespace`) for the in-cluster
   * configuration, forced or as the fallback. Default
   * `/var/run/secrets/kubernetes.io/serviceaccount`.
   */
  readonly serviceAccountDir?: string;
  /**
   * How long a token read from a file (`tokenFile`, the service-account token) is used before
   * the file is read again. Default one minute; a 401 always re-reads it.
   */
  readonly tokenFileRefreshMs?: number;
  /** Connection tuning passed to the undici transport (`allowH2`, `connections`). */
  readonly transport?: Pick<UndiciTransportOptions, 'allowH2' | 'connections'>;
  /** Whether standard input is a terminal, for exec plugins. Default: asked of descriptor 0. */
  readonly stdinIsTerminal?: boolean;
}

/**
 * Creates a {@link KubeClient} for a real cluster. With no options it connects where `kubectl`
 * would: the current context of the kubeconfig (`KUBECONFIG`'s files merged, else
 * `~/.kube/config`), else, inside a pod, the pod's service account. The client's `namespace`
 * is the context's (default `default`) or the pod's.
 *
 * TLS is verified unless the kubeconfig sets `insecure-skip-tls-verify`, which emits a
 * `SecurityWarning`. Tokens, keys and passwords never appear in errors, and printing the
 * client (`util.inspect`, `JSON.stringify`) shows where it connects and how it authenticates,
 * never the credential. Files named by the config are read now; token files are re-read as
 * they rotate and exec plugins run on the first request and again when their credential
 * expires or the server answers 401.
 *
 * Throws a {@link KubeConfigError} when nothing is configured (`NotFound`) or the
 * configuration is wrong.
 *
 * @example
 * ```ts
 * import { createClient } from '@rxkube/node';
 * import { watch$ } from '@rxkube/core';
 *
 * const client = createClient(); // like kubectl, or in a pod: its service account
 * watch$(client, { version: 'v1', resource: 'pods', namespace: client.namespace }).subscribe(console.log);
 *
 * createClient({ baseUrl: 'http://127.0.0.1:8001' }); // kubectl proxy
 * createClient({ kubeconfig: '/etc/ci/kubeconfig', context: 'staging' });
 * createClient({ inCluster: true });
 * ```
 */
export function createClient(
  options: CreateClientOptions = {},
): KubeClient & { readonly transport: UndiciTransport } {
  return clientForConnection(resolveClientConnection(options), options, undiciTransport);
}
