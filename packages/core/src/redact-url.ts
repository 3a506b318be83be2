/**
 * A URL fit for an error message: scheme, host and path, never user info, query or fragment (a
 * proxy URL may carry a password, a query a token). For transports written outside rxkube too.
 *
 * @example
 * ```ts
 * import { redactUrl } from '@rxkube/core/transport';
 * redactUrl('https://user:secret@10.0.0.1:6443/api?token=x'); // 'https://10.0.0.1:6443/api'
 * ```
 */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '<invalid URL>';
  }
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/**
 * Text from a lower layer (an error message) with every URL in it redacted like `redactUrl`.
 *
 * @example
 * ```ts
 * import { redactUrls } from '@rxkube/core/transport';
 * redactUrls('connect to http://a:b@proxy:3128/ failed'); // 'connect to http://proxy:3128 failed'
 * ```
 */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}
