/**
 * Build-time settings of the dashboard. Every one can be overridden per page load with a query
 * parameter, so one build serves the fake API server and a real cluster alike.
 */
export const environment = {
  /**
   * The API server (or proxy) the page talks to when the URL has no `?api=`: the fake API server
   * that `pnpm dev` starts, which allows cross-origin requests. For a real cluster, serve the
   * built app through `kubectl proxy --www` and open it with `?api=/` (same origin).
   */
  apiUrl: 'http://127.0.0.1:8090',
};
