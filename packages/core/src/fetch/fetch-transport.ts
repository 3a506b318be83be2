import type { AuthProvider } from '../auth-provider.js';
import { TransportError } from '../errors/transport-error.js';
import { readerIterable } from '../internal/reader-iterable.js';
import { redactError } from '../redact-error.js';
import { redactUrl, redactUrls } from '../redact-url.js';
import { reportWarnings } from '../report-warnings.js';
import { requestUrl } from '../request-url.js';
import type { KubeRequest, KubeResponse, Transport } from '../transport.js';
import { unsendableRequest } from '../unsendable-request.js';
import type { WarningHandler } from '../warning-handler.js';
import { withAuth } from '../with-auth.js';

/**
 * Options of {@link fetchTransport} and `createFetchClient`.
 *
 * @example
 * ```ts
 * import type { FetchTransportOptions } from '@rxkube/core/transport';
 * const options: FetchTransportOptions = { baseUrl: 'http://127.0.0.1:8001', headers: { 'x-tenant': 'a' } };
 * ```
 */
export interface FetchTransportOptions {
  /** The API server's URL, e.g. `https://10.0.0.1:6443`; may carry a path prefix. */
  readonly baseUrl: string;
  /** The `fetch` to use. Default: the global `fetch`. */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Headers sent with every request (a request's own headers win). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Told of every `Warning` header of a response (a deprecated API version, say), as client-go's
   * `WarningHandler`. Default: none (warnings are dropped).
   */
  readonly onWarning?: WarningHandler;
  /** Supplies `Authorization` per request, with one retry after a 401 (see `withAuth`). */
  readonly auth?: AuthProvider;
}

const EMPTY_BODY: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {},
};

function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const detail =
    cause instanceof Error
      ? ((cause as { code?: unknown }).code ?? cause.message)
      : error instanceof Error
        ? error.message
        : String(error);
  return redactUrls(String(detail));
}

/**
 * A {@link Transport} over the WHATWG `fetch` API: browsers, Deno, Bun and Node. The body is read
 * with `response.body.getReader()`. A request that cannot be sent rejects with `TransportError`;
 * a connection that drops while the body is read fails the read with `TransportError`; aborting
 * `request.signal` rejects with the abort reason. Messages carry the URL without credentials,
 * query or headers, and so do their causes (`redactError`); a base URL with `user:pass@` or a
 * header value with a line break is refused before sending (`unsendableRequest`). Redirects are
 * never followed (as with the undici transport): a 3xx is returned as it is, so `list$` and
 * `watch$` fail with `HttpStatusError`; in a browser, where a redirect is opaque, the request
 * rejects with a non-retryable `TransportError`.
 *
 * In browsers the page's own rules apply (CORS, cookies, TLS); use `auth` or `headers` for tokens.
 *
 * @example
 * ```ts
 * import { fetchTransport } from '@rxkube/core/transport';
 * const transport = fetchTransport({ baseUrl: 'http://127.0.0.1:8001' });
 * const response = await transport.request({ path: '/api/v1/namespaces' });
 * console.log(response.status, await response.text());
 * ```
 */
export function fetchTransport(options: FetchTransportOptions): Transport {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const transport: Transport = {
    async request(request: KubeRequest): Promise<KubeResponse> {
      const url = requestUrl(options.baseUrl, request);
      const headers = { accept: 'application/json', ...options.headers, ...request.headers };
      const unsendable = unsendableRequest(options.baseUrl, headers);
      if (unsendable !== undefined) throw unsendable;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: request.method ?? 'GET',
          headers,
          // Never follow: a redirect to another origin would forward Impersonate-* headers and
          // take that host's answer as the cluster's. The 3xx is returned as it is.
          redirect: 'manual',
          ...(request.body === undefined ? {} : { body: request.body }),
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new TransportError(`cannot reach ${redactUrl(url)}: ${describe(error)}`, {
          cause: redactError(error),
        });
      }
      if (response.type === 'opaqueredirect') {
        // Browsers hide a manual redirect's status and headers (status 0).
        await response.body?.cancel().catch(() => undefined);
        throw new TransportError(
          `${redactUrl(url)} answered with a redirect; redirects are not followed`,
          { retryable: false },
        );
      }
      const readError = (error: unknown) =>
        request.signal?.aborted
          ? error
          : new TransportError(
              `connection to ${redactUrl(url)} dropped while reading the response: ${describe(error)}`,
              { cause: redactError(error) },
            );
      const stream = response.body;
      const answer: KubeResponse = {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        body: stream === null ? EMPTY_BODY : readerIterable(stream, readError),
        text: () =>
          response.text().catch((error: unknown) => {
            throw readError(error);
          }),
        dispose: async () => {
          await stream?.cancel().catch(() => undefined);
        },
      };
      reportWarnings(answer, request, options.onWarning);
      return answer;
    },
  };
  return options.auth === undefined ? transport : withAuth(transport, options.auth);
}
