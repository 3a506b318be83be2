import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * A watch that ended at once without a single event, as the API server does when it will not serve a watch (for example for Events). Retryable with backoff.
 *
 * @example
 * ```ts
 * import { WatchEmptyError } from '@rxkube/core/errors';
 * if (error instanceof WatchEmptyError) console.log(error.reason); // 'WatchEmpty'
 * ```
 */
export class WatchEmptyError extends KubeError {
  readonly reason = 'WatchEmpty' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
