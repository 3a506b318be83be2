/**
 * A PEM given as text or bytes, as the transports' `ca`, `cert` and `key` options take it
 * ({@link UndiciTransportOptions}, {@link NodeHttpTransportOptions}): bytes are used as they are,
 * without a copy.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import type { Pem } from '@rxkube/node';
 * const ca: Pem = readFileSync('/etc/kubernetes/pki/ca.crt'); // or the PEM text itself
 * ```
 */
export type Pem = string | Uint8Array;
