/**
 * The API base URL for this page: the `api` query parameter when present (absolute, or relative
 * to the page, e.g. `?api=/` for the page's own origin behind `kubectl proxy --www`), else
 * `fallback`. Without a trailing slash.
 *
 * @example
 * ```ts
 * apiUrl(new URL('http://127.0.0.1:8001/dashboard/?api=/'), 'http://127.0.0.1:8090'); // 'http://127.0.0.1:8001'
 * ```
 */
export function apiUrl(page: URL, fallback: string): string {
  const requested = page.searchParams.get('api');
  const url = new URL(requested === null || requested === '' ? fallback : requested, page);
  return url.href.replace(/\/+$/, '');
}
