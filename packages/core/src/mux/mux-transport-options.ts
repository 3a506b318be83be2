import type { MuxWebSocketConstructor } from './mux-web-socket.js';

/**
 * Options of {@link muxTransport}.
 *
 * @example
 * ```ts
 * import type { MuxTransportOptions } from '@rxkube/core/proxy';
 * const options: MuxTransportOptions = { baseUrl: 'http://127.0.0.1:8001', idleCloseMs: 10_000 };
 * ```
 */
export interface MuxTransportOptions {
  /**
   * The proxy's URL with its API prefix, as given to `fetchTransport`, e.g.
   * `http://127.0.0.1:8001`; the WebSocket goes to `<baseUrl>/rxkube/mux/v1` (`ws:` or `wss:`).
   * A relative URL is resolved against the page's location where there is one.
   */
  readonly baseUrl: string;
  /**
   * The `WebSocket` to use. Default: the global one (browsers, Deno, Bun, Node 22); on Node 20,
   * pass the `ws` package's `WebSocket`.
   */
  readonly WebSocket?: MuxWebSocketConstructor;
  /** Headers sent with every request (a request's own headers win). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Close the shared socket after this long without an open request. Default `muxDefaults.idleCloseMs`. */
  readonly idleCloseMs?: number;
  /** Each stream's flow-control window in bytes (an integer, at least 4). Default `muxDefaults.windowBytes` (1 MiB). */
  readonly windowBytes?: number;
  /**
   * A stream with more unread bytes than this fails with `MuxFlowControlError` (the proxy ignored
   * its window). At least `windowBytes`. Default `windowBytes * muxDefaults.maxBufferedWindows` (4 MiB).
   */
  readonly maxBufferedBytes?: number;
  /** Opening the socket fails after this long without the handshake's answer. Default `muxDefaults.openTimeoutMs`. */
  readonly openTimeoutMs?: number;
}
