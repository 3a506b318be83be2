import type { KubeConfig, KubeConfigCluster, KubeConfigUser, NamedUser } from './kube-config.js';
import { redactUrlCredentials } from './redact-url-credentials.js';

const REDACTED = '[redacted]';

/**
 * A copy of a kubeconfig that is safe to print or log: tokens, passwords, private keys,
 * auth-provider settings, exec plugin environment values and proxy credentials are replaced by
 * `[redacted]`. Loaded configs already print this way (`util.inspect`, `JSON.stringify`); use
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
  if (user.exec?.env) {
    copy.exec = {
      ...user.exec,
      env: user.exec.env.map((variable) => ({ name: variable.name, value: REDACTED })),
    };
  }
  return copy as KubeConfigUser;
}

function redactCluster(cluster: KubeConfigCluster): KubeConfigCluster {
  const proxy = cluster['proxy-url'];
  if (proxy === undefined) return { ...cluster };
  return { ...cluster, 'proxy-url': redactUrlCredentials(proxy) };
}
