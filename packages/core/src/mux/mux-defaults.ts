/**
 * The defaults of `muxTransport` and `createProxyClient`, each with its reason.
 *
 * @example
 * ```ts
 * import { muxDefaults } from '@rxkube/core';
 * console.log(muxDefaults.idleCloseMs); // 30000
 * ```
 */
export const muxDefaults = {
  /**
   * The shared WebSocket is closed after this long without an open request. Longer than
   * `cachedCollection$`'s longest retry backoff (30 s), so a collection that reconnects finds the
   * socket still open, yet a page that stopped watching does not hold a connection for ever.
   */
  idleCloseMs: 30_000,
  /**
   * `'auto'`: use the multiplexing endpoint when the proxy offers it, plain `fetch` when it does
   * not (a plain `kubectl proxy`), so one client works behind either.
   */
  mode: 'auto',
} as const;
