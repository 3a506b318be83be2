import { readFileSync } from 'node:fs';
import type { AuthProvider } from '@rxkube/core';
import { type ExecClusterInfo, execCredentialAuth } from '../auth/exec-credential-auth.js';
import { tokenFileAuth } from '../auth/token-file-auth.js';
import { staticHeaderAuth } from '../internal/auth/static-header-auth.js';
import { pemCertificatesProblem } from '../internal/check-pem-certificates.js';
import { proxyFromEnvironment } from '../internal/kubeconfig/proxy-from-environment.js';
import { warnInsecure } from '../internal/kubeconfig/warn-insecure.js';
import type { KubeConfig, KubeConfigCluster, KubeConfigUser } from '../kubeconfig/kube-config.js';
import { kubeConfigDefaults } from '../kubeconfig/kube-config-defaults.js';
import { KubeConfigError } from '../kubeconfig/kube-config-error.js';
import type { ConnectionAuthKind, ResolvedConnection } from './resolved-connection.js';
import { sealConnection } from './seal-connection.js';

/** Options of {@link resolveKubeConfig}. */
export interface ResolveKubeConfigOptions {
  /** The context to use instead of `current-context`. */
  readonly context?: string;
  /** Where the config came from, for messages (e.g. the file list). */
  readonly source?: string;
  /** The environment (proxy variables; the base environment of exec plugins). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly tokenFileRefreshMs?: number;
  readonly stdinIsTerminal?: boolean;
  readonly execTimeoutMs?: number;
}

/**
 * The outcome of resolving a kubeconfig: a connection, or `empty` when the config selects no
 * usable cluster (no context chosen, or a cluster without a server), which is when client-go
 * falls back to the in-cluster configuration.
 */
export type KubeConfigResolution =
  | { readonly kind: 'resolved'; readonly connection: ResolvedConnection }
  | { readonly kind: 'empty'; readonly why: string };

const EXEC_CLUSTER_EXTENSION = 'client.authentication.k8s.io/exec';

/**
 * Resolves a context of a kubeconfig (the explicit one, else `current-context`) to the server,
 * TLS settings, proxy, namespace and credentials kubectl would use. Files named by the config
 * are read now (a missing one throws); token files and exec plugins are read and run on use.
 */
export function resolveKubeConfig(
  config: KubeConfig,
  options: ResolveKubeConfigOptions = {},
): KubeConfigResolution {
  const env = options.env ?? process.env;
  const source = options.source === undefined ? '' : ` in ${options.source}`;
  const contextName =
    options.context !== undefined && options.context !== ''
      ? options.context
      : config['current-context'];
  if (contextName === undefined || contextName === '') {
    return { kind: 'empty', why: `no current-context is set${source}` };
  }
  const context = config.contexts?.find((named) => named.name === contextName)?.context;
  if (context === undefined) {
    throw new KubeConfigError(
      'ContextNotFound',
      `context '${contextName}' is not defined${source}`,
    );
  }
  const clusterName = context.cluster;
  const cluster = config.clusters?.find((named) => named.name === clusterName)?.cluster;
  if (cluster === undefined) {
    throw new KubeConfigError(
      'ClusterNotFound',
      `cluster '${clusterName}' of context '${contextName}' is not defined${source}`,
    );
  }
  if (cluster.server === undefined || cluster.server === '') {
    return { kind: 'empty', why: `cluster '${clusterName}' has no server${source}` };
  }
  const userName = context.user;
  let user: KubeConfigUser = {};
  if (userName !== undefined && userName !== '') {
    const found = config.users?.find((named) => named.name === userName)?.user;
    if (found === undefined) {
      throw new KubeConfigError(
        'UserNotFound',
        `user '${userName}' of context '${contextName}' is not defined${source}`,
      );
    }
    user = found;
  }

  const baseUrl = serverUrl(cluster.server, clusterName);
  const insecure = cluster['insecure-skip-tls-verify'] === true;
  const ca = pemFrom(cluster, 'certificate-authority-data', 'certificate-authority', 'CA');
  if (ca !== undefined) checkCertificateAuthority(ca, cluster, clusterName);
  if (insecure && ca !== undefined) {
    throw new KubeConfigError(
      'Invalid',
      `cluster '${clusterName}' sets both a certificate authority and insecure-skip-tls-verify; remove one`,
    );
  }
  if (insecure) warnInsecure(baseUrl);
  const proxyUrl = proxyFor(cluster, clusterName, baseUrl, env);
  const credentials = userCredentials(user, userName ?? '', {
    ...options,
    env,
    cluster: () => execClusterInfo(cluster, baseUrl, ca),
  });
  const connection: ResolvedConnection = {
    baseUrl,
    namespace:
      context.namespace !== undefined && context.namespace !== ''
        ? context.namespace
        : kubeConfigDefaults.namespace,
    origin: `context '${contextName}'${options.source === undefined ? '' : ` of ${options.source}`}`,
    rejectUnauthorized: !insecure,
    ...(ca !== undefined && { ca }),
    ...(cluster['tls-server-name'] && { servername: cluster['tls-server-name'] }),
    ...(proxyUrl !== undefined && { proxyUrl }),
    ...credentials,
  };
  return { kind: 'resolved', connection: sealConnection(connection) };
}

function serverUrl(server: string, clusterName: string): string {
  // kubectl accepts `host:port` without a scheme; TLS is the safe reading of it.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new KubeConfigError('Invalid', `server of cluster '${clusterName}' is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KubeConfigError(
      'Invalid',
      `server of cluster '${clusterName}' must be an https:// or http:// URL`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new KubeConfigError(
      'Invalid',
      `server of cluster '${clusterName}' must not contain credentials; use a user entry`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}

function proxyFor(
  cluster: KubeConfigCluster,
  clusterName: string,
  baseUrl: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const proxy = cluster['proxy-url'];
  if (proxy === undefined || proxy === '') return proxyFromEnvironment(baseUrl, env);
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    throw new KubeConfigError('Invalid', `proxy-url of cluster '${clusterName}' is not a URL`);
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return proxy;
  throw new KubeConfigError(
    'Unsupported',
    `proxy-url of cluster '${clusterName}' uses ${url.protocol.replace(/:$/, '')}; only http and https proxies are supported`,
  );
}

/**
 * client-go builds its certificate pool when the client is created and fails there; without
 * this check a broken CA surfaced only at connect time, as a misleading
 * SELF_SIGNED_CERT_IN_CHAIN.
 */
function checkCertificateAuthority(
  ca: string,
  cluster: KubeConfigCluster,
  clusterName: string,
): void {
  const problem = pemCertificatesProblem(ca);
  if (problem === undefined) return;
  const data = cluster['certificate-authority-data'];
  const where =
    typeof data === 'string' && data !== ''
      ? 'certificate-authority-data'
      : `certificate-authority file ${cluster['certificate-authority']}`;
  throw new KubeConfigError(
    'Invalid',
    `${where} of cluster '${clusterName}' ${problem}`,
    typeof data === 'string' && data !== ''
      ? {}
      : { path: String(cluster['certificate-authority']) },
  );
}

/** PEM text from a `*-data` field (base64, wins) or from the file a path field names. */
function pemFrom<T extends object>(
  entry: T,
  dataKey: keyof T & string,
  fileKey: keyof T & string,
  what: string,
): string | undefined {
  const data = entry[dataKey];
  if (typeof data === 'string' && data !== '') {
    return Buffer.from(data, 'base64').toString('utf8');
  }
  const path = entry[fileKey];
  if (typeof path !== 'string' || path === '') return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new KubeConfigError('FileUnreadable', `${what} file ${path} cannot be read (${code})`, {
      path,
      cause: error,
    });
  }
}

interface CredentialOptions extends ResolveKubeConfigOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cluster: () => ExecClusterInfo;
}

