import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 409 Conflict: typically an update that carried a stale `metadata.resourceVersion`. Re-read the object and try again.
 *
 * @example
 * ```ts
 * import { ConflictError } from '@rxkube/core';
 * if (error instanceof ConflictError) console.log(error.reason); // 'Conflict'
 * ```
 */
export class ConflictError extends KubeError {
  readonly reason = 'Conflict' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, ...options });
  }
}
