import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * What kind of bytes could not be decoded.
 * - `malformed`: a line that is not valid JSON.
 * - `oversized`: a line longer than the configured limit (never buffered beyond it).
 * - `encoding`: bytes that are not valid UTF-8.
 * - `shape`: valid JSON of the wrong shape (not a watch event, not a list, an unknown event type).
 * - `not-json`: a body that is not JSON at all, such as an HTML error page from a proxy.
 * - `endless`: a paginated LIST that does not end: a continue token came back, or the pages held
 *   more items than the first one announced (a buggy aggregated server).
 */
export type DecodeErrorKind =
  | 'malformed'
  | 'oversized'
  | 'encoding'
  | 'shape'
  | 'not-json'
  | 'endless';

/** Options of a {@link DecodeError}. */
export interface DecodeErrorOptions extends KubeErrorOptions {
  readonly kind: DecodeErrorKind;
  /** The start of the offending input, at most a few hundred characters. */
  readonly excerpt?: string;
}

/**
 * Bytes from the server that are not what the API promises. Nothing is skipped silently: a line
 * that cannot be decoded may have been an event, so a watch restarts from the last good version.
 *
 * @example
 * ```ts
 * import { DecodeError } from '@rxkube/core';
 * if (error instanceof DecodeError && error.kind === 'oversized') console.warn(error.message);
 * ```
 */
export class DecodeError extends KubeError {
  readonly reason = 'Decode' as const;
  readonly kind: DecodeErrorKind;
  readonly excerpt: string | undefined;

  constructor(message: string, options: DecodeErrorOptions) {
    super(message, { retryable: true, ...options });
    this.kind = options.kind;
    this.excerpt = options.excerpt;
  }
}
