import type { AuthProvider } from './auth-provider.js';
import type { KubeRequest, KubeResponse, Transport } from './transport.js';

const HTTP_UNAUTHORIZED = 401;

/**
 * A transport that adds `Authorization: <auth.header()>` to every request. When the server
 * answers 401 and the provider has `invalidate`, it invalidates with the value that was
 * rejected, asks for the header again and retries the request once (the 401 body is
 * discarded); a second 401 is returned as it is. Passing the rejected value lets a provider keep
 * a credential it already replaced: several requests failing together with the same old token
 * cause one refresh, as in client-go, not one each. A 401 inside a body (a watch's ERROR event)
 * reaches the provider the same way, through the request's `onCredential`.
 *
 * @example
 * ```ts
 * import { fetchTransport } from '@rxkube/core/transport';
 * import { withAuth } from '@rxkube/core/transport';
 * const token = 'read from a secret store';
 * const transport = withAuth(fetchTransport({ baseUrl: 'https://10.0.0.1:6443' }), {
 *   header: async () => `Bearer ${token}`,
 * });
 * ```
 */
export function withAuth(transport: Transport, auth: AuthProvider): Transport {
  const send = async (
    request: KubeRequest,
  ): Promise<{ response: KubeResponse; value: string | undefined }> => {
    const value = await auth.header();
    const { invalidate } = auth;
    if (invalidate !== undefined) request.onCredential?.(() => invalidate.call(auth, value));
    const response = await transport.request(
      value === undefined
        ? request
        : { ...request, headers: { ...request.headers, authorization: value } },
    );
    return { response, value };
  };
  return {
    async request(request) {
      const { response, value } = await send(request);
      if (response.status !== HTTP_UNAUTHORIZED || auth.invalidate === undefined) return response;
      await response.dispose();
      auth.invalidate(value);
      return (await send(request)).response;
    },
  };
}
