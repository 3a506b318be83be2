import type { HeaderSource } from '../header-source.js';

/**
 * Options of {@link errorFromStatus}: what the Status alone does not tell.
 *
 * @example
 * ```ts
 * import type { ErrorFromStatusOptions } from '@rxkube/core/transport';
 * const options: ErrorFromStatusOptions = { httpCode: 429, headers: { 'retry-after': '3' } };
 * ```
 */
export interface ErrorFromStatusOptions {
  /**
   * The HTTP status of the answer. Default: the Status's own `code` — what an ERROR watch event
   * carries, since its HTTP status was 200.
   */
  readonly httpCode?: number;
  /** The response headers, read only for `Retry-After`. Default: none. */
  readonly headers?: HeaderSource | undefined;
  /** Used when the Status has no message (or there is no Status). Default: `HTTP <code> …`. */
  readonly message?: string;
  /** The underlying error, kept as `cause`. Default: none. */
  readonly cause?: unknown;
  /**
   * Whether a retry can help, instead of what the error's class says. `errorFromResponse` sets
   * it for an answer whose body is not the API server's Status: an intermediary's. Default: the
   * class's own.
   */
  readonly retryable?: boolean;
}
