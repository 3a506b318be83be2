import type { MuxMode } from '@rxkube/example-dashboard-shared';

/**
 * Build-time settings of the dashboard. Every one can be overridden per page load with a query
 * parameter, so one build serves the fake API server and a real cluster alike.
 */
export const environment: { readonly apiUrl: string; readonly mux: MuxMode } = {
  /**
   * The API server (or proxy) the page talks to when the URL has no `?api=`: the fake API server
   * that `pnpm dev` starts, which allows cross-origin requests. For a real cluster, serve the
   * built app through `rxkube proxy --www` (or `kubectl proxy --www`) and open it with `?api=/`
   * (same origin).
   */
  apiUrl: 'http://127.0.0.1:8090',
  /**
   * Whether watches share `rxkube proxy`'s WebSocket (`?mux=`): `'auto'` uses it when the proxy
   * offers it and plain fetch when it does not (`kubectl proxy`, the fake API server), where a
   * browser carries at most six watches per origin over HTTP/1.1.
   */
  mux: 'auto',
};
