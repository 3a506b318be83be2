import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 410 Gone / Expired: the requested version is older than the history the server keeps. Nothing
 * can resume from it; a fresh LIST is the only cure (see `relistOnGone`).
 *
 * @example
 * ```ts
 * import { ResourceVersionExpiredError } from '@rxkube/core/errors';
 * if (error instanceof ResourceVersionExpiredError) console.log(error.reason); // 'ResourceVersionExpired'
 * ```
 */
export class ResourceVersionExpiredError extends KubeError {
  readonly reason = 'ResourceVersionExpired' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, code: 410, ...options });
  }
}
