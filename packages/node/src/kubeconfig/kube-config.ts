/**
 * A kubeconfig, as written in its YAML file (`apiVersion: v1`, `kind: Config`): field names
 * are the file's, so an object literal reads like the file. Paths inside a loaded config are
 * absolute (resolved against the file that held them).
 *
 * The types below are the parts rxkube reads; unknown fields are kept but ignored.
 *
 * @example
 * ```ts
 * import { createClient, type KubeConfig } from '@rxkube/node';
 * const kubeconfig: KubeConfig = {
 *   clusters: [{ name: 'dev', cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority': '/etc/dev/ca.crt' } }],
 *   users: [{ name: 'me', user: { tokenFile: '/run/secrets/dev-token' } }],
 *   contexts: [{ name: 'dev', context: { cluster: 'dev', user: 'me', namespace: 'apps' } }],
 *   'current-context': 'dev',
 * };
 * const client = createClient({ kubeconfig });
 * ```
 */
export interface KubeConfig {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly clusters?: readonly NamedCluster[];
  readonly users?: readonly NamedUser[];
  readonly contexts?: readonly NamedContext[];
  /** The context used when none is chosen explicitly. */
  readonly 'current-context'?: string;
  readonly preferences?: Readonly<Record<string, unknown>>;
  readonly extensions?: readonly NamedExtension[];
}

/**
 * A cluster entry of a {@link KubeConfig}: a name and how to reach the server.
 *
 * @example
 * ```ts
 * import type { NamedCluster } from '@rxkube/node';
 * const dev: NamedCluster = { name: 'dev', cluster: { server: 'https://10.0.0.1:6443' } };
 * ```
 */
export interface NamedCluster {
  readonly name: string;
  readonly cluster: KubeConfigCluster;
}

/**
 * How to reach and trust an API server.
 *
 * @example
 * ```ts
 * import type { KubeConfigCluster } from '@rxkube/node';
 * const cluster: KubeConfigCluster = {
 *   server: 'https://api.internal:6443',
 *   'certificate-authority': '/etc/kubernetes/ca.crt',
 *   'tls-server-name': 'kubernetes.default',
 * };
 * ```
 */
export interface KubeConfigCluster {
  /** The API server's URL, e.g. `https://10.0.0.1:6443`. */
  readonly server?: string;
  /** The name to verify the server's certificate against, instead of the URL's host. */
  readonly 'tls-server-name'?: string;
  /** Skip verifying the server's certificate. Dangerous; rxkube warns when it is set. */
  readonly 'insecure-skip-tls-verify'?: boolean;
  /** A PEM file of CA certificates to trust for this server. */
  readonly 'certificate-authority'?: string;
  /** Base64 of PEM CA certificates; wins over `certificate-authority`. */
  readonly 'certificate-authority-data'?: string;
  /** An `http://` or `https://` proxy to reach the server through. */
  readonly 'proxy-url'?: string;
  readonly 'disable-compression'?: boolean;
  readonly extensions?: readonly NamedExtension[];
}

/**
 * A user (credentials) entry of a {@link KubeConfig}.
 *
 * @example
 * ```ts
 * import type { NamedUser } from '@rxkube/node';
 * const me: NamedUser = { name: 'me', user: { tokenFile: '/run/secrets/token' } };
 * ```
 */
export interface NamedUser {
  readonly name: string;
  readonly user: KubeConfigUser;
}

/**
 * Credentials for an API server. Secrets in it are redacted by {@link redactKubeConfig}. One of
 * token/tokenFile, username/password or exec supplies the `Authorization` header; a client
 * certificate may be combined with any of them.
 *
 * @example
 * ```ts
 * import type { KubeConfigUser } from '@rxkube/node';
 * const user: KubeConfigUser = { 'client-certificate': 'me.crt', 'client-key': 'me.key' };
 * ```
 */
