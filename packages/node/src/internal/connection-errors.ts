import { TransportError } from '@rxkube/core/errors';
import { redactError, redactUrl } from '@rxkube/core/transport';
import { transportErrorDetail } from './transport-error-detail.js';

/**
 * The two errors of a connection, as both transports raise them: it could not be made
 * (`cannotReach`), or it dropped while the body was read (`dropped`). Each names the URL without
 * credentials or query, and keeps its cause redacted.
 */
export function connectionErrors(url: string): {
  readonly cannotReach: (error: unknown) => TransportError;
  readonly dropped: (error: unknown) => TransportError;
} {
  const shown = redactUrl(url);
  const fail = (what: string, error: unknown) =>
    new TransportError(`${what}: ${transportErrorDetail(error)}`, { cause: redactError(error) });
  return {
    cannotReach: (error) => fail(`cannot reach ${shown}`, error),
    dropped: (error) => fail(`connection to ${shown} dropped while reading the response`, error),
  };
}
