import type { RequestKind } from '../requests/request-kind.js';

/**
 * Which requests `faults.failNext` answers with an error Status instead of serving them.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type FailNextOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const throttle: FailNextOptions = { kind: 'list', count: 2, status: 429, retryAfterSeconds: 1 };
 * server.faults.failNext(throttle);
 * await server.close();
 * ```
 */
export interface FailNextOptions {
  /** Which requests; default `'any'`. */
  readonly kind?: RequestKind | 'any';
  /** How many of them; default 1. */
  readonly count?: number;
  /** 500 InternalError, 503 ServiceUnavailable or 429 TooManyRequests (+ `Retry-After`). */
  readonly status: 500 | 503 | 429;
  /** For 429 (and 503): the `Retry-After` header and `details.retryAfterSeconds`; default 1 for 429. */
  readonly retryAfterSeconds?: number;
}
