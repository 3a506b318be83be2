import { TransportError } from '../errors/transport-error.js';
import type { Transport } from '../transport.js';
import { muxSocketUrl } from './internal/mux-endpoint-url.js';
import { MuxSession } from './internal/mux-session.js';
import { muxDefaults } from './mux-defaults.js';
import type { MuxTransportOptions } from './mux-transport-options.js';
import type { MuxWebSocketConstructor } from './mux-web-socket.js';

/** The smallest window: room for the longest UTF-8 character, which the proxy never splits. */
const MIN_WINDOW_BYTES = 4;

/**
 * A {@link Transport} that carries every request over one shared WebSocket to the multiplexing
 * endpoint of `rxkube proxy` (protocol `rxkube.mux.v1`), so a browser tab can keep dozens of
 * watches live over a single connection instead of one HTTP/1.1 connection each (browsers allow
 * six per origin). The socket is opened on first use and closed after `idleCloseMs` without an
 * open request. When it drops, every open request fails with a retryable `TransportError` (so
 * `watch$` resumes from its last version) and the next request opens a new socket. Aborting a
 * request's signal cancels it upstream.
 *
 * Each response has its own flow-control window (`windowBytes`): the proxy sends no more than
 * that ahead of what the reader consumed, and stops reading the upstream response meanwhile, so a
 * paused reader holds neither the page's memory nor the proxy's. A stream whose unread bytes pass
 * `maxBufferedBytes` (a proxy that ignores the window) fails alone with `MuxFlowControlError`.
 *
 * Use `createProxyClient` to fall back to plain `fetch` behind a proxy without the endpoint.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { muxTransport } from '@rxkube/core/proxy';
 * const transport = muxTransport({ baseUrl: 'http://127.0.0.1:8001' });
 * cachedCollection$({ transport }, { version: 'v1', resource: 'pods' }).subscribe((state) =>
 *   console.log(state.items.size),
 * );
 * ```
 */
export function muxTransport(options: MuxTransportOptions): Transport {
  const WebSocketImpl =
    options.WebSocket ??
    (globalThis as { WebSocket?: MuxWebSocketConstructor }).WebSocket ??
    undefined;
  if (WebSocketImpl === undefined) {
    return {
      request: () =>
        Promise.reject(
          new TransportError('no WebSocket here: pass the `WebSocket` option', {
            retryable: false,
          }),
        ),
    };
  }
  const windowBytes = options.windowBytes ?? muxDefaults.windowBytes;
  const maxBufferedBytes = options.maxBufferedBytes ?? windowBytes * muxDefaults.maxBufferedWindows;
  if (!Number.isSafeInteger(windowBytes) || windowBytes < MIN_WINDOW_BYTES) {
    throw new RangeError(
      `windowBytes must be an integer of at least ${MIN_WINDOW_BYTES}, got ${windowBytes}`,
    );
  }
  if (!(maxBufferedBytes >= windowBytes)) {
    throw new RangeError(`maxBufferedBytes must be at least windowBytes, got ${maxBufferedBytes}`);
  }
  const session = new MuxSession({
    url: muxSocketUrl(options.baseUrl),
    WebSocket: WebSocketImpl,
    headers: options.headers ?? {},
    idleCloseMs: options.idleCloseMs ?? muxDefaults.idleCloseMs,
    windowBytes,
    maxBufferedBytes,
    openTimeoutMs: options.openTimeoutMs ?? muxDefaults.openTimeoutMs,
  });
  return { request: (request) => session.request(request) };
}
