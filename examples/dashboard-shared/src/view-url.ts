/** The views of the dashboard: the pod table, and the fleet of 32 collections. */
export type View = 'pods' | 'fleet';

/**
 * The view a page asks for with its `view` query parameter (`pods` unless it says `fleet`).
 *
 * @example
 * ```ts
 * viewOf(new URL('http://127.0.0.1:8001/dashboard/?view=fleet')); // 'fleet'
 * ```
 */
export function viewOf(page: URL): View {
  return page.searchParams.get('view') === 'fleet' ? 'fleet' : 'pods';
}

/**
 * The address of `page` showing `view` instead, its other parameters (`api`, `mux`) kept.
 *
 * @example
 * ```ts
 * viewUrl(new URL('http://127.0.0.1:8001/dashboard/?api=/'), 'fleet'); // '/dashboard/?api=%2F&view=fleet'
 * ```
 */
export function viewUrl(page: URL, view: View): string {
  const url = new URL(page.href);
  url.searchParams.set('view', view);
  return `${url.pathname}${url.search}`;
}
