import type { KubeStatus } from '../kube-status.js';

/**
 * Why a request or a stream failed. Switch on it for retry policy, logging and metrics.
 *
 * - `ResourceVersionExpired`: 410 Gone / Expired: the version is older than the server's history;
 *   the only cure is a fresh LIST.
 * - `ResourceVersionTooLarge`: 504 with cause ResourceVersionTooLarge: the server has not caught up
 *   with the version yet (retryable; relist with a consistent read).
 * - `Conflict`: 409, the optimistic-concurrency failure: an update with a stale
 *   `metadata.resourceVersion`, or a server-side apply conflicting with another field manager.
 * - `AlreadyExists`: 409 with Status reason `AlreadyExists`: a create of a name that is taken.
 * - `NotFound`: 404, no such object (or resource, or namespace).
 * - `UnknownResource`: discovery says the group version of a ref has no resource of its name (a
 *   typo such as `podz`); the error suggests the closest served one.
 * - `Unauthorized`: 401, the server does not know the caller.
 * - `Forbidden`: 403, the caller may not do this.
 * - `Invalid`: 422, the server refused the object or patch; the Status causes name the fields.
 * - `TooManyRequests`: 429, honour `retryAfterMs`.
 * - `WatchStalled`: no byte arrived for `idleTimeoutMs`.
 * - `WatchEmpty`: the watch ended at once without an event (the server would not serve it).
 * - `Transport`: the connection failed or dropped.
 * - `Decode`: bytes that are not the expected JSON (malformed or oversized line, bad UTF-8,
 *   an HTML page from a proxy, an envelope of the wrong shape).
 * - `InvalidObject`: an object failed the caller's schema.
 * - `InvalidPathSegment`: a namespace, name or resource that cannot be a path segment (`..`,
 *   `a/b`); the request was not sent.
 * - `HttpStatus`: any other unsuccessful HTTP status (400, 405, 415, 5xx, ...).
 * - `StreamingListIncomplete`: a streaming list never ended its initial events (the server or a
 *   proxy ignored `sendInitialEvents`).
 * - `JsonPath`: a JSONPath template that does not parse or cannot be evaluated (`@rxkube/cli`'s
 *   `JsonPathError`).
 * - `MuxFlowControl`: a multiplexed response overran its client's buffer (the proxy ignored the
 *   stream's window); that stream alone failed.
 */
export type KubeErrorReason =
  | 'ResourceVersionExpired'
  | 'ResourceVersionTooLarge'
  | 'Conflict'
  | 'AlreadyExists'
  | 'NotFound'
  | 'UnknownResource'
  | 'Unauthorized'
  | 'Forbidden'
  | 'Invalid'
  | 'TooManyRequests'
  | 'WatchStalled'
  | 'WatchEmpty'
  | 'Transport'
  | 'Decode'
  | 'InvalidObject'
  | 'InvalidPathSegment'
  | 'HttpStatus'
  | 'StreamingListIncomplete'
  | 'JsonPath'
  | 'MuxFlowControl';

/** What every {@link KubeError} may carry besides its message. */
export interface KubeErrorOptions {
  /** The HTTP status code, when the failure came with one (or an ERROR event's `code`). */
  readonly code?: number;
  /** The API server's Status, when it sent one. */
  readonly status?: KubeStatus;
  /** Whether retrying the same request later can succeed. */
  readonly retryable?: boolean;
  /**
   * How long the server asked the client to wait before retrying (`Retry-After`, or the Status's
   * `details.retryAfterSeconds`), at most `ioDefaults.maxRetryAfterMs` (5 minutes).
   */
  readonly retryAfterMs?: number;
  readonly cause?: unknown;
}

const brand = Symbol.for('rxkube.KubeError');

/**
 * The base of every error rxkube raises. `reason` tells which one it is; `retryable` whether a
 * retry can help (the retry operators read it); `status` is the API server's Status when it sent
 * one. Messages never contain credentials.
 *
 * @example
 * ```ts
 * import { isKubeError, list$ } from '@rxkube/core';
 * import { lastValueFrom } from 'rxjs';
 * try { await lastValueFrom(list$(client, ref)); } catch (error) {
 *   if (isKubeError(error) && error.reason === 'Conflict') { // re-read and try again
 *   }
 * }
 * ```
 */
export abstract class KubeError extends Error {
  abstract readonly reason: KubeErrorReason;
  readonly code: number | undefined;
  readonly status: KubeStatus | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly [brand] = true;

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * Whether a value is a {@link KubeError}, also across realms and duplicated package copies.
 *
 * @example
 * ```ts
 * import { isKubeError } from '@rxkube/core';
 * if (isKubeError(error)) console.log(error.reason);
 * ```
 */
export function isKubeError(value: unknown): value is KubeError {
  return typeof value === 'object' && value !== null && brand in value;
}
