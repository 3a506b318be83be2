/**
 * Where a local cluster started by `scripts/kube-apiserver/start.sh --second` can be reached: the
 * `${RXKUBE_RUN_DIR}/env` file, typed. Paths and URLs only; the token stays in its file.
 *
 * @example
 * ```ts
 * import type { ClusterEnv } from '@rxkube/conformance';
 * const second = (env: ClusterEnv) => env.server2;
 * ```
 */
export interface ClusterEnv {
  readonly runDir: string;
  /** Kubeconfig of apiserver1: bearer token, CA as a file path. */
  readonly kubeconfig: string;
  /** Kubeconfig of apiserver1: client certificate and key as data. */
  readonly kubeconfigCert: string;
  /** Kubeconfig of apiserver2 (token), empty when it never ran. */
  readonly kubeconfig2: string;
  /** Kubeconfig of apiserver2 (client certificate), empty when it never ran. */
  readonly kubeconfig2Cert: string;
  /** `https://127.0.0.1:PORT` of apiserver1, empty while it is stopped. */
  readonly server: string;
  /** `https://127.0.0.1:PORT` of apiserver2, empty while it is stopped. */
  readonly server2: string;
  readonly caFile: string;
  readonly tokenFile: string;
  /** `http://127.0.0.1:PORT` of etcd, empty while it is stopped. */
  readonly etcdEndpoint: string;
}

const KEYS = {
  runDir: 'RXKUBE_RUN_DIR',
  kubeconfig: 'KUBECONFIG',
  kubeconfigCert: 'RXKUBE_KUBECONFIG_CERT',
  kubeconfig2: 'RXKUBE_KUBECONFIG2',
  kubeconfig2Cert: 'RXKUBE_KUBECONFIG2_CERT',
  server: 'RXKUBE_SERVER',
  server2: 'RXKUBE_SERVER2',
  caFile: 'RXKUBE_CA_FILE',
  tokenFile: 'RXKUBE_TOKEN_FILE',
  etcdEndpoint: 'RXKUBE_ETCD_ENDPOINT',
} as const satisfies Record<keyof ClusterEnv, string>;

/**
 * Parses the `KEY=value` lines of the env file that `start.sh` writes (and prints). Blank lines
 * and `#` comments are skipped; a value keeps everything after the first `=`. Every key of
 * {@link ClusterEnv} must be present (values may be empty); a missing one throws, naming it.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { parseClusterEnv } from '@rxkube/conformance';
 * const env = parseClusterEnv(readFileSync(`${process.env.RXKUBE_RUN_DIR}/env`, 'utf8'));
 * console.log(env.server, env.server2);
 * ```
 */
export function parseClusterEnv(text: string): ClusterEnv {
  const values = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    values.set(line.slice(0, eq), line.slice(eq + 1));
  }
  const missing = Object.values(KEYS).filter((key) => !values.has(key));
  if (missing.length > 0) {
    throw new Error(`the cluster env file lacks ${missing.join(', ')}`);
  }
  const env = {} as Record<keyof ClusterEnv, string>;
  for (const [field, key] of Object.entries(KEYS) as [keyof ClusterEnv, string][]) {
    env[field] = values.get(key) ?? '';
  }
  return env;
}
