import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 401 Unauthorized: the server does not know the caller (missing, expired or wrong credentials).
 * Not retryable with the same credentials; an `AuthProvider` already refreshed them once.
 *
 * @example
 * ```ts
 * import { UnauthorizedError } from '@rxkube/core';
 * if (error instanceof UnauthorizedError) console.log(error.reason); // 'Unauthorized'
 * ```
 */
export class UnauthorizedError extends KubeError {
  readonly reason = 'Unauthorized' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, code: 401, ...options });
  }
}
