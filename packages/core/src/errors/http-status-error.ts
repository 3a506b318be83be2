import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * Any other unsuccessful HTTP status (400, 401, 403, 404, 422, 500, ...). Retryable for 5xx.
 *
 * @example
 * ```ts
 * import { HttpStatusError } from '@rxkube/core';
 * if (error instanceof HttpStatusError) console.log(error.reason); // 'HttpStatus'
 * ```
 */
export class HttpStatusError extends KubeError {
  readonly reason = 'HttpStatus' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, ...options });
  }
}
