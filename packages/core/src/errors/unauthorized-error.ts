import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 401 Unauthorized: the server does not know the caller (missing, expired or wrong credentials).
 * Retryable: credentials expire and are replaced (a rotated token file, an exec plugin), so a
 * collection backs off and tries again, as client-go's reflector does; an `AuthProvider` has
 * already been asked for fresh credentials once (`withAuth`).
 *
 * @example
 * ```ts
 * import { UnauthorizedError } from '@rxkube/core/errors';
 * if (error instanceof UnauthorizedError) console.log(error.reason); // 'Unauthorized'
 * ```
 */
export class UnauthorizedError extends KubeError {
  readonly reason = 'Unauthorized' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, code: 401, ...options });
  }
}
