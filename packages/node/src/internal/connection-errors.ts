import { TransportError } from '@rxkube/core/errors';
import { redactError, redactUrl } from '@rxkube/core/transport';
import { transportErrorDetail } from './transport-error-detail.js';

/** The error of a connection to `url` that could not be made: the URL without credentials. */
export function cannotReach(url: string, error: unknown): TransportError {
  return connectionError(`cannot reach ${redactUrl(url)}`, error);
}

/** The error of a connection to `url` that dropped while the body was read. */
export function droppedWhileReading(url: string, error: unknown): TransportError {
  return connectionError(
    `connection to ${redactUrl(url)} dropped while reading the response`,
    error,
  );
}

function connectionError(what: string, error: unknown): TransportError {
  return new TransportError(`${what}: ${transportErrorDetail(error)}`, {
    cause: redactError(error),
  });
}
