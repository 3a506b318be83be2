/**
 * The defaults of `muxTransport` and `createProxyClient`, each with its reason.
 *
 * @example
 * ```ts
 * import { muxDefaults } from '@rxkube/core/proxy';
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
  /**
   * Each stream's flow-control window: the proxy sends at most this many body bytes that the
   * reader has not consumed yet, then pauses reading the upstream response (so TCP backpressure
   * reaches the API server). 1 MiB keeps a watch or a list flowing at tens of MB/s across a
   * round trip of tens of milliseconds, while forty paused watches hold 40 MiB at most.
   */
  windowBytes: 1024 * 1024,
  /**
   * The hard cap of a stream's unread bytes, as a multiple of `windowBytes`: a proxy that
   * honours the window never comes near it; one that ignores it (or predates flow control)
   * fails that stream with `MuxFlowControlError` instead of filling the memory.
   */
  maxBufferedWindows: 4,
  /**
   * Opening the WebSocket fails (`TransportError`) after this long without the handshake's
   * answer: a server that accepts the connection and never answers must not hold every request.
   */
  openTimeoutMs: 10_000,
  /**
   * `'auto'`: the plain GET that tells a proxy without the endpoint from an unreachable one gives
   * up after this long, and a server that never answers it is taken as one without the endpoint
   * (plain `fetch` from then on).
   */
  probeTimeoutMs: 5_000,
} as const;
