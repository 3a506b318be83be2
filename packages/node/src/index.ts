// The public entry point of @rxkube/node, grouped by topic.

// Client

export { createClient } from './create-client.js';
export type { CreateClientOptions } from './create-client-options.js';
export { createNodeHttpClient } from './create-node-http-client.js';

// Transport

export type { Pem } from './internal/pem-to-buffer.js';
export { type NodeHttpTransportOptions, nodeHttpTransport } from './node-http-transport.js';
export {
  type AuthProvider,
  type UndiciTransport,
  type UndiciTransportOptions,
  undiciTransport,
} from './undici-transport.js';

// Credentials

export {
  type ExecClusterInfo,
  type ExecCredentialAuth,
  type ExecCredentialAuthOptions,
  type ExecTlsCredentials,
  execCredentialAuth,
} from './auth/exec-credential-auth.js';
export { type TokenFileAuthOptions, tokenFileAuth } from './auth/token-file-auth.js';

// Kubeconfig

export type { KubeConfigSourceOptions } from './kubeconfig/internal/kube-config-sources.js';
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
} from './kubeconfig/kube-config.js';
export { KUBE_CONFIG_DEFAULTS } from './kubeconfig/kube-config-defaults.js';
export {
  isKubeConfigError,
  KubeConfigError,
  type KubeConfigErrorOptions,
  type KubeConfigErrorReason,
} from './kubeconfig/kube-config-error.js';
export { type LoadKubeConfigOptions, loadKubeConfig } from './kubeconfig/load-kube-config.js';
export { mergeKubeConfigs } from './kubeconfig/merge-kube-configs.js';
export { type ParseKubeConfigOptions, parseKubeConfig } from './kubeconfig/parse-kube-config.js';
export { redactKubeConfig } from './kubeconfig/redact-kube-config.js';

// Discovery, cached on disk as kubectl caches it

export {
  type CachedDiscovery,
  type CachedDiscoveryOptions,
  cachedDiscovery,
  type DiscoveryScope,
} from './discovery/cached-discovery.js';
export { discoveryCacheDefaults } from './discovery/discovery-cache-defaults.js';
export { discoveryCachePath } from './discovery/discovery-cache-path.js';
