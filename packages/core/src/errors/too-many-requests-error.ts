import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 429 Too Many Requests: the server is shedding load. Retryable after `retryAfterMs` when the server gave `Retry-After`.
 *
 * @example
 * ```ts
 * import { TooManyRequestsError } from '@rxkube/core/errors';
 * if (error instanceof TooManyRequestsError) console.log(error.reason); // 'TooManyRequests'
 * ```
 */
export class TooManyRequestsError extends KubeError {
  readonly reason = 'TooManyRequests' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
