import { isKubeError, type KubeError } from '@rxkube/core';
import { CliError } from './cli-error.js';

/**
 * A failure the API server answered with a Status, printed as kubectl prints it:
 * `Error from server (NotFound): pods "x" not found`.
 */
export class ServerError extends CliError {
  readonly code: number | undefined;
  override readonly prefixed = false;

  constructor(line: string, code: number | undefined, cause?: unknown) {
    super(line);
    this.name = 'ServerError';
    this.code = code;
    if (cause !== undefined) this.cause = cause;
  }

  /** kubectl's line for a typed error: the Status reason and message when the server sent one. */
  static from(error: KubeError | unknown, cause?: unknown): ServerError | unknown {
    if (!isKubeError(error)) return error;
    const reason = error.status?.reason ?? (error.code === undefined ? undefined : `${error.code}`);
    const message = error.status?.message ?? error.message;
    return new ServerError(
      reason === undefined ? message : `Error from server (${reason}): ${message}`,
      error.code,
      cause ?? error,
    );
  }
}
