import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * A streaming list (`sendInitialEvents`) that never ended its initial events with the
 * `k8s.io/initial-events-end` bookmark in time (the server or a proxy in between ignored the
 * request), or ended them with a bookmark that carries no `metadata.resourceVersion` (a faulty
 * aggregated server: there is no version to watch from). Not retryable: asking again gets the same
 * answer; use `initialList: 'auto'` (which falls back to LIST) or `'list'`.
 *
 * @example
 * ```ts
 * import { StreamingListIncompleteError } from '@rxkube/core';
 * if (error instanceof StreamingListIncompleteError) console.log(error.reason); // 'StreamingListIncomplete'
 * ```
 */
export class StreamingListIncompleteError extends KubeError {
  readonly reason = 'StreamingListIncomplete' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, ...options });
  }
}
