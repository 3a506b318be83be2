import { parseWarningHeaders } from './internal/parse-warning-headers.js';
import type { KubeRequest, KubeResponse } from './transport.js';
import type { WarningHandler } from './warning-handler.js';

/**
 * Tells `onWarning` of each warning in `response`'s `Warning` headers, for a transport that
 * offers a warning hook (the fetch and undici transports do): malformed ones are skipped, and
 * what the handler throws is ignored.
 *
 * @example
 * ```ts
 * import type { Transport } from '@rxkube/core/transport';
 * import { reportWarnings } from '@rxkube/core/transport';
 * const warned = (inner: Transport): Transport => ({
 *   request: async (request) => {
 *     const response = await inner.request(request);
 *     reportWarnings(response, request, (warning) => console.warn(warning.text));
 *     return response;
 *   },
 * });
 * ```
 */
export function reportWarnings(
  response: KubeResponse,
  request: KubeRequest,
  onWarning: WarningHandler | undefined,
): void {
  if (onWarning === undefined) return;
  const header = response.header('warning');
  if (header === undefined || header === '') return;
  const context = { method: request.method ?? 'GET', path: request.path };
  for (const warning of parseWarningHeaders(header)) {
    try {
      onWarning(warning, context);
    } catch {
      // A warning hook never fails the request it warns about.
    }
  }
}
