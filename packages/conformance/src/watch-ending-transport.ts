import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import { observedResponse } from './observed-response.js';
import type { WatchEnding } from './watch-ending.js';

/**
 * A {@link Transport} that records, for every watch it forwards, who ended it: the server (the
 * body ended cleanly) or the client (it aborted or released the body first). Against a real
 * server this is how a test proves that a quiet watch was never cut by its client.
 *
 * @example
 * ```ts
 * import { watchEndingTransport } from '@rxkube/conformance';
 * const transport = watchEndingTransport(client.transport);
 * // … run cachedCollection$({ ...client, transport }, ref) for a while …
 * transport.watches.filter((w) => w.endedBy === 'client'); // []
 * ```
 */
export interface WatchEndingTransport extends Transport {
  /** Every watch so far, oldest first. */
  readonly watches: readonly WatchEnding[];
}

/**
 * Wraps a transport so that every watch (`watch=true`) is recorded in `watches` with how it
 * ended. Requests and responses pass unchanged.
 *
 * @example
 * ```ts
 * import { watchEndingTransport } from '@rxkube/conformance';
 * const transport = watchEndingTransport(client.transport);
 * ```
 */
export function watchEndingTransport(inner: Transport): WatchEndingTransport {
  const watches: WatchEnding[] = [];
  return {
    watches,
    async request(request: KubeRequest): Promise<KubeResponse> {
      const watch = request.query?.watch === true || request.query?.watch === 'true';
      if (!watch) return inner.request(request);
      const index = watches.length;
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) query[name] = String(value);
      }
      let record: WatchEnding = { query, status: undefined, endedBy: 'open' };
      watches.push(record);
      const end = (endedBy: WatchEnding['endedBy']) => {
        if (record.endedBy !== 'open') return;
        record = { ...record, endedBy };
        watches[index] = record;
      };
      const failed = () => end(request.signal?.aborted ? 'client' : 'error');
      request.signal?.addEventListener('abort', () => end('client'), { once: true });
      let response: KubeResponse;
      try {
        response = await inner.request(request);
      } catch (error) {
        failed();
        throw error;
      }
      record = { ...record, status: response.status };
      watches[index] = record;
      return observedResponse(response, {
        ended: () => end('server'),
        failed: (error) => {
          failed();
          return error;
        },
        released: () => end('client'),
      });
    },
  };
}
