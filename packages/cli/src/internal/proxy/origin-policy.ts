import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Whether a request may be served given its `Origin`: no Origin (not a browser, or a same-origin
 * GET), the proxy's own origin (a page served with `--www`), or one of `--allow-origin`. Any other
 * page is refused: it could otherwise write to the cluster with a form post (CSRF) or open the
 * multiplexing socket (WebSockets have no CORS).
 */
export function originAllowed(request: IncomingMessage, allowOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowOrigins.includes(origin)) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** CORS headers for a listed Origin (none at all otherwise, so the browser's default applies). */
export function setCorsHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  allowOrigins: readonly string[],
): void {
  const origin = request.headers.origin;
  if (origin === undefined || !allowOrigins.includes(origin)) return;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('vary', 'Origin');
  response.setHeader('access-control-expose-headers', 'audit-id, retry-after, warning');
}

/** Answers a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) for a listed Origin. */
export function answerPreflight(
  request: IncomingMessage,
  response: ServerResponse,
  allowOrigins: readonly string[],
): void {
  setCorsHeaders(request, response, allowOrigins);
  const origin = request.headers.origin;
  if (origin !== undefined && allowOrigins.includes(origin)) {
    response.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    response.setHeader('access-control-allow-headers', 'accept, content-type');
    response.setHeader('access-control-max-age', '600');
  }
  response.writeHead(204).end();
}
