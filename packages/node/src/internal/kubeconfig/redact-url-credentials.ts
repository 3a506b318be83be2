/**
 * A URL with any `user:password@` part replaced by `redacted`; a URL that does not parse is
 * replaced whole, since it cannot be shown safely.
 *
 * @example
 * ```ts
 * redactUrlCredentials('http://me:secret@proxy:3128'); // 'http://redacted@proxy:3128/'
 * ```
 */
export function redactUrlCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = 'redacted';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[redacted]';
  }
}
