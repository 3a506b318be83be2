/** Characters a path may not hold as it arrives: the URL parser would drop or rewrite them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE_RAW = /[\u0000-\u001f\u007f\\?#]/;
/** Characters a decoded path may not hold: no name of the API has them, and they hide intent. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE_DECODED = /[\u0000-\u001f\u007f\\]/;
/** Escapes `encodeURIComponent` makes that a path segment does not need (RFC 3986 pchar). */
const PCHAR_ESCAPES = /%(?:24|26|2B|2C|3A|3B|3D|40)/g;

/**
 * The path the API server acts on, for a path as a client sent it (an HTTP request's path, or a
 * multiplexed request's `path`), decided once so that what the proxy checks is what it sends:
 *
 * - percent-decoded once, as Go's `URL.Path` that kube-apiserver routes and authorises on:
 *   `pods/p/%65xec` and `pods/p%2Fexec` are both the exec subresource to it;
 * - its `.` and `..` segments resolved and empty ones dropped (a trailing slash is kept): an HTTP
 *   client's URL parser resolves them before sending (and kubectl proxy redirects to the cleaned
 *   path), so the API server only ever sees the result.
 *
 * The proxy forwards this path, encoded again by {@link encodePath}. A path that cannot be read
 * one way only is refused with why: one that is not absolute, holds a control character, a
 * backslash, `?` or `#` as sent (a URL parser turns a backslash into `/`, drops tabs and line
 * breaks, and starts the query at `?`), a malformed `%` escape, an escape that is not UTF-8, a
 * decoded control character or backslash, or `..` above the root (which would leave the path
 * prefix of the API server's URL).
 *
 * @example
 * ```ts
 * canonicalPath('/api/v1/namespaces/x/pods/p/%65xec'); // { path: '/api/v1/namespaces/x/pods/p/exec' }
 * canonicalPath('/apis/../api/v1/pods'); // { path: '/api/v1/pods' }
 * canonicalPath('/../../x'); // { invalid: 'the path climbs above the root' }
 * ```
 */
export function canonicalPath(
  raw: string,
): { readonly path: string } | { readonly invalid: string } {
  if (!raw.startsWith('/')) return { invalid: 'the path is not absolute' };
  if (UNSAFE_RAW.test(raw)) {
    return { invalid: 'the path holds a control character, a backslash, "?" or "#"' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { invalid: 'the path holds a malformed escape, or one that is not UTF-8' };
  }
  if (UNSAFE_DECODED.test(decoded)) {
    return { invalid: 'the path holds an escaped control character or backslash' };
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) return { invalid: 'the path climbs above the root' };
      continue;
    }
    segments.push(segment);
  }
  const trailing = segments.length > 0 && /\/\.{0,2}$/.test(decoded) ? '/' : '';
  return { path: `/${segments.join('/')}${trailing}` };
}

/** A path of {@link canonicalPath} as it is sent: each segment percent-encoded. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(PCHAR_ESCAPES, (kept) => decodeURIComponent(kept)),
    )
    .join('/');
}
