/**
 * The part of the WHATWG `WebSocket` that `muxTransport` uses: the browser's global, Node 22's
 * global, or the `ws` package's `WebSocket` on Node 20.
 *
 * @example
 * ```ts
 * import type { MuxWebSocket } from '@rxkube/core/proxy';
 * const socket: MuxWebSocket = new WebSocket('ws://127.0.0.1:8001/rxkube/mux/v1', 'rxkube.mux.v1');
 * ```
 */
export interface MuxWebSocket {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** The subprotocol the server chose; empty when it chose none. */
  readonly protocol: string;
  /** Sends one text frame (a mux frame as JSON). */
  send(data: string): void;
  /** Closes the socket, with a close code and reason when given. */
  close(code?: number, reason?: string): void;
  /** Listens for the socket opening, failing or closing. */
  addEventListener(type: 'open' | 'error' | 'close', listener: () => void): void;
  /** Listens for each received frame (`event.data`, a string for text frames). */
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

/**
 * A constructor of {@link MuxWebSocket}s, as `new WebSocket(url, protocols)`.
 *
 * @example
 * ```ts
 * import type { MuxWebSocketConstructor } from '@rxkube/core/proxy';
 * const WebSocketImpl: MuxWebSocketConstructor = WebSocket;
 * ```
 */
export type MuxWebSocketConstructor = new (url: string, protocols: string) => MuxWebSocket;