type Credentials = Pick<
  ResolvedConnection,
  'authKind' | 'auth' | 'exec' | 'cert' | 'key' | 'headers'
>;

function userCredentials(
  user: KubeConfigUser,
  userName: string,
  options: CredentialOptions,
): Credentials {
  const provider = user['auth-provider'];
  if (provider !== undefined) throw unsupportedAuthProvider(provider.name ?? '', userName);

  const cert = pemFrom(user, 'client-certificate-data', 'client-certificate', 'client certificate');
  const key = pemFrom(user, 'client-key-data', 'client-key', 'client key');
  if ((cert === undefined) !== (key === undefined)) {
    throw new KubeConfigError(
      'Invalid',
      `user '${userName}' has a client certificate without a key, or a key without a certificate`,
    );
  }
  const tls = cert !== undefined && key !== undefined ? { cert, key } : {};
  const headers = impersonationHeaders(user, userName);

  const hasToken = (user.token ?? '') !== '' || (user.tokenFile ?? '') !== '';
  const hasBasic = (user.username ?? '') !== '' || (user.password ?? '') !== '';
  if (hasToken && hasBasic) {
    throw new KubeConfigError(
      'Invalid',
      `user '${userName}' sets both a token and a username/password; only one is allowed`,
    );
  }
  let authKind: ConnectionAuthKind = cert !== undefined ? 'client-certificate' : 'none';
  let auth: AuthProvider | undefined;
  if (user.tokenFile !== undefined && user.tokenFile !== '') {
    // client-go reads the file up front (a missing one fails now), then re-reads it on use.
    readable(user.tokenFile, 'token');
    authKind = 'token-file';
    auth = tokenFileAuth({
      path: user.tokenFile,
      ...(options.tokenFileRefreshMs !== undefined && { refreshMs: options.tokenFileRefreshMs }),
    });
  } else if (user.token !== undefined && user.token !== '') {
    authKind = 'token';
    auth = staticHeaderAuth(`Bearer ${user.token}`);
  } else if (hasBasic) {
    authKind = 'basic';
    const basic = Buffer.from(`${user.username ?? ''}:${user.password ?? ''}`).toString('base64');
    auth = staticHeaderAuth(`Basic ${basic}`);
  } else if (user.exec !== undefined && cert === undefined) {
    // client-go skips the plugin when static credentials are present (token, basic or a client
    // certificate): sending both a certificate and a plugin's token is never what was meant.
    const exec = execCredentialAuth({
      exec: user.exec,
      user: userName,
      env: options.env,
      ...(user.exec.provideClusterInfo === true && { cluster: options.cluster() }),
      ...(options.stdinIsTerminal !== undefined && { stdinIsTerminal: options.stdinIsTerminal }),
      ...(options.execTimeoutMs !== undefined && { timeoutMs: options.execTimeoutMs }),
    });
    return { authKind: 'exec', auth: exec, exec, headers, ...tls };
  }
  return { authKind, headers, ...(auth !== undefined && { auth }), ...tls };
}