export interface KubeConfigUser {
  /** A PEM client certificate file. */
  readonly 'client-certificate'?: string;
  /** Base64 of a PEM client certificate; wins over `client-certificate`. */
  readonly 'client-certificate-data'?: string;
  /** A PEM private key file for the client certificate. */
  readonly 'client-key'?: string;
  /** Base64 of a PEM private key; wins over `client-key`. */
  readonly 'client-key-data'?: string;
  /** A bearer token. */
  readonly token?: string;
  /** A file holding a bearer token; re-read periodically and after a 401. */
  readonly tokenFile?: string;
  /** Basic authentication. */
  readonly username?: string;
  readonly password?: string;
  /** Impersonation: act as this user. */
  readonly as?: string;
  readonly 'as-uid'?: string;
  readonly 'as-groups'?: readonly string[];
  readonly 'as-user-extra'?: Readonly<Record<string, readonly string[]>>;
  /** A legacy in-tree auth provider (gcp, azure, oidc): not supported, use `exec`. */
  readonly 'auth-provider'?: AuthProviderConfig;
  /** An exec credential plugin. */
  readonly exec?: ExecConfig;
  readonly extensions?: readonly NamedExtension[];
}

/**
 * A legacy `auth-provider` entry. Not supported (it fails naming the exec plugin to use); its
 * `config` holds secrets and is always redacted.
 *
 * @example
 * ```ts
 * import type { AuthProviderConfig } from '@rxkube/node';
 * const legacy: AuthProviderConfig = { name: 'gcp' }; // use gke-gcloud-auth-plugin instead
 * ```
 */
export interface AuthProviderConfig {
  readonly name: string;
  readonly config?: Readonly<Record<string, string>>;
}

/**
 * How to run an exec credential plugin (`client.authentication.k8s.io/v1` or `v1beta1`).
 *
 * @example
 * ```ts
 * import type { ExecConfig } from '@rxkube/node';
 * const exec: ExecConfig = {
 *   apiVersion: 'client.authentication.k8s.io/v1',
 *   command: 'gke-gcloud-auth-plugin',
 *   interactiveMode: 'IfAvailable',
 *   provideClusterInfo: true,
 * };
 * ```
 */
export interface ExecConfig {
  /** The program: a name looked up in `PATH`, or a path (relative to the kubeconfig's folder). */
  readonly command: string;
  readonly args?: readonly string[] | null;
  /** Extra environment variables for the plugin, on top of the process environment. */
  readonly env?: readonly ExecEnvVar[] | null;
  /** The ExecCredential version the plugin speaks and must answer with. */
  readonly apiVersion: string;
  /** Printed in the error when the command cannot be found. */
  readonly installHint?: string;
  /** Pass the cluster's connection details in `KUBERNETES_EXEC_INFO`. */
  readonly provideClusterInfo?: boolean;
  /**
   * Whether the plugin may use standard input: `Never`, `IfAvailable` (when it is a terminal)
   * or `Always` (fails without a terminal). Required for `v1`; `v1beta1` defaults to
   * `IfAvailable`.
   */
  readonly interactiveMode?: 'Never' | 'IfAvailable' | 'Always';
}

/**
 * One environment variable of an {@link ExecConfig}; its value is redacted when printed.
 *
 * @example
 * ```ts
 * import type { ExecEnvVar } from '@rxkube/node';
 * const variable: ExecEnvVar = { name: 'AWS_PROFILE', value: 'prod' };
 * ```
 */
export interface ExecEnvVar {
  readonly name: string;
  readonly value: string;
}

/**
 * A context entry of a {@link KubeConfig}: a cluster, a user and a default namespace.
 *
 * @example
 * ```ts
 * import type { NamedContext } from '@rxkube/node';
 * const context: NamedContext = { name: 'dev', context: { cluster: 'dev', user: 'me', namespace: 'apps' } };
 * ```
 */
export interface NamedContext {
  readonly name: string;
  readonly context: KubeConfigContext;
}

/**
 * What a context combines: a cluster name, a user name and the default namespace.
 *
 * @example
 * ```ts
 * import type { KubeConfigContext } from '@rxkube/node';
 * const context: KubeConfigContext = { cluster: 'dev', user: 'me' }; // namespace: default
 * ```
 */
export interface KubeConfigContext {
  readonly cluster: string;
  readonly user?: string;
  /** The namespace used when none is given; `default` when unset. */
  readonly namespace?: string;
  readonly extensions?: readonly NamedExtension[];
}

/**
 * A named extension: opaque data for tools. The cluster extension named
 * `client.authentication.k8s.io/exec` becomes `spec.cluster.config` of an exec plugin.
 *
 * @example
 * ```ts
 * import type { NamedExtension } from '@rxkube/node';
 * const extension: NamedExtension = { name: 'client.authentication.k8s.io/exec', extension: { audience: 'x' } };
 * ```
 */
export interface NamedExtension {
  readonly name: string;
  readonly extension: unknown;
}
