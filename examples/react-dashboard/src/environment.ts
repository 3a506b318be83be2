import type { MuxMode } from '@rxkube/example-dashboard-shared';

/**
 * Where the page talks to when its address says nothing (`?api=`, `?mux=` override both per
 * page load, so one build serves the fake API server and a real cluster alike): the fake API
 * server of `pnpm dev`, which allows this page's origin; and `rxkube proxy`'s WebSocket when the
 * proxy offers one, plain fetch otherwise.
 */
export const environment: { readonly apiUrl: string; readonly mux: MuxMode } = {
  apiUrl: 'http://127.0.0.1:8090',
  mux: 'auto',
};
