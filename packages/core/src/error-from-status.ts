import { ConflictError } from './errors/conflict-error.js';
import { HttpStatusError } from './errors/http-status-error.js';
import type { KubeError, KubeErrorOptions } from './errors/kube-error.js';
import { ResourceVersionExpiredError } from './errors/resource-version-expired-error.js';
import { ResourceVersionTooLargeError } from './errors/resource-version-too-large-error.js';
import { TooManyRequestsError } from './errors/too-many-requests-error.js';
import type { HeaderSource } from './header-source.js';
import { retryAfterMs } from './internal/retry-after.js';
import type { KubeStatus } from './kube-status.js';

const HTTP_CONFLICT = 409;
const HTTP_GONE = 410;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_SERVER_ERROR = 500;
const HTTP_GATEWAY_TIMEOUT = 504;

/** Extra context for {@link errorFromStatus} when the Status alone does not tell the story. */
export interface ErrorFromStatusContext {
  /** Used when the Status has no message (or there is no Status). */
  readonly message?: string;
  readonly cause?: unknown;
}

/**
 * The typed error for an unsuccessful answer: an HTTP status with the Status body the server sent,
 * or an ERROR watch event (`errorFromStatus(event.object, event.object.code)`).
 *
 * - 410, or reason `Expired` / legacy `Gone` → `ResourceVersionExpiredError`
 * - 409 → `ConflictError`
 * - 429 → `TooManyRequestsError` (`retryAfterMs` from `Retry-After` or `details.retryAfterSeconds`)
 * - 504 with cause `ResourceVersionTooLarge` → `ResourceVersionTooLargeError`
 * - anything else → `HttpStatusError`, retryable for 5xx
 *
 * The message is the server's Status message (or `HTTP <code>`); headers are only read for
 * `Retry-After` and never quoted.
 *
 * @example
 * ```ts
 * import { errorFromStatus } from '@rxkube/core';
 * const error = errorFromStatus(
 *   { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version: 1 (95)' },
 *   410,
 * );
 * error.reason; // 'ResourceVersionExpired'
 * ```
 */
export function errorFromStatus(
  status: KubeStatus | undefined,
  httpCode: number,
  headers?: HeaderSource,
  context: ErrorFromStatusContext = {},
): KubeError {
  // A Status from the wire may hold any type in any field: read only the types it promises.
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const statusCode = typeof status?.code === 'number' ? status.code : 0;
  const code = httpCode > 0 ? httpCode : statusCode;
  const reason = text(status?.reason);
  const message =
    text(status?.message) ||
    context.message ||
    `HTTP ${code || 'error'}${reason ? ` ${reason}` : ''} from the API server`;
  const delay = retryAfterMs(headers, status);
  const options: KubeErrorOptions = {
    code,
    ...(status === undefined ? {} : { status }),
    ...(delay === undefined ? {} : { retryAfterMs: delay }),
    ...(context.cause === undefined ? {} : { cause: context.cause }),
  };

  if (code === HTTP_GONE || reason === 'Expired' || reason === 'Gone') {
    return new ResourceVersionExpiredError(message, options);
  }
  if (code === HTTP_CONFLICT) return new ConflictError(message, options);
  if (code === HTTP_TOO_MANY_REQUESTS) return new TooManyRequestsError(message, options);
  if (
    code === HTTP_GATEWAY_TIMEOUT &&
    isObject(status?.details) &&
    Array.isArray(status.details.causes) &&
    status.details.causes.some(
      (cause) => isObject(cause) && cause.reason === 'ResourceVersionTooLarge',
    )
  ) {
    return new ResourceVersionTooLargeError(message, options);
  }
  return new HttpStatusError(message, { ...options, retryable: code >= HTTP_SERVER_ERROR });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
