import type { Subscription } from 'rxjs';
import { fetchTransport } from '../fetch/fetch-transport.js';
import type { KubeClient } from '../kube-client.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { scheduleAfter } from '../time/schedule-after.js';
import type { KubeRequest, KubeResponse, Transport } from '../transport.js';
import { muxEndpointUrl } from './internal/mux-endpoint-url.js';
import { MuxOpenError } from './internal/mux-open-error.js';
import { muxDefaults } from './mux-defaults.js';
import { muxTransport } from './mux-transport.js';
import type { MuxWebSocketConstructor } from './mux-web-socket.js';
import type { ProxyClientOptions } from './proxy-client-options.js';

/** What the first request found out about the proxy: not yet known, or which transport to use. */
type Choice = 'unknown' | 'mux' | 'fetch';

/** The status a server with the endpoint answers to a request without the upgrade. */
const UPGRADE_REQUIRED = 426;

/**
 * A {@link KubeClient} for a browser (or any client) behind `rxkube proxy` or `kubectl proxy`.
 * Behind `rxkube proxy` every request (each watch, list and write) shares one WebSocket
 * (`muxTransport`), so thirty live collections need one connection instead of thirty, past the
 * browsers' limit of six per origin. Behind a proxy without the endpoint (a plain
 * `kubectl proxy`) the upgrade fails, and the client uses plain `fetch` from then on.
 *
 * With `mux: 'auto'`, a failed upgrade (or one not answered within `openTimeoutMs`) is followed
 * by one plain GET of the endpoint: any answer but 426 Upgrade Required means there is no
 * endpoint (fall back, remembered); a server that accepts the GET and does not answer it within
 * `probeTimeoutMs` has no endpoint either (fall back, remembered); a refused connection means the
 * proxy is unreachable, and the request fails with a retryable `TransportError`.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { createProxyClient } from '@rxkube/core/proxy';
 * const client = createProxyClient({ baseUrl: 'http://127.0.0.1:8001', namespace: 'default' });
 * cachedCollection$(client, { version: 'v1', resource: 'pods' }).subscribe((state) =>
 *   console.log(state.items.size),
 * );
 * ```
 */
export function createProxyClient(options: ProxyClientOptions): KubeClient {
  const namespace = options.namespace === undefined ? {} : { namespace: options.namespace };
  const plain = fetchTransport({
    baseUrl: options.baseUrl,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  const mode = options.mux ?? muxDefaults.mode;
  const WebSocketImpl =
    options.WebSocket ?? (globalThis as { WebSocket?: MuxWebSocketConstructor }).WebSocket;
  // Without a WebSocket at all, 'auto' has nothing to try.
  if (mode === 'never' || (mode === 'auto' && WebSocketImpl === undefined)) {
    return { transport: plain, ...namespace };
  }
  const mux = muxTransport({
    baseUrl: options.baseUrl,
    ...(WebSocketImpl === undefined ? {} : { WebSocket: WebSocketImpl }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
    ...(options.windowBytes === undefined ? {} : { windowBytes: options.windowBytes }),
    ...(options.maxBufferedBytes === undefined
      ? {}
      : { maxBufferedBytes: options.maxBufferedBytes }),
    ...(options.openTimeoutMs === undefined ? {} : { openTimeoutMs: options.openTimeoutMs }),
  });
  if (mode === 'always') return { transport: mux, ...namespace };

  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  let choice: Choice = 'unknown';
  let probe: Promise<boolean> | undefined;
  /** Whether the proxy answers plain HTTP on the endpoint's path with something else than 426. */
  const probeTimeoutMs = options.probeTimeoutMs ?? muxDefaults.probeTimeoutMs;
  const lacksEndpoint = (): Promise<boolean> => {
    probe ??= (() => {
      const controller = new AbortController();
      let timer: Subscription | undefined;
      // A server that accepts the probe and never answers it (say, one that is not a proxy at
      // all) has no endpoint: asking it again on every request would never end.
      const silent = new Promise<boolean>((resolve) => {
        timer = scheduleAfter(monotonicScheduler, probeTimeoutMs, () => {
          controller.abort();
          resolve(true);
        });
      });
      const answered = fetchImpl(muxEndpointUrl(options.baseUrl).href, {
        method: 'GET',
        redirect: 'manual',
        headers: { accept: 'application/json' },
        signal: controller.signal,
      }).then(
        async (response) => {
          await response.body?.cancel().catch(() => undefined);
          return response.status !== UPGRADE_REQUIRED && response.type !== 'opaqueredirect';
        },
        () => false,
      );
      return Promise.race([answered, silent]).finally(() => timer?.unsubscribe());
    })();
    const result = probe;
    // An unreachable proxy is asked again next time.
    void result.then((lacks) => {
      if (!lacks && probe === result) probe = undefined;
    });
    return result;
  };
  const transport: Transport = {
    async request(request: KubeRequest): Promise<KubeResponse> {
      if (choice === 'fetch') return plain.request(request);
      try {
        const response = await mux.request(request);
        choice = 'mux';
        return response;
      } catch (error) {
        if (choice === 'unknown' && error instanceof MuxOpenError && (await lacksEndpoint())) {
          choice = 'fetch';
          return plain.request(request);
        }
        throw error;
      }
    },
  };
  return { transport, ...namespace };
}
