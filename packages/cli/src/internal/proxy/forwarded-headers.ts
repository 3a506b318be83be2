/**
 * Request headers forwarded to the API server (everything else is dropped: the proxy's own
 * credentials replace the page's, and cookies of the proxy's origin never reach the cluster).
 */
export const forwardedRequestHeaders = ['accept', 'content-type'] as const;

/** Response headers forwarded from the API server (the body is re-chunked, so no length). */
export const forwardedResponseHeaders = [
  'content-type',
  'retry-after',
  'warning',
  'audit-id',
  'cache-control',
  'x-kubernetes-pf-flowschema-uid',
  'x-kubernetes-pf-prioritylevel-uid',
] as const;

/** The forwarded subset of `headers`, by lower-case name. */
export function pickRequestHeaders(
  headers: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (
      typeof value === 'string' &&
      (forwardedRequestHeaders as readonly string[]).includes(lower)
    ) {
      picked[lower] = value;
    }
  }
  return picked;
}

/** The forwarded response headers a response carries, by lower-case name. */
export function pickResponseHeaders(
  header: (name: string) => string | undefined,
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of forwardedResponseHeaders) {
    const value = header(name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
