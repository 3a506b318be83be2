/**
 * kubectl proxy's request filter (`--accept-paths`, `--reject-paths`, `--accept-hosts`,
 * `--reject-methods`), each a list of regular expressions matched anywhere in the text unless
 * anchored, as Go's `MatchString`. Defaults in `proxyDefaults`.
 */
export interface RequestFilter {
  /** Paths served; any other is refused. */
  readonly acceptPaths: readonly RegExp[];
  /** Paths refused, even when `acceptPaths` accepts them. */
  readonly rejectPaths: readonly RegExp[];
  /** Host names (without the port) a request may name; any other is refused. */
  readonly acceptHosts: readonly RegExp[];
  /** Methods refused. */
  readonly rejectMethods: readonly RegExp[];
}

const matches = (text: string, patterns: readonly RegExp[]) =>
  patterns.some((pattern) => pattern.test(text));

/** The host name of a `Host` header, without the port (`[::1]` keeps its brackets). */
function hostName(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end < 0 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** Why a request's `Host` header is refused (a host not of `--accept-hosts`), or `undefined`. */
export function hostRefusal(filter: RequestFilter, host: string | undefined): string | undefined {
  return matches(hostName(host ?? ''), filter.acceptHosts)
    ? undefined
    : 'the request names a host the proxy does not accept (--accept-hosts)';
}

/**
 * Why the filter refuses a request, or `undefined` when it passes, in kubectl proxy's order: a
 * rejected path, a rejected method, then a path that is not accepted or a host that is not.
 * `path` is the decoded, normalised API path (`canonicalPath`), below the API prefix.
 */
export function filterRefusal(
  filter: RequestFilter,
  request: { readonly method: string; readonly path: string; readonly host: string | undefined },
): string | undefined {
  if (matches(request.path, filter.rejectPaths)) {
    return 'the proxy does not forward this path (--reject-paths)';
  }
  if (matches(request.method, filter.rejectMethods)) {
    return `the proxy does not forward ${request.method} requests (--reject-methods)`;
  }
  if (!matches(request.path, filter.acceptPaths)) {
    return 'the proxy does not forward this path (--accept-paths)';
  }
  return hostRefusal(filter, request.host);
}
