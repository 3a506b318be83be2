import type { Pem } from '../pem.js';
import { pemToBuffer } from './pem-to-buffer.js';

/** The TLS settings both transports take, as their options spell them. */
export interface TlsSettings {
  readonly ca?: Pem | readonly Pem[];
  readonly cert?: Pem;
  readonly key?: Pem;
  readonly servername?: string;
  readonly rejectUnauthorized?: boolean;
}

/**
 * Node's TLS options for the transports' settings: PEMs as Node takes them, and verification on
 * unless `rejectUnauthorized` is false (the transports' defaults say true).
 */
export function tlsOptions(settings: TlsSettings, rejectUnauthorizedByDefault: boolean) {
  const { ca, cert, key, servername } = settings;
  const cas =
    ca === undefined ? undefined : typeof ca === 'string' || ca instanceof Uint8Array ? [ca] : ca;
  return {
    rejectUnauthorized: settings.rejectUnauthorized ?? rejectUnauthorizedByDefault,
    ...(cas === undefined ? {} : { ca: (cas as readonly Pem[]).map(pemToBuffer) }),
    ...(cert === undefined ? {} : { cert: pemToBuffer(cert) }),
    ...(key === undefined ? {} : { key: pemToBuffer(key) }),
    ...(servername === undefined ? {} : { servername }),
  };
}
