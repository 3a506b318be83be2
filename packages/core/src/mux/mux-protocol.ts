/**
 * The constants of the rxkube multiplexing protocol, version 1: where `rxkube proxy` serves the
 * WebSocket (relative to its API prefix) and the subprotocol both sides agree on. The frames are
 * {@link MuxClientFrame} and {@link MuxServerFrame}; `docs/proxy.md` describes the exchange.
 *
 * @example
 * ```ts
 * import { muxProtocol } from '@rxkube/core/transport';
 * const socket = new WebSocket(`ws://127.0.0.1:8001/${muxProtocol.path}`, muxProtocol.subprotocol);
 * ```
 */
export const muxProtocol = {
  /** The endpoint's path below the proxy's API prefix (`/` by default). */
  path: 'rxkube/mux/v1',
  /** The WebSocket subprotocol; a server that does not echo it does not speak the protocol. */
  subprotocol: 'rxkube.mux.v1',
  /**
   * The largest message (one frame's JSON text, in UTF-8 bytes) a server accepts: a larger one
   * closes the socket with 1009 and fails every request on it. 8 MiB holds kube-apiserver's
   * largest request body (3 MiB) as a JSON string with room to spare; `muxTransport` never
   * sends more, it fails that one request with a 413 instead.
   */
  maxFrameBytes: 8 * 1024 * 1024,
} as const;
