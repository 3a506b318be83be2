// `@rxkube/node/node-http`: everything of `@rxkube/node` that runs on Node's own HTTP client,
// without undici: `createNodeHttpClient` and `nodeHttpTransport`, credentials, kubeconfig and the
// discovery cache. Importing it never loads undici (a `proxyUrl` loads it on first use), which
// keeps the start-up of short-lived processes such as a command line short. The main entry,
// `@rxkube/node`, re-exports this list and adds `createClient` and `undiciTransport`.

// Client

export type { CreateClientOptions } from '../create-client-options.js';
export { createNodeHttpClient } from '../create-node-http-client.js';

// Transport

export { type NodeHttpTransportOptions, nodeHttpTransport } from '../node-http-transport.js';
export type { Pem } from '../pem.js';
export type { AuthProvider, UndiciTransport, UndiciTransportOptions } from '../undici-transport.js';

// Credentials

export {
  type ExecClusterInfo,
  type ExecCredentialAuth,
  type ExecCredentialAuthOptions,
  type ExecTlsCredentials,
  execCredentialAuth,
} from '../auth/exec-credential-auth.js';
export { type TokenFileAuthOptions, tokenFileAuth } from '../auth/token-file-auth.js';

// Kubeconfig

export type {
  AuthProviderConfig,
  ExecConfig,
  ExecEnvVar,
  KubeConfig,
  KubeConfigCluster,
  KubeConfigContext,
  KubeConfigUser,
  NamedCluster,
  NamedContext,
  NamedExtension,
  NamedUser,
} from '../kubeconfig/kube-config.js';
export { KUBE_CONFIG_DEFAULTS, kubeConfigDefaults } from '../kubeconfig/kube-config-defaults.js';
export {
  isKubeConfigError,
  KubeConfigError,
  type KubeConfigErrorOptions,
  type KubeConfigErrorReason,
} from '../kubeconfig/kube-config-error.js';
export type { KubeConfigSourceOptions } from '../kubeconfig/kube-config-source-options.js';
export { type LoadKubeConfigOptions, loadKubeConfig } from '../kubeconfig/load-kube-config.js';
export { mergeKubeConfigs } from '../kubeconfig/merge-kube-configs.js';
export { type ParseKubeConfigOptions, parseKubeConfig } from '../kubeconfig/parse-kube-config.js';
export { redactKubeConfig } from '../kubeconfig/redact-kube-config.js';

// Discovery, cached on disk as kubectl caches it

export {
  type CachedDiscovery,
  type CachedDiscoveryOptions,
  cachedDiscovery,
  type DiscoveryScope,
} from '../discovery/cached-discovery.js';
export { discoveryCacheDefaults } from '../discovery/discovery-cache-defaults.js';
export { discoveryCachePath } from '../discovery/discovery-cache-path.js';
