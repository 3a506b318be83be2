import { TransportError } from './errors/transport-error.js';
import { redactUrl } from './redact-url.js';

/** Characters no header value may hold (RFC 9110 field-value; fetch's ByteString). */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/** A header name is an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Why a request cannot be sent as it is, checked before any byte goes out, or `undefined` when
 * it can: a base URL with user info (`user:pass@`), or a header whose name is not a token or
 * whose value (or one of its values, sent as lines of their own) holds a line break or another
 * control character (a token file of two lines). The
 * error is a non-retryable `TransportError` that names the header, never its value, and carries
 * no cause: the HTTP stacks' own messages quote the value or the URL. For transports written
 * outside rxkube too.
 *
 * @example
 * ```ts
 * import { unsendableRequest } from '@rxkube/core/transport';
 * const problem = unsendableRequest('https://10.0.0.1:6443', { authorization: 'Bearer a\nb' });
 * if (problem) throw problem; // "the authorization header value holds a control character …"
 * ```
 */
export function unsendableRequest(
  baseUrl: string,
  headers: Readonly<Record<string, string | readonly string[]>>,
): TransportError | undefined {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    return new TransportError('the base URL is not a URL', { retryable: false });
  }
  if (url.username !== '' || url.password !== '') {
    return new TransportError(
      `the base URL ${redactUrl(url)} carries credentials (user:password@); send them with auth or headers instead`,
      { retryable: false },
    );
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      return new TransportError(
        `a header name is not valid: ${JSON.stringify(name.slice(0, 40))}`,
        {
          retryable: false,
        },
      );
    }
    // A list is one header line per value (`Impersonate-Group` for each group).
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((one) => typeof one !== 'string' || INVALID_HEADER_VALUE.test(one))) {
      return new TransportError(
        `the ${name} header value holds a line break or another control character and cannot be sent (is a token file more than one line?)`,
        { retryable: false },
      );
    }
  }
  return undefined;
}
