import type {
  KubeRequest,
  KubeResponse,
  LineSink,
  ReadLinesOptions,
  Transport,
} from '@rxkube/core/transport';
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
      return observed(
        response,
        () => end('server'),
        failed,
        () => end('client'),
      );
    },
  };
}

/** The response with its body's clean end, failure and early release reported. */
function observed(
  response: KubeResponse,
  ended: () => void,
  failed: () => void,
  released: () => void,
): KubeResponse {
  const readLines = response.readLines;
  return {
    status: response.status,
    header: (name) => response.header(name),
    get body(): AsyncIterable<Uint8Array> {
      const body = response.body;
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const chunk of body) yield chunk;
            ended();
          } catch (error) {
            failed();
            throw error;
          } finally {
            released();
          }
        },
      };
    },
    text: async () => {
      try {
        const text = await response.text();
        ended();
        return text;
      } catch (error) {
        failed();
        throw error;
      }
    },
    dispose: async () => {
      released();
      await response.dispose();
    },
    ...(readLines === undefined
      ? {}
      : {
          readLines: async (sink: LineSink, options: ReadLinesOptions) => {
            try {
              await readLines.call(response, sink, options);
              ended();
            } catch (error) {
              failed();
              throw error;
            }
          },
        }),
  };
}
