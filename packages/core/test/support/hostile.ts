/**
 * Answers a hostile network gives instead of the API server's, as script-server handlers, shared
 * by every suite that tests what a client does with them: a proxy's HTML pages and redirects,
 * absurd `Retry-After` values, a watch ERROR event of any code, a pagination that never ends.
 */
import { chunks, type Handler, json, line } from './script-server.js';

/** An HTML page with this status, as nginx or a corporate proxy writes it. */
export const htmlPage =
  (status: number, title = `${status}`, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html', ...headers });
    res.end(
      `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>proxy</center></body></html>`,
    );
  };

/** A redirect to a login page, with an HTML body. */
export const redirect =
  (location = '/login', status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location, 'content-type': 'text/html' });
    res.end(`<html><body>Redirecting to <a href="${location}">${location}</a></body></html>`);
  };

/** A Status with this code, as the API server writes it. */
export const status = (code: number, reason: string, extra: Record<string, unknown> = {}) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: `${reason} (injected)`,
  reason,
  code,
  ...extra,
});

/** HTTP `code` with a Status and a `Retry-After` header of any value (`'4294968'`, a date…). */
export const retryAfter = (code: number, value: string): Handler =>
  json(code, status(code, code === 429 ? 'TooManyRequests' : 'ServiceUnavailable'), {
    'retry-after': value,
  });

/** A watch that is accepted (HTTP 200), then sends one ERROR event carrying this Status. */
export const watchError = (code: number, reason: string, extra: Record<string, unknown> = {}) =>
  chunks([line('ERROR', status(code, reason, extra))]);

/**
 * A LIST page that always hands out the same continue token (a buggy aggregated server): a
 * client that follows it never ends.
 */
export const loopingPage =
  (items: readonly unknown[], token = 'same-token', resourceVersion = '7'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        kind: 'PodList',
        apiVersion: 'v1',
        metadata: { resourceVersion, continue: token },
        items,
      }),
    );
  };

/** Counts the requests of a script server that arrive within a window of real time. */
export function requestRate(requests: readonly unknown[], windowMs: number): Promise<number> {
  const before = requests.length;
  return new Promise((resolve) => setTimeout(() => resolve(requests.length - before), windowMs));
}
