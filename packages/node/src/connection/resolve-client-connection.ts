import { existsSync } from 'node:fs';
import type { CreateClientOptions } from '../create-client-options.js';
import { proxyFromEnvironment } from '../internal/kubeconfig/proxy-from-environment.js';
import { kubeConfigSources } from '../kubeconfig/internal/kube-config-sources.js';
import { protectKubeConfig } from '../kubeconfig/internal/protect-kube-config.js';
import type { KubeConfig } from '../kubeconfig/kube-config.js';
import { kubeConfigDefaults } from '../kubeconfig/kube-config-defaults.js';
import { KubeConfigError } from '../kubeconfig/kube-config-error.js';
import { loadKubeConfig } from '../kubeconfig/load-kube-config.js';
import type { InClusterOptions } from './in-cluster/in-cluster-options.js';
import { inClusterPossible } from './in-cluster/in-cluster-possible.js';
import { resolveInCluster } from './in-cluster/resolve-in-cluster.js';
import { resolveKubeConfig } from './resolve-kube-config.js';
import type { ResolvedConnection } from './resolved-connection.js';
import { sealConnection } from './seal-connection.js';

/**
 * The connection `createClient` would use, in client-go's order of precedence: a plain
 * `baseUrl`; forced in-cluster; the kubeconfig (explicit file or object, else `KUBECONFIG`,
 * else `~/.kube/config`) and its context; when that selects no cluster, the pod's service
 * account if present; else a {@link KubeConfigError} `NotFound`.
 */
export function resolveClientConnection(options: CreateClientOptions): ResolvedConnection {
  const env = options.env ?? process.env;
  if (options.baseUrl !== undefined) {
    if (options.kubeconfig !== undefined || options.context !== undefined || options.inCluster) {
      throw new KubeConfigError(
        'Invalid',
        'baseUrl cannot be combined with kubeconfig, context or inCluster',
      );
    }
    return plainConnection(options.baseUrl, options.namespace, env);
  }
  const serviceAccountDir =
    (typeof options.inCluster === 'object' ? options.inCluster.dir : undefined) ??
    options.serviceAccountDir;
  const inClusterOptions: InClusterOptions = {
    env,
    ...(serviceAccountDir !== undefined && { dir: serviceAccountDir }),
    ...(options.tokenFileRefreshMs !== undefined && {
      tokenFileRefreshMs: options.tokenFileRefreshMs,
    }),
  };
  if (options.inCluster !== undefined && options.inCluster !== false) {
    return withNamespace(resolveInCluster(inClusterOptions), options.namespace);
  }

  let config: KubeConfig;
  let source: string;
  // The files kubectl reads, when they were looked for: if none exists, that is what to say.
  let looked: readonly string[] | undefined;
  if (typeof options.kubeconfig === 'object') {
    config = protectKubeConfig(options.kubeconfig);
    source = 'the given kubeconfig';
  } else {
    const sourceOptions = {
      env,
      ...(options.kubeconfig !== undefined && { kubeconfig: options.kubeconfig }),
      ...(options.homeDir !== undefined && { homeDir: options.homeDir }),
    };
    config = loadKubeConfig(sourceOptions);
    const { paths } = kubeConfigSources(sourceOptions);
    source = paths.join(', ');
    looked = paths;
  }
  const resolution = resolveKubeConfig(config, {
    source,
    env,
    ...(options.context !== undefined && { context: options.context }),
    ...(options.tokenFileRefreshMs !== undefined && {
      tokenFileRefreshMs: options.tokenFileRefreshMs,
    }),
    ...(options.stdinIsTerminal !== undefined && { stdinIsTerminal: options.stdinIsTerminal }),
    ...(options.execTimeoutMs !== undefined && { execTimeoutMs: options.execTimeoutMs }),
  });
  if (resolution.kind === 'resolved') {
    return withNamespace(resolution.connection, options.namespace);
  }
  // client-go: a kubeconfig that selects no cluster gives way to the pod's service account.
  if (options.inCluster === undefined && inClusterPossible(inClusterOptions)) {
    return withNamespace(resolveInCluster(inClusterOptions), options.namespace);
  }
  const notAPod =
    options.inCluster === false ? '' : ', and this is not a pod (no service-account environment)';
  const missing =
    looked !== undefined && !looked.some((path) => existsSync(path))
      ? missingKubeConfig(looked, env)
      : undefined;
  if (missing !== undefined) {
    throw new KubeConfigError(
      'NotFound',
      `${missing.why}${options.inCluster === false ? '' : ' (this is not a pod either: no service-account environment)'}`,
      missing.path === undefined ? {} : { path: missing.path },
    );
  }
  throw new KubeConfigError(
    'NotFound',
    `no Kubernetes cluster configured: ${resolution.why}${notAPod}`,
  );
}

/**
 * What to say when none of the kubeconfig files kubectl would read exists, as `rxkube get`
 * says it: the file, and what to do instead.
 */
function missingKubeConfig(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { readonly why: string; readonly path: string | undefined } {
  const instead = 'or pass the kubeconfig or baseUrl option';
  const fromEnv = Boolean(env[kubeConfigDefaults.kubeconfigEnv]);
  const [only] = paths;
  if (paths.length === 1 && only !== undefined) {
    return {
      why: `kubeconfig ${only} does not exist: ${fromEnv ? 'correct' : 'set'} KUBECONFIG, ${instead}`,
      path: only,
    };
  }
  return {
    why: `none of the kubeconfig files in KUBECONFIG exists (${paths.join(', ')}): correct KUBECONFIG, ${instead}`,
    path: only,
  };
}

function plainConnection(
  baseUrl: string,
  namespace: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedConnection {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new KubeConfigError('Invalid', 'baseUrl is not a URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new KubeConfigError('Invalid', 'baseUrl must not contain credentials');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KubeConfigError('Invalid', 'baseUrl must be an https:// or http:// URL');
  }
  // kubectl --server reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY like any other server.
  const proxyUrl = proxyFromEnvironment(url.toString(), env);
  return sealConnection({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(proxyUrl !== undefined && { proxyUrl }),
    ...(namespace !== undefined && { namespace }),
    origin: 'baseUrl',
    rejectUnauthorized: true,
    authKind: 'none',
    headers: {},
  });
}

function withNamespace(
  connection: ResolvedConnection,
  namespace: string | undefined,
): ResolvedConnection {
  if (namespace === undefined || namespace === connection.namespace) return connection;
  return sealConnection({ ...connection, namespace });
}