function readable(path: string, what: string): void {
  try {
    readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new KubeConfigError('FileUnreadable', `${what} file ${path} cannot be read (${code})`, {
      path,
      cause: error,
    });
  }
}

/** The exec plugins that replaced the in-tree auth providers kubectl dropped. */
const AUTH_PROVIDER_REPLACEMENTS: Readonly<Record<string, string>> = {
  gcp: 'gke-gcloud-auth-plugin',
  azure: 'kubelogin',
  oidc: 'an OIDC login plugin (kubectl oidc-login)',
};

function unsupportedAuthProvider(name: string, userName: string): KubeConfigError {
  const replacement = AUTH_PROVIDER_REPLACEMENTS[name];
  return new KubeConfigError(
    'UnsupportedAuthProvider',
    `auth-provider '${name}' of user '${userName}' is not supported; use an exec plugin${
      replacement === undefined ? '' : ` such as ${replacement}`
    }`,
  );
}

function impersonationHeaders(
  user: KubeConfigUser,
  userName: string,
): Record<string, string | readonly string[]> {
  const headers: Record<string, string | readonly string[]> = {};
  const groups = user['as-groups'] ?? [];
  const extra = user['as-user-extra'] ?? {};
  if ((user.as ?? '') === '') {
    if (groups.length > 0 || Object.keys(extra).length > 0 || (user['as-uid'] ?? '') !== '') {
      throw new KubeConfigError(
        'Invalid',
        `user '${userName}' impersonates groups, a uid or extra fields without a user name ('as')`,
      );
    }
    return headers;
  }
  headers['Impersonate-User'] = user.as ?? '';
  if ((user['as-uid'] ?? '') !== '') headers['Impersonate-Uid'] = user['as-uid'] ?? '';
  // Several groups (or extra values) go as one header line each, as client-go sends them: the
  // API server reads every line as one value, and a comma inside a group name stays its own.
  if (groups.length > 0) headers['Impersonate-Group'] = [...groups];
  for (const [name, values] of Object.entries(extra)) {
    if (values.length > 0) headers[`Impersonate-Extra-${encodeURIComponent(name)}`] = [...values];
  }
  return headers;
}

function execClusterInfo(
  cluster: KubeConfigCluster,
  server: string,
  ca: string | undefined,
): ExecClusterInfo {
  const extension = cluster.extensions?.find((named) => named.name === EXEC_CLUSTER_EXTENSION);
  return {
    server,
    ...(cluster['tls-server-name'] && { 'tls-server-name': cluster['tls-server-name'] }),
    ...(cluster['insecure-skip-tls-verify'] === true && { 'insecure-skip-tls-verify': true }),
    ...(ca !== undefined && {
      'certificate-authority-data': Buffer.from(ca, 'utf8').toString('base64'),
    }),
    ...(cluster['proxy-url'] && { 'proxy-url': cluster['proxy-url'] }),
    ...(cluster['disable-compression'] === true && { 'disable-compression': true }),
    ...(extension !== undefined && { config: extension.extension }),
  };
}
