import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 403 Forbidden: the caller is known but may not do this (RBAC), or an admission rule refused it.
 * Not retryable until permissions change.
 *
 * @example
 * ```ts
 * import { ForbiddenError } from '@rxkube/core/errors';
 * if (error instanceof ForbiddenError) console.log(error.reason); // 'Forbidden'
 * ```
 */
export class ForbiddenError extends KubeError {
  readonly reason = 'Forbidden' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, code: 403, ...options });
  }
}
