import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * A response carried over the multiplexing WebSocket (`muxTransport`) sent more unread bytes than
 * the stream's hard cap (`maxBufferedBytes`): the proxy ignored the stream's flow-control window,
 * or does not do flow control at all. That stream alone fails (and is cancelled upstream); the
 * bytes that arrived within the cap are still read first. Retryable: a new request starts with a
 * fresh window (a watch resumes from its last version).
 *
 * @example
 * ```ts
 * import { MuxFlowControlError } from '@rxkube/core/proxy';
 * if (error instanceof MuxFlowControlError) console.log(error.reason); // 'MuxFlowControl'
 * ```
 */
export class MuxFlowControlError extends KubeError {
  readonly reason = 'MuxFlowControl' as const;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
