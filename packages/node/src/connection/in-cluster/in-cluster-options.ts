/**
 * Where the in-cluster configuration is read from. Both default to what the kubelet provides.
 *
 * @example
 * ```ts
 * import { createClient } from '@rxkube/node';
 * const client = createClient({ inCluster: { dir: '/tmp/fake-serviceaccount' } });
 * ```
 */
export interface InClusterOptions {
  /** The service-account folder with `token`, `ca.crt` and `namespace`. */
  readonly dir?: string;
  /** The environment with `KUBERNETES_SERVICE_HOST`/`_PORT` and `POD_NAMESPACE`; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How long a read token is used before the file is read again. */
  readonly tokenFileRefreshMs?: number;
}
