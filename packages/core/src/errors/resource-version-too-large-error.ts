import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 504 with cause ResourceVersionTooLarge: the server has not yet caught up with the requested version. Retryable; a consistent read avoids it.
 *
 * @example
 * ```ts
 * import { ResourceVersionTooLargeError } from '@rxkube/core/errors';
 * if (error instanceof ResourceVersionTooLargeError) console.log(error.reason); // 'ResourceVersionTooLarge'
 * ```
 */
export class ResourceVersionTooLargeError extends KubeError {
  readonly reason = 'ResourceVersionTooLarge' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
