import type { IncomingMessage, ServerResponse } from 'node:http';

/** `Sec-Fetch-Site` values of a request a page of another origin made. */
const OTHER_SITES = new Set(['cross-site', 'same-site']);

/**
 * Why a request is refused given the page that sent it, or `undefined` when it may be served.
 *
 * - An `Origin` listed with `--allow-origin` is served.
 * - A request a browser marks `Sec-Fetch-Site: cross-site` or `same-site` (an `<img>`, a
 *   navigation, a form of another site; another port of localhost is the same site) is refused:
 *   it carries no listed Origin, and the proxy would answer it with the user's credentials.
 * - Any other `Origin` than the proxy's own (`http://<Host>`, a page served with `--www`) is
 *   refused: it could write to the cluster with a form post (CSRF) or open the multiplexing socket
 *   (WebSockets have no CORS).
 * - No `Origin` and no `Sec-Fetch-Site` (not a browser), or `same-origin` and `none` (the user
 *   typed the address) are served.
 */
export function originRefusal(
  request: IncomingMessage,
  allowOrigins: readonly string[],
): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && allowOrigins.includes(origin)) return undefined;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && OTHER_SITES.has(site)) {
    return `the proxy does not serve requests of other sites' pages (Sec-Fetch-Site: ${site}) unless their origin is listed with --allow-origin`;
  }
  if (origin === undefined) return undefined;
  const host = request.headers.host;
  if (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) {
    return undefined;
  }
  return 'the proxy does not serve pages of this origin (--allow-origin)';
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
