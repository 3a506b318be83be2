import type { KubeStatus } from '../kube-status.js';
import { AlreadyExistsError } from './already-exists-error.js';
import { ConflictError } from './conflict-error.js';
import type { ErrorFromStatusOptions } from './error-from-status-options.js';
import { ForbiddenError } from './forbidden-error.js';
import { HttpStatusError } from './http-status-error.js';
import { retryAfterMs } from './internal/retry-after.js';
import { InvalidError } from './invalid-error.js';
import type { KubeError, KubeErrorOptions } from './kube-error.js';
import { NotFoundError } from './not-found-error.js';
import { ResourceVersionExpiredError } from './resource-version-expired-error.js';
import { ResourceVersionTooLargeError } from './resource-version-too-large-error.js';
import { TooManyRequestsError } from './too-many-requests-error.js';
import { UnauthorizedError } from './unauthorized-error.js';

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
const HTTP_REQUEST_TIMEOUT = 408;
const HTTP_CONFLICT = 409;
const HTTP_GONE = 410;
const HTTP_UNPROCESSABLE = 422;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_SERVER_ERROR = 500;
const HTTP_GATEWAY_TIMEOUT = 504;

/**
 * The typed error for an unsuccessful answer: an HTTP status with the Status body the server sent,
 * or an ERROR watch event (`errorFromStatus(event.object)`: the code is the Status's own).
 *
 * - 410, or reason `Expired` / legacy `Gone` → `ResourceVersionExpiredError`
 * - 409 with reason `AlreadyExists` → `AlreadyExistsError`; any other 409 → `ConflictError`
 *   (naming the fields and managers of an apply conflict)
 * - 401 → `UnauthorizedError`, 403 → `ForbiddenError`, 404 → `NotFoundError`
 * - 422 → `InvalidError` (with the Status causes)
 * - 429 → `TooManyRequestsError` (`retryAfterMs` from `Retry-After` or `details.retryAfterSeconds`)
 * - 504 with cause `ResourceVersionTooLarge`, or (servers before 1.19) a cause whose message is
 *   "Too large resource version" → `ResourceVersionTooLargeError`
 * - anything else → `HttpStatusError`, retryable for 5xx and 408 (a proxy or load balancer that
 *   gave up waiting: nothing was wrong with the request)
 *
 * The message is the server's Status message (or `HTTP <code>`); headers are only read for
 * `Retry-After` and never quoted.
 *
 * @example
 * ```ts
 * import { errorFromStatus } from '@rxkube/core/transport';
 * const error = errorFromStatus(
 *   { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version: 1 (95)' },
 *   { httpCode: 410 },
 * );
 * error.reason; // 'ResourceVersionExpired'
 * ```
 */
export function errorFromStatus(
  status: KubeStatus | undefined,
  { httpCode = 0, headers, ...context }: ErrorFromStatusOptions = {},
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
    ...(context.retryable === undefined ? {} : { retryable: context.retryable }),
  };

  if (code === HTTP_GONE || reason === 'Expired' || reason === 'Gone') {
    return new ResourceVersionExpiredError(message, options);
  }
  if (code === HTTP_CONFLICT) {
    return reason === 'AlreadyExists'
      ? new AlreadyExistsError(message, options)
      : new ConflictError(message, options);
  }
  if (code === HTTP_UNAUTHORIZED) return new UnauthorizedError(message, options);
  if (code === HTTP_FORBIDDEN) return new ForbiddenError(message, options);
  if (code === HTTP_NOT_FOUND) return new NotFoundError(message, options);
  if (code === HTTP_UNPROCESSABLE) return new InvalidError(message, options);
  if (code === HTTP_TOO_MANY_REQUESTS) return new TooManyRequestsError(message, options);
  if (code === HTTP_GATEWAY_TIMEOUT && isTooLarge(status)) {
    return new ResourceVersionTooLargeError(message, options);
  }
  return new HttpStatusError(message, {
    retryable: code >= HTTP_SERVER_ERROR || code === HTTP_REQUEST_TIMEOUT,
    ...options,
  });
}

/** Kubernetes 1.19+ names the cause; older servers only say so in the cause's message. */
const TOO_LARGE_MESSAGE = 'too large resource version';

/** Whether a Status (of any shape: it comes from the server) names a too-large version. */
function isTooLarge(status: KubeStatus | undefined): boolean {
  const details: unknown = status?.details;
  if (!isObject(details) || !Array.isArray(details.causes)) return false;
  return details.causes.some(
    (cause: unknown) =>
      isObject(cause) &&
      (cause.reason === 'ResourceVersionTooLarge' ||
        (typeof cause.message === 'string' &&
          cause.message.toLowerCase().startsWith(TOO_LARGE_MESSAGE))),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
