import type { MuxWebSocketConstructor } from './mux-web-socket.js';

/**
 * Options of {@link createProxyClient}.
 *
 * @example
 * ```ts
 * import type { ProxyClientOptions } from '@rxkube/core/proxy';
 * const options: ProxyClientOptions = { baseUrl: 'http://127.0.0.1:8001', namespace: 'default', mux: 'auto' };
 * ```
 */
export interface ProxyClientOptions {
  /** The proxy's URL with its API prefix, e.g. `http://127.0.0.1:8001` or `/k8s` in a page. */
  readonly baseUrl: string;
  /** The namespace to use when a caller asks for "the default namespace". */
  readonly namespace?: string;
  /**
   * `'auto'` (default): the multiplexing WebSocket when the proxy offers it, else plain `fetch`
   * (decided once, on the first request, and remembered); `'always'`: only the WebSocket;
   * `'never'`: only `fetch`.
   */
  readonly mux?: 'auto' | 'always' | 'never';
  /** The `WebSocket` to use. Default: the global one; on Node 20, the `ws` package's. */
  readonly WebSocket?: MuxWebSocketConstructor;
  /** The `fetch` to use. Default: the global `fetch`. */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Headers sent with every request (a request's own headers win). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Close the shared socket after this long without an open request. Default `muxDefaults.idleCloseMs`. */
  readonly idleCloseMs?: number;
  /** Each stream's flow-control window in bytes. Default `muxDefaults.windowBytes` (1 MiB). */
  readonly windowBytes?: number;
  /**
   * A stream with more unread bytes than this fails with `MuxFlowControlError`. Default
   * `windowBytes * muxDefaults.maxBufferedWindows` (4 MiB).
   */
  readonly maxBufferedBytes?: number;
  /** Opening the socket fails after this long without the handshake's answer. Default `muxDefaults.openTimeoutMs` (10 s). */
  readonly openTimeoutMs?: number;
  /**
   * `'auto'`: a proxy that does not answer the plain GET of the endpoint within this long is
   * taken as one without it (plain `fetch` from then on). Default `muxDefaults.probeTimeoutMs` (5 s).
   */
  readonly probeTimeoutMs?: number;
}
