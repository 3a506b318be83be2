import { KubeError, type KubeErrorOptions } from './kube-error.js';

/** Options of an {@link InvalidObjectError}. */
export interface InvalidObjectErrorOptions extends KubeErrorOptions {
  /** The cache key of the object that failed validation (`namespace/name`). */
  readonly key: string;
  /** The validation issues, as the schema reported them. */
  readonly issues?: readonly unknown[];
}

/**
 * An object that failed the caller's `schema`. Names the object's key; not retryable, since the
 * same object would fail again.
 *
 * @example
 * ```ts
 * import { InvalidObjectError } from '@rxkube/core';
 * if (error instanceof InvalidObjectError) console.error(`bad object ${error.key}`);
 * ```
 */
export class InvalidObjectError extends KubeError {
  readonly reason = 'InvalidObject' as const;
  readonly key: string;
  readonly issues: readonly unknown[];

  constructor(message: string, options: InvalidObjectErrorOptions) {
    super(message, { retryable: false, ...options });
    this.key = options.key;
    this.issues = options.issues ?? [];
  }
}
