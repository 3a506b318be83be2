import { redactUrlCredentials } from '../internal/kubeconfig/redact-url-credentials.js';
import type { ResolvedConnection } from './resolved-connection.js';

/** What may be shown of a connection: where it goes and how it authenticates, no secrets. */
export interface ConnectionDescription {
  readonly server: string;
  readonly namespace?: string;
  readonly origin: string;
  readonly auth: string;
  readonly tlsVerify: boolean;
  readonly proxy?: string;
}

/**
 * The printable description of a connection; also installed as the connection's `toJSON` and
 * `util.inspect` output, so logging it never shows a token or key.
 */
export function describeConnection(connection: ResolvedConnection): ConnectionDescription {
  return {
    server: connection.baseUrl,
    ...(connection.namespace !== undefined && { namespace: connection.namespace }),
    origin: connection.origin,
    auth:
      connection.cert !== undefined && connection.authKind !== 'client-certificate'
        ? `${connection.authKind}+client-certificate`
        : connection.authKind,
    tlsVerify: connection.rejectUnauthorized,
    ...(connection.proxyUrl !== undefined && { proxy: redactUrlCredentials(connection.proxyUrl) }),
  };
}
