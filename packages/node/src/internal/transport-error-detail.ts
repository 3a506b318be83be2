import { redactUrls } from '@rxkube/core/transport';

/**
 * What a failed request's error says (its code, message and cause), with URLs redacted; each
 * thing once: a code the message already names (`connect ECONNREFUSED 127.0.0.1:6443`) is not
 * put in front of it again, nor a cause that says what the message says.
 */
export function transportErrorDetail(error: unknown): string {
  if (!(error instanceof Error)) return redactUrls(String(error));
  const code = (error as { code?: unknown }).code;
  const message = error.message;
  const prefix = typeof code === 'string' && !message.includes(code) ? `${code} ` : '';
  const causeMessage = error.cause instanceof Error ? error.cause.message : undefined;
  const cause =
    causeMessage === undefined || causeMessage === '' || message.includes(causeMessage)
      ? ''
      : `: ${causeMessage}`;
  return redactUrls(`${prefix}${message}${cause}`);
}
