import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 404 Not Found: the object (or the resource, or the namespace) does not exist. Not retryable.
 *
 * @example
 * ```ts
 * import { NotFoundError } from '@rxkube/core/errors';
 * if (error instanceof NotFoundError) console.log(error.reason); // 'NotFound'
 * ```
 */
export class NotFoundError extends KubeError {
  readonly reason = 'NotFound' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, code: 404, ...options });
  }
}
