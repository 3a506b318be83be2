import { pemToBuffer } from './pem-to-buffer.js';

/** A PEM as text or bytes (the public name of this is `Pem`). */
type PemValue = string | Uint8Array;

/** The TLS settings both transports take, as their options spell them. */
export interface TlsSettings {
  readonly ca?: PemValue | readonly PemValue[];
  readonly cert?: PemValue;
  readonly key?: PemValue;
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
    ...(cas === undefined ? {} : { ca: (cas as readonly PemValue[]).map(pemToBuffer) }),
    ...(cert === undefined ? {} : { cert: pemToBuffer(cert) }),
    ...(key === undefined ? {} : { key: pemToBuffer(key) }),
    ...(servername === undefined ? {} : { servername }),
  };
}
