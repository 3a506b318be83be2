// The public entry point of @rxkube/node: everything of `@rxkube/node/node-http` (the client on
// Node's own HTTP stack, credentials, kubeconfig, the discovery cache), plus the undici client.
// The names come from that entry, so the two can never drift apart.

// The undici client and transport (what `@rxkube/node/node-http` leaves out)

export { createClient } from './create-client.js';
export { undiciTransport } from './undici-transport.js';

// Everything of `@rxkube/node/node-http`

export {
  type AuthProvider,
  type AuthProviderConfig,
  type CachedDiscovery,
  type CachedDiscoveryOptions,
  type CreateClientOptions,
  cachedDiscovery,
  createNodeHttpClient,
  type DiscoveryScope,
  discoveryCacheDefaults,
  discoveryCachePath,
  type ExecClusterInfo,
  type ExecConfig,
  type ExecCredentialAuth,
  type ExecCredentialAuthOptions,
  type ExecEnvVar,
  type ExecTlsCredentials,
  execCredentialAuth,
  isKubeConfigError,
  KUBE_CONFIG_DEFAULTS,
  type KubeConfig,
  type KubeConfigCluster,
  type KubeConfigContext,
  KubeConfigError,
  type KubeConfigErrorOptions,
  type KubeConfigErrorReason,
  type KubeConfigSourceOptions,
  type KubeConfigUser,
  kubeConfigDefaults,
  type LoadKubeConfigOptions,
  loadKubeConfig,
  mergeKubeConfigs,
  type NamedCluster,
  type NamedContext,
  type NamedExtension,
  type NamedUser,
  type NodeHttpTransportOptions,
  nodeHttpTransport,
  type ParseKubeConfigOptions,
  type Pem,
  parseKubeConfig,
  redactKubeConfig,
  type TokenFileAuthOptions,
  tokenFileAuth,
  type UndiciTransport,
  type UndiciTransportOptions,
} from './node-http/index.js';
