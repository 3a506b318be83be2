import { KubeError, type KubeErrorOptions } from './kube-error.js';
import type { StatusCause } from './status-cause.js';

/**
 * 422 Unprocessable Entity (Status reason `Invalid`): the server validated the object (or the
 * patch, or the query) and refused it. `causes` names each failing field, as the Status did.
 * Not retryable: the same request fails again.
 *
 * @example
 * ```ts
 * import { InvalidError } from '@rxkube/core';
 * if (error instanceof InvalidError) for (const c of error.causes) console.log(c.field, c.message);
 * ```
 */
export class InvalidError extends KubeError {
  readonly reason = 'Invalid' as const;
  /** The Status's `details.causes`: one per failing field. Empty when the server gave none. */
  readonly causes: readonly StatusCause[];

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, ...options });
    this.causes = options.status?.details?.causes ?? [];
  }
}
