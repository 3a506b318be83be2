/**
 * Why a client could not be configured or could not obtain credentials.
 *
 * - `NotFound`: no kubeconfig file was found and the process does not run in a pod.
 * - `Invalid`: a kubeconfig (or an exec plugin's output) is not well-formed or contradicts
 *   itself, e.g. a CA together with `insecure-skip-tls-verify`, or a token together with a
 *   password.
 * - `ContextNotFound`, `ClusterNotFound`, `UserNotFound`: a name that the config refers to is
 *   not defined in it.
 * - `Unsupported`: a setting this library does not implement (a SOCKS proxy, for instance).
 * - `UnsupportedAuthProvider`: a legacy `auth-provider` entry; use an exec plugin instead.
 * - `FileUnreadable`: a file named by the config (CA, certificate, key, token) cannot be read.
 * - `ExecFailed`: an exec credential plugin could not be started, failed, or printed no usable
 *   ExecCredential.
 * - `ExecTimeout`: an exec credential plugin did not finish (print its answer and close its
 *   output) within `execTimeoutMs`; it was ended.
 * - `ExecInteractive`: an exec plugin needs a terminal (`interactiveMode: Always`) and standard
 *   input is not one.
 * - `NotInCluster`: in-cluster configuration was asked for but the service-account environment
 *   or files are missing.
 *
 * @example
 * ```ts
 * import { isKubeConfigError, type KubeConfigErrorReason } from '@rxkube/node';
 * const fatal: KubeConfigErrorReason[] = ['Invalid', 'UnsupportedAuthProvider'];
 * if (isKubeConfigError(error) && fatal.includes(error.reason)) process.exit(2);
 * ```
 */
export type KubeConfigErrorReason =
  | 'NotFound'
  | 'Invalid'
  | 'ContextNotFound'
  | 'ClusterNotFound'
  | 'UserNotFound'
  | 'Unsupported'
  | 'UnsupportedAuthProvider'
  | 'FileUnreadable'
  | 'ExecFailed'
  | 'ExecTimeout'
  | 'ExecInteractive'
  | 'NotInCluster';

/**
 * What a {@link KubeConfigError} may carry besides its message and reason.
 *
 * @example
 * ```ts
 * import { KubeConfigError } from '@rxkube/node';
 * new KubeConfigError('FileUnreadable', 'CA file /x/ca.crt cannot be read (ENOENT)', { path: '/x/ca.crt' });
 * ```
 */
export interface KubeConfigErrorOptions {
  /** The file the problem is in or about, when there is one. Paths are not secrets. */
  readonly path?: string;
  readonly cause?: unknown;
}

const brand = Symbol.for('rxkube.KubeConfigError');

/**
 * A configuration or credential problem: the kubeconfig, the in-cluster files, or an exec
 * plugin. It is not retryable: the same configuration fails the same way. Messages name files,
 * contexts, users and plugins, never a token, password, key or the plugin's output.
 *
 * @example
 * ```ts
 * import { createClient, isKubeConfigError } from '@rxkube/node';
 * try {
 *   createClient();
 * } catch (error) {
 *   if (isKubeConfigError(error) && error.reason === 'NotFound') console.error('no cluster configured');
 *   else throw error;
 * }
 * ```
 */
export class KubeConfigError extends Error {
  readonly reason: KubeConfigErrorReason;
  readonly path: string | undefined;
  /** Always false: retrying with the same configuration cannot help. */
  readonly retryable = false;
  readonly [brand] = true;

  constructor(
    reason: KubeConfigErrorReason,
    message: string,
    options: KubeConfigErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KubeConfigError';
    this.reason = reason;
    this.path = options.path;
  }
}

/**
 * Whether a value is a {@link KubeConfigError}, also across realms and duplicated package copies.
 *
 * @example
 * ```ts
 * import { isKubeConfigError } from '@rxkube/node';
 * if (isKubeConfigError(error)) console.error(error.reason, error.path);
 * ```
 */
export function isKubeConfigError(value: unknown): value is KubeConfigError {
  return typeof value === 'object' && value !== null && brand in value;
}
