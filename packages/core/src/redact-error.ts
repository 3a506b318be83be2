import { redactUrls } from './redact-url.js';

/** How deep a cause chain is copied; real chains are two or three links. */
const MAX_CAUSE_DEPTH = 8;

/**
 * A copy of an error from a lower layer (fetch, undici, the OS) that is safe to keep as the
 * `cause` of an rxkube error: the same name, `code` and stack frames, with every URL in the
 * message and stack redacted (no user info, query or fragment), and the same for its causes.
 * `util.inspect` prints a cause chain in full, so the original must not be kept. For transports
 * written outside rxkube too.
 *
 * @example
 * ```ts
 * import { redactError } from '@rxkube/core/transport';
 * const safe = redactError(new Error('connect to http://u:secret@proxy:3128/ failed'));
 * safe.message; // 'connect to http://proxy:3128 failed'
 * ```
 */
export function redactError(error: unknown, depth = 0): Error {
  if (!(error instanceof Error)) return new Error(redactUrls(String(error)));
  const copy = new Error(redactUrls(error.message));
  copy.name = error.name;
  if (error.stack !== undefined) copy.stack = redactUrls(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') {
    Object.assign(copy, { code });
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    copy.cause = redactError(error.cause, depth + 1);
  }
  return copy;
}
