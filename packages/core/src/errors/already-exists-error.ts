import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * 409 with Status reason `AlreadyExists`: a create of a name that is taken. Not retryable: the
 * object is there; read it, or update it instead.
 *
 * @example
 * ```ts
 * import { AlreadyExistsError } from '@rxkube/core/errors';
 * if (error instanceof AlreadyExistsError) console.log(error.reason); // 'AlreadyExists'
 * ```
 */
export class AlreadyExistsError extends KubeError {
  readonly reason = 'AlreadyExists' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, code: 409, ...options });
  }
}
