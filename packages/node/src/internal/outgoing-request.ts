import type { KubeRequest } from '@rxkube/core/transport';
import { requestUrl, unsendableRequest } from '@rxkube/core/transport';

/** Header values as both transports take them: a list is sent as one header line per value. */
export type HeaderValues = Readonly<Record<string, string | readonly string[]>>;

/** What a request is sent as: its URL and every header, the transport's under the request's own. */
export interface OutgoingRequest {
  readonly url: string;
  readonly headers: Record<string, string | readonly string[]>;
}

/**
 * The URL and headers of a request, as both transports send it (`accept: application/json` unless
 * it says otherwise); throws the typed error of a request that must not be sent (credentials over
 * plain HTTP to a remote host, a header value with a line break), before any connection.
 */
export function outgoingRequest(
  baseUrl: string,
  headers: HeaderValues,
  request: KubeRequest,
): OutgoingRequest {
  const url = requestUrl(baseUrl, request);
  const all = { accept: 'application/json', ...headers, ...request.headers };
  const unsendable = unsendableRequest(baseUrl, all);
  if (unsendable !== undefined) throw unsendable;
  return { url, headers: all };
}

/** One response header by name (any case), repeated values joined as HTTP joins them. */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
}
