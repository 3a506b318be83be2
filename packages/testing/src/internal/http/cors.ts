import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsOptions } from '../../access/cors-options.js';
import { hostName, isLoopbackHost } from './host-check.js';

// What kube-apiserver's CORS filter allows and exposes.
const ALLOW_METHODS = 'POST, GET, OPTIONS, PUT, DELETE, PATCH';
const ALLOW_HEADERS =
  'Content-Type, Content-Length, Accept-Encoding, X-CSRF-Token, Authorization, X-Requested-With, If-Modified-Since';

/**
 * Adds CORS headers for allowed origins; answers preflights (OPTIONS) with 204 and returns
 * `true` when it did, before authentication, as kube-apiserver does.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  options: CorsOptions,
): 'preflight' | 'continue' {
  const origin = req.headers.origin;
  if (origin === undefined) return 'continue';
  const allowed =
    options.allowedOrigins === undefined
      ? isLoopbackOrigin(origin)
      : options.allowedOrigins.includes(origin);
  if (!allowed) return 'continue';
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
  res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', (options.exposedHeaders ?? ['Date']).join(', '));
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  return req.method === 'OPTIONS' ? 'preflight' : 'continue';
}

/** A page served from this machine (a dev server): `http(s)://localhost|127.x|[::1]:port`. */
function isLoopbackOrigin(origin: string): boolean {
  const [, authority] = /^https?:\/\/([^/]+)$/.exec(origin) ?? [];
  return authority !== undefined && isLoopbackHost(hostName(authority));
}
