import type { KubeRequest } from './transport.js';

/**
 * The full URL of a request: `baseUrl` (which may carry a path prefix, as behind some proxies)
 * joined with the request's path and query. `undefined` query values are left out.
 *
 * @example
 * ```ts
 * import { requestUrl } from '@rxkube/core/transport';
 * requestUrl('https://10.0.0.1:6443/', { path: '/api/v1/pods', query: { limit: 500, continue: undefined } });
 * // 'https://10.0.0.1:6443/api/v1/pods?limit=500'
 * ```
 */
export function requestUrl(baseUrl: string, request: Pick<KubeRequest, 'path' | 'query'>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.replace(/\/+$/, '') : baseUrl;
  let search = '';
  if (request.query !== undefined) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query)) {
      if (value !== undefined) params.append(name, String(value));
    }
    const encoded = params.toString();
    if (encoded.length > 0) search = `?${encoded}`;
  }
  return `${base}${request.path}${search}`;
}
