import { redactUrls } from '@rxkube/core/transport';

/** What a failed request's error says (its code, message and cause), with URLs redacted. */
export function transportErrorDetail(error: unknown): string {
  if (!(error instanceof Error)) return redactUrls(String(error));
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return redactUrls(`${typeof code === 'string' ? `${code} ` : ''}${error.message}${cause}`);
}
