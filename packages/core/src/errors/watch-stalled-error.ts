import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * A watch that stayed open but delivered no byte for `idleTimeoutMs`. Retryable: resume from the last processed version.
 *
 * @example
 * ```ts
 * import { WatchStalledError } from '@rxkube/core';
 * if (error instanceof WatchStalledError) console.log(error.reason); // 'WatchStalled'
 * ```
 */
export class WatchStalledError extends KubeError {
  readonly reason = 'WatchStalled' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
