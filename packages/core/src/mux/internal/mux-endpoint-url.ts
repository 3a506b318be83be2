import { muxProtocol } from '../mux-protocol.js';

/** The endpoint's HTTP URL below `baseUrl` (a relative one resolved against the page, if any). */
export function muxEndpointUrl(baseUrl: string): URL {
  const page = (globalThis as { location?: { href?: unknown } }).location?.href;
  const base = new URL(baseUrl, typeof page === 'string' ? page : undefined);
  const path = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return new URL(`${path}${muxProtocol.path}`, base);
}

/** The same URL with the WebSocket scheme. */
export function muxSocketUrl(baseUrl: string): string {
  const url = muxEndpointUrl(baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
