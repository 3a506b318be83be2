import type { IncomingMessage } from 'node:http';
import { proxyDefaults } from './proxy-defaults.js';

/** The host name of a `Host` header, without the port (`[::1]` keeps its brackets). */
function hostName(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end < 0 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** Why kubectl proxy's default filter refuses a request, or `undefined` when it passes. */
export function refusal(request: IncomingMessage, apiPath: string): string | undefined {
  const host = request.headers.host ?? '';
  if (!proxyDefaults.acceptHosts.some((pattern) => pattern.test(hostName(host)))) {
    return 'the request names a host the proxy does not accept';
  }
  if (proxyDefaults.rejectPaths.some((pattern) => pattern.test(apiPath))) {
    return 'the proxy does not forward this path';
  }
  return undefined;
}

/** Whether kubectl proxy's default filter refuses an API path (exec and attach). */
export function pathRefused(apiPath: string): boolean {
  return proxyDefaults.rejectPaths.some((pattern) => pattern.test(apiPath));
}
