import type { WarningHandler } from '@rxkube/core/transport';
import type { KubeConfig } from './kubeconfig/kube-config.js';
import type { UndiciTransportOptions } from './undici-transport.js';

/**
 * Options of {@link createClient}. All optional: with none, connect wherever kubectl would.
 *
 * @example
 * ```ts
 * import type { CreateClientOptions } from '@rxkube/node';
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
  /**
   * Told of every `Warning` header the API server sends (a deprecated API version, a field it
   * will drop), as client-go's `WarningHandler`; kubectl prints them as `Warning: …`. Default:
   * none.
   */
  readonly onWarning?: WarningHandler;
  /** Whether standard input is a terminal, for exec plugins. Default: asked of descriptor 0. */
  readonly stdinIsTerminal?: boolean;
  /**
   * How long an exec credential plugin may run before it is ended and the request fails with
   * `KubeConfigError` `ExecTimeout`. Default `kubeConfigDefaults.execTimeoutMs` (two minutes).
   */
  readonly execTimeoutMs?: number;
}
