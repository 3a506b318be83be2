import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { failure } from '../status.js';

/** Which `Host` headers the fake serves: loopback names, the listen host, and `allowedHosts`. */
export interface HostPolicy {
  readonly allowedHosts: readonly string[] | 'any';
  /** The interface the fake listens on; served too unless it is a wildcard address. */
  readonly listenHost: string;
}

/** Whether a host name (no port, no brackets) names the loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::1' || name === '0:0:0:0:0:0:0:1';
}

/** The host name of a `Host` header or origin authority: port and IPv6 brackets removed. */
export function hostName(authority: string): string {
  const [, bracketed] = /^\[([^\]]+)\](?::\d+)?$/.exec(authority) ?? [];
  if (bracketed !== undefined) return bracketed.toLowerCase();
  return authority.replace(/:\d+$/, '').toLowerCase();
}

/**
 * A 403 Status when the request's `Host` is not one the fake serves. A page from another site
 * whose name was re-pointed at 127.0.0.1 (DNS rebinding) sends its own name as `Host`, so this
 * keeps such pages from reading or writing the fake. kube-apiserver itself does not check Host;
 * a test server on loopback should.
 */
export function hostRefusal(req: IncomingMessage, policy: HostPolicy): FakeApiStatus | undefined {
  if (policy.allowedHosts === 'any') return undefined;
  const header = req.headers.host;
  if (header === undefined) return undefined; // HTTP/1.0 clients; browsers always send Host
  const name = hostName(header);
  const listen = hostName(policy.listenHost);
  const wildcard = listen === '0.0.0.0' || listen === '::' || listen === '';
  if (isLoopbackHost(name) || (!wildcard && name === listen)) return undefined;
  if (policy.allowedHosts.some((allowed) => hostName(allowed) === name)) return undefined;
  return failure(
    403,
    'Forbidden',
    `host ${JSON.stringify(name.slice(0, 100))} is not allowed: FakeApiServer serves loopback hosts only; name others in allowedHosts`,
  );
}
