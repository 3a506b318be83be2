import { isKubeStatus } from '../guards/is-kube-status.js';
import type { HeaderSource } from '../header-source.js';
import { DecodeError } from './decode-error.js';
import { errorFromStatus } from './error-from-status.js';
import { excerpt } from './internal/excerpt.js';
import type { KubeError } from './kube-error.js';

const HTTP_OK_MIN = 200;
const HTTP_OK_MAX = 299;
const HTTP_NOT_FOUND = 404;

/**
 * The typed error for an HTTP answer that cannot be used, from its status code and (the start of)
 * its body.
 *
 * - A JSON `Status` body → `errorFromStatus(status, { httpCode, headers })`.
 * - Anything else is not the API server's answer but an intermediary's (a proxy, a load
 *   balancer, a captive portal), so it is retryable whatever its code (a 302, 400 or 401 of a
 *   proxy says nothing about the request the API server would have answered). The exception is
 *   404: the API server itself answers `404 page not found` in plain text for a path it does not
 *   serve (a group or version it does not have), so a 404 keeps its meaning either way:
 *   - JSON that is not a Status → `errorFromStatus(undefined, { httpCode, headers })`, retryable;
 *   - a body that is not JSON, such as an HTML page: with an error code, the `errorFromStatus`
 *     error for that code, retryable, whose message quotes a short excerpt and whose `cause` is a
 *     `DecodeError` of kind `'not-json'`; with a 2xx code, that `DecodeError` itself.
 * - Such an error carries no `status`: that is how to tell it from the API server's own.
 *
 * Only a short excerpt of the body ever reaches a message, never the whole page.
 *
 * @example
 * ```ts
 * import { errorFromResponse } from '@rxkube/core/transport';
 * const error = errorFromResponse(502, '<html><title>502 Bad Gateway</title>...</html>');
 * error.reason; // 'HttpStatus'
 * error.retryable; // true
 * ```
 */
export function errorFromResponse(
  httpCode: number,
  body: string,
  headers?: HeaderSource,
): KubeError {
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(body);
  } catch {
    isJson = false;
  }
  if (isJson) {
    if (isKubeStatus(json)) return errorFromStatus(json, { httpCode, headers });
    return errorFromStatus(undefined, {
      httpCode,
      headers,
      message: `HTTP ${httpCode} with a JSON body that is not a Status: ${excerpt(body)}`,
      ...intermediary(httpCode),
    });
  }
  const quoted = excerpt(body);
  const notJson = new DecodeError(
    body.length === 0
      ? `HTTP ${httpCode} with an empty body where JSON was expected`
      : `HTTP ${httpCode} with a body that is not JSON: ${quoted}`,
    { kind: 'not-json', code: httpCode, excerpt: quoted },
  );
  if (httpCode >= HTTP_OK_MIN && httpCode <= HTTP_OK_MAX) return notJson;
  return errorFromStatus(undefined, {
    httpCode,
    headers,
    message: notJson.message,
    cause: notJson,
    ...intermediary(httpCode),
  });
}

/** An intermediary's answer is retryable, but for a 404, which the API server sends as text too. */
function intermediary(httpCode: number): { readonly retryable?: boolean } {
  return httpCode === HTTP_NOT_FOUND ? {} : { retryable: true };
}
