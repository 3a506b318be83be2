import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * The connection failed, was refused, or dropped mid-response. Retryable.
 *
 * @example
 * ```ts
 * import { TransportError } from '@rxkube/core/errors';
 * if (error instanceof TransportError) console.log(error.reason); // 'Transport'
 * ```
 */
export class TransportError extends KubeError {
  readonly reason = 'Transport' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
