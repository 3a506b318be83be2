import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tokenFileAuth } from '../../auth/token-file-auth.js';
import { proxyFromEnvironment } from '../../internal/kubeconfig/proxy-from-environment.js';
import { kubeConfigDefaults } from '../../kubeconfig/kube-config-defaults.js';
import { KubeConfigError } from '../../kubeconfig/kube-config-error.js';
import type { ResolvedConnection } from '../resolved-connection.js';
import { sealConnection } from '../seal-connection.js';
import type { InClusterOptions } from './in-cluster-options.js';

/**
 * The connection of a pod to its own cluster, as client-go builds it: the API server at
 * `https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT` (an IPv6 host in brackets), the
 * service-account `token` as a bearer token re-read as it rotates, `ca.crt` as the only trusted
 * CA, and the namespace from `POD_NAMESPACE`, else the `namespace` file, else `default`.
 *
 * Throws a {@link KubeConfigError} `NotInCluster` when the variables or the token are missing.
 * A missing `ca.crt` is warned about, and the system's CAs are used (TLS stays verified).
 */
export function resolveInCluster(options: InClusterOptions = {}): ResolvedConnection {
  const env = options.env ?? process.env;
  const dir = options.dir ?? kubeConfigDefaults.serviceAccountDir;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) {
    throw new KubeConfigError(
      'NotInCluster',
      'not running in a cluster: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be set',
    );
  }
  const tokenPath = join(dir, 'token');
  try {
    if (!statSync(tokenPath).isFile()) throw new Error('not a file');
  } catch (error) {
    throw new KubeConfigError(
      'NotInCluster',
      `not running in a cluster: the service-account token ${tokenPath} is missing`,
      { path: tokenPath, cause: error },
    );
  }
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const caPath = join(dir, 'ca.crt');
  let ca: string | undefined;
  try {
    ca = readFileSync(caPath, 'utf8');
  } catch {
    process.emitWarning(
      `service-account CA ${caPath} cannot be read; verifying the API server against the system's CAs`,
      { type: 'Warning', code: 'RXKUBE_IN_CLUSTER_CA' },
    );
  }
  const baseUrl = `https://${hostPart}:${port}`;
  const proxyUrl = proxyFromEnvironment(baseUrl, env);
  return sealConnection({
    baseUrl,
    namespace: inClusterNamespace(env, dir),
    origin: `in-cluster service account ${dir}`,
    rejectUnauthorized: true,
    ...(ca !== undefined && { ca }),
    ...(proxyUrl !== undefined && { proxyUrl }),
    authKind: 'token-file',
    auth: tokenFileAuth({
      path: tokenPath,
      ...(options.tokenFileRefreshMs !== undefined && { refreshMs: options.tokenFileRefreshMs }),
    }),
    headers: {},
  });
}

function inClusterNamespace(
  env: Readonly<Record<string, string | undefined>>,
  dir: string,
): string {
  const fromEnv = env.POD_NAMESPACE?.trim();
  if (fromEnv) return fromEnv;
  try {
    const fromFile = readFileSync(join(dir, 'namespace'), 'utf8').trim();
    if (fromFile !== '') return fromFile;
  } catch {
    // No namespace file: the default namespace, as client-go.
  }
  return kubeConfigDefaults.namespace;
}
