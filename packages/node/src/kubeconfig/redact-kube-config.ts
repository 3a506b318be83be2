import { redactUrlCredentials } from '../internal/kubeconfig/redact-url-credentials.js';
import type {
  ExecConfig,
  KubeConfig,
  KubeConfigCluster,
  KubeConfigUser,
  NamedExtension,
  NamedUser,
} from './kube-config.js';

const REDACTED = '[redacted]';
const EXEC_CLUSTER_EXTENSION = 'client.authentication.k8s.io/exec';

/**
 * A copy of a kubeconfig that is safe to print or log: tokens, passwords, private keys,
 * auth-provider settings, exec plugin arguments and environment values, the cluster's
 * `client.authentication.k8s.io/exec` extension and proxy credentials are replaced by
 * `[redacted]` (client-go redacts the Args, Env and Config of an exec plugin the same way). Loaded configs already print this way (`util.inspect`, `JSON.stringify`); use
 * this for configs built by hand.
 *
 * @example
 * ```ts
 * import { loadKubeConfig, redactKubeConfig } from '@rxkube/node';
 * console.log(JSON.stringify(redactKubeConfig(loadKubeConfig()), null, 2));
 * ```
 */
export function redactKubeConfig(config: KubeConfig): KubeConfig {
  const copy: Record<string, unknown> = { ...config };
  if (config.users) copy.users = config.users.map(redactNamedUser);
  if (config.clusters) {
    copy.clusters = config.clusters.map((named) => ({
      ...named,
      cluster: redactCluster(named.cluster),
    }));
  }
  return copy as KubeConfig;
}

function redactNamedUser(named: NamedUser): NamedUser {
  return { ...named, user: redactUser(named.user) };
}

function redactUser(user: KubeConfigUser): KubeConfigUser {
  const copy: Record<string, unknown> = { ...user };
  for (const field of ['token', 'password', 'client-key-data'] as const) {
    if (user[field] !== undefined) copy[field] = REDACTED;
  }
  const provider = user['auth-provider'];
  if (provider?.config) {
    copy['auth-provider'] = {
      ...provider,
      config: Object.fromEntries(Object.keys(provider.config).map((key) => [key, REDACTED])),
    };
  }
  if (user.exec !== undefined) copy.exec = redactExecConfig(user.exec);
  return copy as KubeConfigUser;
}

/**
 * client-go prints an ExecConfig with Args, Env and Config redacted: arguments carry client
 * secrets (`--oidc-client-secret=…`), environment values carry keys. The command, API version
 * and environment variable names stay readable.
 */
function redactExecConfig(exec: ExecConfig): ExecConfig {
  const copy: Record<string, unknown> = { ...exec };
  if (Array.isArray(exec.args)) copy.args = exec.args.map(() => REDACTED);
  if (Array.isArray(exec.env)) {
    copy.env = exec.env.map((variable) => ({ name: variable?.name, value: REDACTED }));
  }
  return copy as unknown as ExecConfig;
}

/** A cluster's `client.authentication.k8s.io/exec` extension is the plugin's own configuration. */
function redactClusterExtensions(extensions: readonly NamedExtension[]): readonly NamedExtension[] {
  return extensions.map((named) =>
    named?.name === EXEC_CLUSTER_EXTENSION ? { ...named, extension: REDACTED } : named,
  );
}

function redactCluster(cluster: KubeConfigCluster): KubeConfigCluster {
  const copy: Record<string, unknown> = { ...cluster };
  const proxy = cluster['proxy-url'];
  if (typeof proxy === 'string') copy['proxy-url'] = redactUrlCredentials(proxy);
  if (Array.isArray(cluster.extensions)) {
    copy.extensions = redactClusterExtensions(cluster.extensions);
  }
  return copy as KubeConfigCluster;
}
