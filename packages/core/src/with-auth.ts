import type { AuthProvider } from './auth-provider.js';
import type { KubeRequest, Transport } from './transport.js';

const HTTP_UNAUTHORIZED = 401;

/**
 * A transport that adds `Authorization: <auth.header()>` to every request. When the server
 * answers 401 and the provider has `invalidate`, it invalidates, asks for the header again and
 * retries the request once (the 401 body is discarded); a second 401 is returned as it is.
 *
 * @example
 * ```ts
 * import { fetchTransport, withAuth } from '@rxkube/core';
 * const token = 'read from a secret store';
 * const transport = withAuth(fetchTransport({ baseUrl: 'https://10.0.0.1:6443' }), {
 *   header: async () => `Bearer ${token}`,
 * });
 * ```
 */
export function withAuth(transport: Transport, auth: AuthProvider): Transport {
  const send = async (request: KubeRequest) => {
    const value = await auth.header();
    return transport.request(
      value === undefined
        ? request
        : { ...request, headers: { ...request.headers, authorization: value } },
    );
  };
  return {
    async request(request) {
      const response = await send(request);
      if (response.status !== HTTP_UNAUTHORIZED || auth.invalidate === undefined) return response;
      await response.dispose();
      auth.invalidate();
      return send(request);
    },
  };
}
